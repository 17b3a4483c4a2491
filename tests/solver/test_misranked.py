"""The positions of docs/advise.md, "Where the sampled share ranks turns wrongly" (found by
benchmarks/misranked.py): each view, the three values of both turns (sampled win share, vector
minimaxing, best defence) and the fusion point the page names."""

import pytest
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.view import format_view, view_of
from arbiter.solver import defence
from arbiter.solver.red7.advise import advise
from arbiter.solver.red7.defence import best_defence, rules, small_deal

# (seed, players, hand, deck), the view's text up to its canvas, the over-rated turn A with its
# (sampled, vector, best defence) deals won, turn B with its own, and the fusion after A: what the
# seat saw, the deals alike, how many can be won with all cards known, the most one step wins.
DOCUMENTED = [
    ((3, 2, 2, 3), "red 1 advanced | 2 / G7 | B6 G5 / O4 | deck 3 | scores 0 0 | canvas ",
     ("discard G5 draw", (46, 43, 43)), ("play B6 discard G5 draw", (45, 45, 45)),
     (("discard G5 draw (drew V1)", "play G6"), 6, 4, 3)),
    ((19, 2, 3, 3), "red 0 advanced | B7 B6 G1 / Y4 | 3 / O6 | deck 3 | scores 0 0 | canvas ",
     ("play B7", (71, 59, 59)), ("play B7 discard B6 draw", (64, 60, 60)),
     (("play B7", "play O5 discard I7 draw"), 24, 16, 12)),
    ((25, 2, 3, 2), "red 1 advanced | 3 / Y2 | B7 O6 I1 / Y1 | deck 2 | scores 0 0 | canvas ",
     ("play O6 discard I1", (12, 9, 9)), ("play B7 discard O6 draw", (11, 11, 11)),
     (("play O6 discard I1", "play O1"), 12, 7, 6)),
]


@pytest.mark.parametrize("deal, text, a, b, fused", DOCUMENTED)
def test_the_sampled_share_ranks_these_turns_the_wrong_way_round(deal, text, a, b, fused):
    seed, players, hand, deck = deal
    view = view_of(small_deal(seed, players, hand, deck, Ruleset.parse("advanced")))
    assert format_view(view).startswith(text)
    sampled = advise(view, samples=200, seed=0)
    assert sampled.exact  # fewer deals than samples: the sampled share is the exact win share
    exact = best_defence(view)
    r = rules(view.me, view.position.ruleset, view.position.players)
    worlds = list(view.deals())
    vector = defence.values(r, worlds, local=True)
    for move, (s, v, e) in (a, b):
        assert (sampled.share(move).wins, vector[move], exact.share(move).wins) == (s, v, e)
        assert exact.share(move).totals[1] == s  # the win share beside it, over the same deals
    assert a[1][0] > b[1][0] and a[1][2] < b[1][2]  # the ranking claim
    assert a[1][1] < b[1][1]  # vector minimaxing ranks them right: strategy fusion, not non-locality
    step = next(m.text for m in exact.moves if m.move == a[0])
    found = defence.fusion(r, worlds, step)
    assert (found.path, len(found.states), found.winnable, found.best_step) == fused
