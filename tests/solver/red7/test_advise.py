"""Advice from a player's seat: exact shares against a brute-force enumeration over the reference
solver, sampled intervals covering the exact share, seeding, limits and bad views."""

import random
import signal
import time
from itertools import combinations, permutations

import pytest
from arbiter.model.red7.cards import ALL_CARDS, codes, parse_cards
from arbiter.model.red7.game import PositionError, successors
from arbiter.model.red7.view import parse_view, view_of
from arbiter.solver.red7 import advise as advise_module
from arbiter.solver.red7 import reference
from arbiter.solver.red7.advise import TooManyDeals, advise, decision, separated
from arbiter.solver.search import PURE_PYTHON_ENV


def canvas_but(*keep: str) -> str:
    return "canvas " + " ".join(codes(ALL_CARDS & ~parse_cards(list(keep))))


# Small views: few unseen cards, so the reference solver can enumerate every deal.
SMALL = [
    f"red 0 | G4 B2 / Y4 | 2 / V6 | deck 0 | {canvas_but('G4', 'B2', 'Y4', 'V6', 'R3', 'O5', 'V7', 'I2', 'G1')}",
    (f"green 1 | 1 / Y4 O1 | R5 G2 B1 / V6 | 2 / B3 | deck 0 | "
    f"{canvas_but('R5', 'G2', 'B1', 'Y4', 'O1', 'V6', 'B3', 'I5', 'O6', 'G7', 'R1')}"),
    f"red 0 actions | O3 B2 / Y4 | 1 / V6 | deck 2 | {canvas_but('O3', 'B2', 'Y4', 'V6', 'R3', 'G5', 'V1', 'I7')}",
    (f"blue 2 actions | 1 / O5 | 1 / Y2 | R7 B1 / V6 | deck 1 | "
    f"{canvas_but('R7', 'B1', 'V6', 'O5', 'Y2', 'G3', 'B6', 'I4', 'R1')}"),
]


def brute_force(text: str) -> dict[str, tuple[int, int]]:
    """Per decision: (deals where it is a forced win, deals), dealing the unseen cards by hand and
    valuing every successor with the reference minimax."""
    view = parse_view(text)
    pos = view.position
    me = pos.to_move
    unseen = sorted(c for c in range(49) if view.unseen >> c & 1)
    seats = [i for i, h in enumerate(view.hidden) if h]
    ordered = pos.ruleset.actions or pos.ruleset.advanced
    wins: dict[str, int] = {}
    n = 0

    def hands_from(pool, k):
        if k == len(seats):
            yield {}, pool
            return
        for chosen in combinations(pool, view.hidden[seats[k]]):
            for rest, left in hands_from([c for c in pool if c not in chosen], k + 1):
                yield {seats[k]: chosen, **rest}, left

    for hands, left in hands_from(unseen, 0):
        strongest = tuple(sorted(left, reverse=True))[:view.deck_hidden]
        decks = permutations(left, view.deck_hidden) if ordered else [strongest]
        for deck in decks:
            full = tuple(sum(1 << c for c in hands[i]) if i in hands else pos.hands[i] for i in range(pos.players))
            deal = pos.__class__(pos.rule, me, full, pos.palettes, pos.out, tuple(deck), pos.ruleset, pos.scores)
            n += 1
            here: dict[str, bool] = {}
            for move, child in successors(deal):
                d = decision(str(move))
                here[d] = here.get(d, False) or reference.value(child, me) > 0
            for d, w in here.items():
                wins[d] = wins.get(d, 0) + w
    return {d: (w, n) for d, w in wins.items()}


@pytest.mark.parametrize("text", SMALL)
def test_exact_equals_brute_force_over_the_reference_solver(text):
    advice = advise(text, exact=True)
    expected = brute_force(text)
    assert advice.exact and advice.deals == advice.consistent_deals == next(iter(expected.values()))[1]
    assert {m.move: (m.wins, m.deals) for m in advice.moves} == expected
    assert any(0 < w < n for w, n in expected.values())  # the views are not trivial
    assert [m.win_share for m in advice.moves] == sorted((m.win_share for m in advice.moves), reverse=True)


def test_a_draw_ends_the_decision():
    advice = advise(SMALL[2], exact=True)
    drawn = [m for m in advice.moves if m.continues]
    assert [m.move for m in drawn] == ["play O3 draw"]
    assert advice.share("play O3 draw discard B2") is drawn[0]


def test_sampled_intervals_cover_the_exact_share():
    """Over many seeds, each turn's 95% interval holds the exact share at about the stated rate."""
    text = SMALL[1]
    exact = {m.move: m.win_share for m in advise(text, exact=True).moves}
    assert sum(0.2 < s < 0.8 for s in exact.values()) >= 2
    cache: dict = {}
    covered = total = 0
    for seed in range(300):
        a = advise(text, samples=25, seed=seed, stop_early=False, auto_exact=False, cache=cache)
        assert not a.exact and a.deals == 25
        for m in a.moves:
            lo, hi = m.interval
            covered += lo <= exact[m.move] <= hi
            total += 1
    assert 0.9 <= covered / total <= 0.995, covered / total


