"""The trick-taking family: what Realms and bridge share, written once. ``spec`` holds the
combinators a trick's resolution and follow rule are built from (ladders of rungs, the fallback to
the lead's colour, what a follower must play), ``reference`` interprets them, ``play`` holds the
bookkeeping every trick-taker does (the seeded deal, whose turn it is in a trick, the follow rule
on bitmasks). A game of the family builds its spec from these values; its own specials stay in
its package (Realms' matches, Purples and Specials in ``model/realms/spec.py``)."""
