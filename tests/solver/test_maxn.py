"""Max-n (solver/maxn.py) for every game that has --self-interested: with the paranoid tie rule it
answers the coalition's question on a game with one winner (Red7), and with the uniform rule its
values equal a brute-force enumeration on the model's own moves (no shortcut: every move, every
chance outcome, every turn played to its end; a plain cache of positions) on tiny seeded positions of Red7, Realms and
Stick to Colours with 3 players."""

import random
from fractions import Fraction
from functools import cache

import pytest
from arbiter.model.realms import game as realms
from arbiter.model.red7 import game as red7
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.stick_to_colours import game as stick
from arbiter.solver.maxn import PARANOID, UNIFORM, SelfInterested
from arbiter.solver.realms.advise import OwnTricks
from arbiter.solver.red7.core import open_search
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.red7.game import Red7Game
from arbiter.solver.stick_to_colours.advise import OwnMargins


def uniform(children: list[tuple], mover: int) -> tuple:
    """The uniform tie rule by hand: the mover's best children, averaged."""
    top = max(v[mover] for v in children)
    best = [v for v in children if v[mover] == top]
    return tuple(Fraction(sum(v[k] for v in best), len(best)) for k in range(len(best[0])))


# -- Red7: one winner -----------------------------------------------------------------------------

def _red7_positions(seed: int, ruleset: str) -> list[red7.Position]:
    """A 3-player short round (2 cards a hand) and the positions of a seeded random line through it."""
    pos, rng, out = small_deal(seed, 3, 2, 1, Ruleset.parse(ruleset)), random.Random(seed), []
    while not pos.is_over:
        out.append(pos)
        pos = red7.apply(pos, rng.choice(red7.legal_moves(pos)))
    return out


@pytest.mark.parametrize("ruleset", ["basic", "advanced"])
@pytest.mark.parametrize("seed", range(4))
def test_paranoid_max_n_is_the_coalition_answer_with_one_winner(seed, ruleset):
    for pos in _red7_positions(seed, ruleset):
        game = Red7Game(pos.ruleset)
        coalition, _, _, _ = open_search(game, 3, None, None, 1 << 16)
        paranoid = SelfInterested(game, players=3, tie=PARANOID)  # no coalition shortcut: max-n alone
        state = game.state(pos)
        for asker in range(3):
            assert paranoid.wins(state, asker) == coalition.wins(state, asker), (str(pos), asker)


@cache
def _red7_brute(pos: red7.Position) -> tuple:
    if pos.is_over:
        return tuple(int(pos.winner == i) for i in range(pos.players))
    # distinct turns that leave the same position are one choice (the search's children are positions)
    after = {red7.apply(pos, m) for m in red7.legal_moves(pos)}
    return uniform([_red7_brute(a) for a in after], pos.to_move)


@pytest.mark.parametrize("ruleset", ["basic", "advanced"])
@pytest.mark.parametrize("seed", range(4))
def test_red7_uniform_max_n_equals_brute_force(seed, ruleset):
    pos = _red7_positions(seed, ruleset)[0]
    game = Red7Game(pos.ruleset)
    coalition, _, _, _ = open_search(game, 3, None, None, 1 << 16)
    for forced in (None, coalition.wins):  # the coalition shortcut changes no value
        search = SelfInterested(game, forced=forced, players=3, tie=UNIFORM)
        want = _red7_brute(pos)
        for asker in range(3):
            got = search.values(game.state(pos), asker)
            assert got[:3] == want and got[3] == want[asker]


# -- Realms: tricks, chance ------------------------------------------------------------------------

@cache
def _realms_brute(pos: realms.Position, root: realms.Position, ended: int, tricks: int) -> tuple:
    if not (ended < tricks and pos.phase in (realms.PLAY, realms.DRAW, realms.STEAL) and pos.round == root.round):
        return tuple((s - r) // realms.POINTS_PER_TRICK for s, r in zip(pos.scores, root.scores, strict=True))

    def on(after: realms.Position) -> tuple:
        return _realms_brute(after, root, ended + (1 if pos.trick and not after.trick else 0), tricks)

    if pos.to_move is None:
        outcomes = [(Fraction(p).limit_denominator(1 << 20), on(after)) for p, _, after in realms.chance_outcomes(pos)]
        return tuple(sum(p * v[k] for p, v in outcomes) for k in range(len(outcomes[0][1])))
    return uniform([on(realms.successor(pos, m)) for m in realms.legal_moves(pos)], pos.to_move)


def _realms_positions(seed: int, count: int) -> list[realms.Position]:
    """The first positions of a seeded 3-player game where a card is to be played."""
    out = []
    for before, _, _ in realms.random_game(3, seed):
        if before.phase == realms.PLAY and before.to_move is not None:
            out.append(before)
            if len(out) == count:
                break
    return out


@pytest.mark.parametrize("seed", range(3))
def test_realms_uniform_max_n_equals_brute_force(seed):
    positions = _realms_positions(seed, 4)
    assert positions
    for pos in positions:
        # two tricks (the draws between them chance) only from the trick's last play: brute force is slow
        for tricks, last in ((1, True), (1, False), *([(2, True), (2, False)] if len(pos.trick) == 2 else [])):
            game = OwnTricks(pos, tricks, last)
            search = SelfInterested(game)
            want = _realms_brute(pos, pos, 0, tricks)
            got = search.values((pos, 0), pos.to_move)
            assert got[:3] == want and got[3] == want[pos.to_move], (str(pos), tricks, last)


# -- Stick to Colours: margins ---------------------------------------------------------------------

@cache
def _stick_brute(pos: stick.Position, dealer: int) -> tuple:
    if pos.is_over or (pos.auction is None and pos.dealer != dealer):
        scores = pos.scores
        return tuple(s - max(scores[:i] + scores[i + 1:]) for i, s in enumerate(scores))
    return uniform([_stick_brute(stick.apply(pos, m), dealer) for m in stick.legal_moves(pos)], pos.to_move)


def _stick_positions(seed: int) -> list[stick.Position]:
    """The decisions of a seeded 3-player game's last turns (the deck nearly drawn)."""
    pos, rng, out = stick.deal(3, seed), random.Random(seed), []
    while not pos.is_over:
        if len(pos.deck) <= 3 and pos.auction is None:
            out.append(pos)
        pos = stick.apply(pos, rng.choice(stick.legal_moves(pos)))
    return out[-2:]


@pytest.mark.parametrize("seed", range(3))
def test_stick_uniform_max_n_equals_brute_force(seed):
    positions = _stick_positions(seed)
    assert positions
    for pos in positions:
        game = OwnMargins(pos)
        search = SelfInterested(game)
        want = _stick_brute(pos, pos.dealer)
        got = search.values(game.root, pos.to_move)
        assert got[:len(want)] == want and got[-1] == want[pos.to_move], str(pos)