def test_small_views_are_answered_exactly_without_asking():
    view = parse_view(SMALL[0])
    advice = advise(view, samples=view.count())
    assert advice.exact and advice.seed is None and advice.deals == view.count()


def test_same_seed_same_answer_any_jobs():
    text = "red 0 basic | R7 O3 G1 / Y4 | 4 / V6 | canvas G3 B1"
    one = advise(text, samples=40, seed=5)
    assert one.to_json() | {"seconds": 0} == advise(text, samples=40, seed=5).to_json() | {"seconds": 0}
    two = advise(text, samples=40, seed=5, jobs=2)
    assert [m.to_json() for m in two.moves] == [m.to_json() for m in one.moves] and two.stopped == one.stopped
    other = advise(text, samples=40, seed=6)
    assert [m.to_json() for m in other.moves] != [m.to_json() for m in one.moves]


def test_early_stop_only_when_separated():
    text = "red 0 basic | R7 O3 / Y4 | 3 / V6 | canvas G3 B1"
    a = advise(text, samples=300, seed=1)
    assert a.stopped == "separated" and a.deals < 300 and separated(a.moves)
    lo = a.moves[0].interval[0]
    assert all(m.interval[1] < lo for m in a.moves[1:])
    full = advise(text, samples=300, seed=1, stop_early=False)
    assert full.deals == 300 and full.stopped is None


def test_exact_refuses_too_many_deals_with_the_count():
    with pytest.raises(TooManyDeals, match="12341 consistent deals"):
        advise("red 0 basic | R7 O3 / Y4 | 3 / V6 | canvas G3 B1", exact=True, max_deals=1000)


def test_timeout_and_interrupt_give_partial_results(monkeypatch):
    text = "red 0 basic | R7 O3 G1 / Y4 | 4 / V6 | canvas G3 B1"
    calls = []

    def stop(advice):
        calls.append(advice.deals)
        if advice.deals == 7:
            raise KeyboardInterrupt

    a = advise(text, samples=100, seed=0, progress=stop)
    assert a.stopped == "interrupted" and a.deals == 7 and not a.complete and a.moves
    clock = iter(range(1000))  # one second passes at each reading of the clock
    import time  # the deadline of the pieces is a wall time.time() (search.deadline_after)

    monkeypatch.setattr(time, "time", lambda: float(next(clock)))
    t = advise(text, samples=100, seed=0, timeout=5.5)
    assert t.stopped == "timeout" and 0 < t.deals < 10 and not t.complete


def test_a_cut_exact_enumeration_bounds_each_share_over_all_deals():
    # The first deals of an enumeration are no sample: each interval is then the sure range of the
    # share over every consistent deal, and must hold the share the whole enumeration gives.
    text = "red 0 basic | R7 O3 / Y4 | 2 / V6 | deck 3"
    whole = advise(text, exact=True)

    def stop(advice):
        if advice.deals == 9:
            raise KeyboardInterrupt

    cut = advise(text, exact=True, progress=stop)
    assert cut.stopped == "interrupted" and cut.deals < whole.deals and not cut.exact and cut.seed is None
    for m in whole.moves:
        lo, hi = cut.share(m.move).interval
        assert lo <= m.win_share <= hi and hi - lo == pytest.approx(1 - cut.deals / whole.deals)


def test_a_timeout_inside_a_deal_stops_its_search():
    from arbiter.model.red7.game import deal
    from arbiter.model.red7.ruleset import ACTIONS
    from arbiter.model.red7.view import view_of

    a = advise(view_of(deal(2, 1, ACTIONS)), samples=200, seed=0, timeout=0.01)
    assert a.stopped == "timeout" and a.deals < 200


def test_bad_views():
    with pytest.raises(PositionError, match="sees their own hand"):
        advise("red 0 | 2 / Y4 | R7 / V6")
    with pytest.raises(PositionError, match="round is over"):
        advise("red 0 | R7 / Y4 | 2 / V6 out")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["basic", "actions", "advanced", "advanced+actions"])
