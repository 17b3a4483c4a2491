"""What the solver tests share: a plain enumeration of a seat's pure strategies under best defence,
the reference the games' ``solver/<game>/defence.py`` are held to."""

import pytest
from arbiter.solver import defence


def _strategies_best(r: defence.Rules, worlds: list) -> dict[str, int]:
    """For each first step: the most, summed over the deals, that one pure strategy of the seat (one
    step for each sequence of things the seat has seen) makes sure of against every reply of the
    others in each deal, found by trying every strategy. No frontiers, no shortcuts: the reference.
    A deal's value stops at ``r.low`` (the lowest a state can have) without trying the other replies."""

    def outcomes(state, seen, strategy):
        """(the strategy extended along the way, its worst value in ``state``), for each way of
        choosing the steps not yet fixed that this state meets."""
        v = r.value(state)
        if v is not None:
            yield strategy, v
            return
        if r.mover(state) == r.seat:
            fixed = strategy.get(seen)
            for step in [fixed] if fixed is not None else r.steps(state):
                after = r.apply(state, step)
                yield from outcomes(after, (*seen, r.seen(state, step, after)), {**strategy, seen: step})
            return
        replies = list(r.steps(state))

        def every(k, strategy, worst):
            if k == len(replies):
                yield strategy, worst
                return
            after = r.apply(state, replies[k])
            for s, v in outcomes(after, (*seen, r.seen(state, replies[k], after)), strategy):
                if min(worst, v) <= r.low:
                    # Nothing can go lower: the other replies cannot change this deal's value, and the
                    # steps they would fix stay free for the other deals (so every strategy is still met).
                    yield s, min(worst, v)
                else:
                    yield from every(k + 1, s, min(worst, v))

        yield from every(0, strategy, float("inf"))

    def most(k, strategy):
        if k == len(worlds):
            return 0
        return max(v + most(k + 1, s) for s, v in outcomes(worlds[k], (), strategy))

    return {step: most(0, {(): step}) for step in r.steps(worlds[0])}


@pytest.fixture
def strategies_best():
    """``_strategies_best(rules, worlds)``: each first step's best total over the seat's pure strategies."""
    return _strategies_best
