"""The trick-taking family's double-dummy search (``search.py``): a yes/no "can this side take t
tricks" search inside a loop over t, a transposition table probed only at trick boundaries and
keyed by relative ranks, quick tricks at each trick start, one card per run of equivalent cards.
A game of the family with fixed open hands, two sides and a follow-suit rule gives its ``Deck``
(suits as masks, the trick winner) and is searched by it; bridge is the first (``solver/bridge``)."""