def test_every_preset_and_player_count(players, preset):
    """Late in a seeded game, any preset and player count: shares in [0, 1], every legal decision listed."""
    from arbiter.model.red7.game import deal
    from arbiter.model.red7.ruleset import Ruleset
    from arbiter.model.red7.view import view_of

    pos = deal(players, players, Ruleset.parse(preset))
    rng = random.Random(players)
    while True:  # play random turns until few cards are left in hands
        nxt = [s for s in successors(pos) if str(s[0]) != "pass"] or successors(pos)
        after = rng.choice(nxt)[1]
        if after.is_over or sum(h.bit_count() for h in after.hands) < 3 * players:
            break
        pos = after
    view = view_of(pos)
    advice = advise(view, samples=6, seed=1, timeout=60)
    assert advice.complete and advice.deals >= 1
    assert {m.move for m in advice.moves} >= {decision(str(m)) for m, _ in successors(pos)}
    assert all(0 <= m.win_share <= 1 for m in advice.moves)


def midgame_view(players: int, seed: int, preset: str, left: int):
    """The view of the mover in a seeded game played at random until fewer than ``left`` cards are in hands."""
    from arbiter.model.red7.game import deal
    from arbiter.model.red7.ruleset import Ruleset
    from arbiter.model.red7.view import view_of

    pos = deal(players, seed, Ruleset.parse(preset))
    rng = random.Random(seed)
    while True:
        nxt = [s for s in successors(pos) if str(s[0]) != "pass"] or successors(pos)
        after = rng.choice(nxt)[1]
        if after.is_over or sum(h.bit_count() for h in after.hands) < left:
            return view_of(pos)
        pos = after


ENGINE_VIEWS = [(SMALL[0], True), (SMALL[1], True), (SMALL[2], True), (SMALL[3], True),
                (midgame_view(2, 7, "basic", 8), False), (midgame_view(2, 3, "actions", 8), False),
                (midgame_view(3, 1, "basic", 12), False), (midgame_view(3, 1, "actions", 12), False)]


@pytest.mark.parametrize("view, exact", ENGINE_VIEWS)
def test_the_compiled_core_and_the_python_search_give_the_same_answer(view, exact, monkeypatch):
    """advise searches through the C core when it supports the ruleset, else through Python: the
    same JSON (shares, deals, even node counts) but for the clock and the engine's name."""

    def answer():
        obj = advise(view, exact=exact, samples=20, seed=3, stop_early=False).to_json()
        return obj.pop("engine"), obj | {"seconds": 0}

    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    c_engine, c = answer()
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    py_engine, py = answer()
    assert (c_engine, py_engine) == ("c", "python")
    assert c == py
    assert any(0 < m["wins"] < c["deals"] for m in c["moves"])  # not a view where every turn is alike


def test_exact_answers_in_several_pieces_are_the_same_for_any_jobs():
    spare = ("R3", "O5", "V7", "I2", "G1", "R6", "O2", "B7", "I4", "Y6", "G2", "R1")
    text = f"red 0 | O6 B2 I1 / Y5 | 3 / G5 | deck 0 | {canvas_but('O6', 'B2', 'I1', 'Y5', 'G5', *spare)}"
    one = advise(text, exact=True)
    assert one.deals == 220 > 2 * advise_module.EXACT_PIECE and any(0 < m.wins < 220 for m in one.moves)
    assert advise(text, exact=True, jobs=2).to_json() | {"seconds": 0} == one.to_json() | {"seconds": 0}


def test_order_from_changes_the_work_never_the_answer():
    """``order_from`` reaches the searches of every piece (here in two worker processes): the
    nodes change with it, the shares do not."""
    text = "red 0 basic | R7 O3 G1 B6 / Y4 | 5 / V6 | canvas G3 B1"
    default = advise(text, samples=20, seed=2, stop_early=False, jobs=2)
    assert default.nodes == advise(text, samples=20, seed=2, stop_early=False,
                                   order_from=advise_module.SEARCH_ORDER_FROM).nodes
    answers = {}
    for order in (0, None):
        a = advise(text, samples=20, seed=2, stop_early=False, jobs=2, order_from=order)
        answers[order] = a.nodes, [m.to_json() for m in a.moves]
    assert answers[0][1] == answers[None][1] == [m.to_json() for m in default.moves]
    assert answers[0][0] != answers[None][0]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs a kernel timer signal")
def test_ctrl_c_during_a_piece_in_the_core_gives_the_deals_done(monkeypatch):
    """A signal delivered by the kernel 0.3 s in (as Ctrl-C is) during a piece of deals the core
    searches in one call: the advice stops "interrupted" with the deals done so far. The view (a
    2-player Actions first turn) takes far longer than that: about a minute of CPU for 200 deals."""
    from arbiter.model.red7.game import deal
    from arbiter.model.red7.ruleset import ACTIONS
    from arbiter.solver.red7 import core

    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    view = view_of(deal(2, 3, ACTIONS))
    if core.choose(ACTIONS)[0] != "c":
        pytest.skip("the compiled core is not built")
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        a = advise(view, samples=200, seed=0, auto_exact=False, stop_early=False)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert a.stopped == "interrupted" and a.deals < 200 and a.engines == {"c"}
    assert time.perf_counter() - started < 5
