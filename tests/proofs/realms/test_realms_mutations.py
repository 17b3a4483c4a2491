"""Every Realms theorem can fail: a changed trick spec (what z3 compiles) or a changed engine (what
the witnesses are replayed on and the checked theorems walk) flips its verdict."""

from dataclasses import replace

import pytest
from arbiter.model.realms import fast, game, spec
from arbiter.model.realms.spec import NORMAL, NUANCE, HighestOnLadder, Ladder, LastMatch
from arbiter.proofs.realms import bounds, deciding, interactions
from arbiter.proofs.realms import theorems as T

ORIGINAL = spec.trick_spec


def _mutate(monkeypatch, change):
    """Every proofs module compiles ``change(spec)`` instead of the reading's spec."""
    def mutant(rs):
        return change(ORIGINAL(rs))
    for module in (T, deciding, bounds, interactions):
        monkeypatch.setattr(module, "trick_spec", mutant)
    # The card table is cached per process: a mutant must not read today's, nor leave its own.
    deciding.table.cache_clear()
    monkeypatch.setattr(deciding, "table", deciding.table.__wrapped__)


def _specials(**kw):
    return lambda sp: replace(sp, specials=replace(sp.specials, **kw))


def _no_dragon(sp):
    ladder = Ladder(tuple(r for r in NORMAL.rungs if "Dr" not in r.kinds))
    res = sp.resolution
    res = LastMatch(HighestOnLadder(ladder)) if isinstance(res, LastMatch) else HighestOnLadder(ladder)
    return replace(sp, resolution=res)


def _everything_nuance(sp):
    return replace(sp, resolution=HighestOnLadder(NUANCE))


def _everything_timing(sp):
    return replace(sp, resolution=LastMatch(HighestOnLadder(NORMAL)))


MUTANTS = {
    # The Giant above the Phoenix: a trick holding both is the Giant's.
    "realms/phoenix-always-wins": _specials(winners=("GNT", "PHX", "WLK")),
    # The Cyclone among the winning Specials.
    "realms/cyclone-and-tree-never-win": _specials(winners=("PHX", "GNT", "WLK", "CYC"), cannot_win=frozenset({"TRE"})),
    "realms/winner-is-eligible": _specials(winners=("PHX", "GNT", "WLK", "CYC"), cannot_win=frozenset({"TRE"})),
    # Every reading resolves like the Match Rank Nuance (or like the Timing Rule): no difference left.
    "realms/timing-vs-nuance": _everything_nuance,
    "realms/timing-vs-rank": _everything_timing,
    # Every reading counts a match already of the ruling colour: no difference left, and a following
    # Purple (of the marker's colour) matches an earlier card of its number.
    "realms/any-vs-shift": lambda sp: replace(sp, matching=replace(sp.matching, shift=False)),
    "realms/purple-never-matches/shift": lambda sp: replace(sp, matching=replace(sp.matching, shift=False)),
    "realms/giant-beats-a-match": _specials(yield_to_match=frozenset({"GNT", "WLK"})),
    "realms/match-beats-giant/phoenix_only": _specials(yield_to_match=frozenset()),
    "realms/purple-if-beats-a-picture": lambda sp: replace(sp, purple=replace(sp.purple, sufficient=False)),
    # The Cyclone and the Tree winning: then every trick has a winner.
    "realms/no-winner/default": _specials(winners=("PHX", "GNT", "WLK", "CYC", "TRE"), cannot_win=frozenset()),
    # Pictures that never match: the second example's Green Dragon does not take the trick.
    "realms/examples/timing": lambda sp: replace(sp, matching=replace(sp.matching, pictures=frozenset())),
    "realms/examples/nuance": _everything_timing,
    # 1s that cannot win.
    "realms/never-wins/default": _specials(cannot_win=frozenset({"CYC", "TRE", "1"})),
    # Dragons off the ladder: a Dragon lead nobody matches wins nothing, without Cyclone or Tree.
    "realms/game-ends/default": _no_dragon,
}


SLOW = {"realms/never-wins/default"}  # a whole card table, each witness replayed by the engine


@pytest.mark.parametrize("theorem_id", [pytest.param(i, marks=pytest.mark.slow) if i in SLOW else i
                                        for i in sorted(MUTANTS)])
def test_a_changed_spec_flips_the_verdict(theorem_id, monkeypatch):
    _mutate(monkeypatch, MUTANTS[theorem_id])
    (result,) = T.run_catalogue(theorem_id)
    assert not result.as_expected, result


def test_every_theorem_family_has_a_mutant_or_an_engine_mutant():
    families = {t.id.rsplit("/", 1)[0] if t.id.count("/") > 1 else t.id for t in T.catalogue()}
    covered = {i.rsplit("/", 1)[0] if i.count("/") > 1 else i for i in MUTANTS}
    covered |= {"realms/at-most-one-winner", "realms/largest-hand"}  # engine mutants below
    assert families <= covered, families - covered


def test_the_no_dragon_counterexample_is_decoded_and_replayed(monkeypatch):
    _mutate(monkeypatch, _no_dragon)
    (result,) = T.run_catalogue("realms/game-ends/default")
    w = result.witness
    assert result.status == "counterexample" and not any(c in ("CYC", "TRE") for c in w["cards"])
    assert any(c.endswith("Dr") for c in w["cards"])
    assert w["engine_winner"] is not None  # today's engine, unchanged, gives the Dragon the trick


def test_an_engine_that_pays_the_leader_breaks_at_most_one_winner(monkeypatch):
    original = fast.resolve

    def leader_wins(ruleset, ruling, cards, choices=None):
        _, marker, lead = original(ruleset, ruling, cards, choices)
        return 0, marker, lead
    monkeypatch.setattr(fast, "resolve", leader_wins)
    check = bounds.check_scoring(players=range(3, 4))
    assert check.wrong is not None and check.wrong["points"] != check.wrong["expected"]


def test_an_engine_that_ignores_colour_match_shift_fails_the_replayed_witness(monkeypatch):
    original = fast.resolve

    def any_match(ruleset, ruling, cards, choices=None):
        return original(ruleset.with_switches(colour_match="any"), ruling, cards, choices)
    monkeypatch.setattr(fast, "resolve", any_match)
    (result,) = T.run_catalogue("realms/any-vs-shift")
    assert result.status == "failed" and "the engine" in result.witness["engine"], result


def test_an_engine_that_draws_to_eight_breaks_the_largest_hand(monkeypatch):
    monkeypatch.setattr(game, "HAND_SIZE", 8)
    check = bounds.check_hands(players=range(2, 3))
    assert check.over is not None and max(check.over["hands"]) == 8


def test_an_engine_whose_warlock_takes_two_breaks_the_largest_hand(monkeypatch):
    original = game.apply

    def greedy(pos, move):
        after = original(pos, move)
        move = game.parse_move(pos, move) if isinstance(move, str) else move
        if move.card == game.WARLOCK and after.discard:
            extra = after.discard & -after.discard
            me = pos.to_move
            hands = after.hands[:me] + (after.hands[me] | extra,) + after.hands[me + 1:]
            after = replace(after, hands=hands, discard=after.discard & ~extra)
        return after
    monkeypatch.setattr(game, "apply", greedy)
    check = bounds.check_hands(players=range(4, 7))
    assert check.over is not None and check.largest == game.HAND_SIZE + 1
