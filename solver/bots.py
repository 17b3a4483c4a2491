"""Bots that decide from their own seat only, written once for every game, in four levels: ``random``
(a legal step at random), ``greedy`` (the game's rule of thumb on what the seat sees), ``sampled``
(the best value of ``advise`` over a few deals of the seat's view: perfect-information sampling) and
``exact`` (the best-defence value where the view is small enough, ``solver/defence.py``, else as
``sampled``); and the game loop that plays them (and a human) step by step.

A bot is given a ``Seen``: the seat's view at the start of its turn, the steps it has taken since in
a turn cut at a chance event (``model/steps.py``) and what it was shown of each. It never sees the
position. Mid-turn, the states consistent with what the seat saw are the deals of its view made to
agree with what it was shown (``Game.given``), and each remaining step is valued with all cards
known in each of them (sampled) or under best defence over all of them (exact)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.model.steps import Midturn, unmarked

from .advise import Advice
from .defence import Defence, Rules, best
from .search import Budget, SearchLimit, on_cpu_time

LEVELS = ("random", "greedy", "sampled", "exact")
ALIASES = {"advise": "sampled", "solver": "sampled"}  # older names of ``play --human --bots``
SAMPLES = 16  # deals a sampled bot weighs at each decision
THINK_SECONDS = 5.0  # a bot's limit per decision, CPU seconds (``on_cpu``); past it the sampled answer so far (or greedy) decides
EXACT_DEALS = 60  # the exact bot's best-defence search up to this many consistent deals
GIVEN_TRIES = 400  # deals tried per state wanted mid-turn (a plain replay agrees with what was shown in few)


@dataclass(frozen=True)
class Seen:
    """What a seat knows when it decides: its view at the start of its turn (``view.me`` the seat),
    the steps it has taken since and what it was shown of each (``Shown.to(seat)``)."""

    view: Any
    taken: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """What the bots and the game loop need of a game. ``steps``, ``apply_step``, ``shown`` are its
    step interface; ``chance(position)`` its chance outcomes; ``view(history, seat)`` the seat's view
    of the last of the positions since the deal (one a decision or chance outcome); ``advise(view,
    samples=, seed=, timeout=)`` its sampled advice; ``best_defence(view, timeout=, max_deals=)`` and
    ``rules(view)`` (``solver/defence.py``) where built; ``perfect(view)`` a function valuing a state
    for the seat with all cards known (mid-turn, as its advice would); ``greedy(seen, state, steps)`` its rule of
    thumb, the steps best first (``state`` is any state consistent with ``seen``: only what the seat
    sees of it may count); ``given(world, seen)`` a deal of the view at the turn's start made to agree
    with what the seat was shown, as the state now (None where it cannot), each consistent state as
    likely as in the view (``replayed`` is the plain way); ``avoid``: steps the random bot takes only
    when nothing else is legal; ``winners(position)`` at the end; ``exact_deals``: the most consistent
    deals on which the exact bot searches best defence."""

    name: str
    steps: Callable[[Any], Sequence[str]]
    apply_step: Callable[[Any, str], Any]
    shown: Callable[[Any, str, Any], Any]
    chance: Callable[[Any], Sequence[tuple[float, str, Any]]]
    view: Callable[[list, int], Any]
    advise: Callable[..., Advice]
    greedy: Callable[[Seen, Any, Sequence[str]], list[str]]
    winners: Callable[[Any], Sequence[int]]
    best_defence: Callable[..., Advice] | None = None
    rules: Callable[[Any], Rules] | None = None
    perfect: Callable[[Any], Callable[[Any], Any]] | None = None
    given: Callable[[Any, Seen], Any] | None = None
    avoid: frozenset[str] = frozenset()
    exact_deals: int = EXACT_DEALS

    def consistent(self, seen: Seen, rng: random.Random, k: int) -> list:
        """Up to ``k`` states drawn from those consistent with ``seen`` (fewer if the tries run out)."""
        if not seen.taken:
            return [seen.view.sample(rng) for _ in range(k)]
        given = self.given or (lambda w, s: replayed(self, w, s))
        out: list = []
        for _ in range(k * GIVEN_TRIES):
            state = given(seen.view.sample(rng), seen)
            if state is not None:
                out.append(state)
                if len(out) == k:
                    break
        return out

    def every_consistent(self, seen: Seen) -> list:
        """Every state consistent with ``seen``, once per deal of the view that leads to it."""
        out = []
        for world in seen.view.deals():
            state = replayed(self, world, seen)
            if state is not None:
                out.append(state)
        return out


def replayed(game: Game, world: Any, seen: Seen) -> Any:
    """``world`` (a deal of the view, at the start of the turn) after the steps taken, when it shows
    the seat what it was shown; else None."""
    state = world
    me = seen.view.me
    for step, text in zip(seen.taken, seen.shown, strict=True):
        try:
            after = game.apply_step(state, step)
        except ValueError:
            return None
        if game.shown(state, step, after).to(me) != text:
            return None
        state = after
    return state


Bot = Callable[[Game, Seen, random.Random], str]


def random_bot(game: Game, seen: Seen, rng: random.Random) -> str:
    """Uniformly among the legal steps (one that ``avoid`` names only when nothing else is legal)."""
    steps = list(game.steps(game.consistent(seen, rng, 1)[0]))
    return rng.choice([s for s in steps if unmarked(s) not in game.avoid] or steps)


def greedy_bot(game: Game, seen: Seen, rng: random.Random) -> str:
    """The game's rule of thumb on what the seat sees."""
    state = game.consistent(seen, rng, 1)[0]
    return game.greedy(seen, state, list(game.steps(state)))[0]


def on_cpu(bot: Callable[..., Any]) -> Callable[..., Any]:
    """``bot`` with its time limit read on the process's CPU clock (``search.on_cpu_time``): a bot
    thinks for the CPU seconds it is given whatever the machine's load (on a wall clock a loaded
    machine finished fewer searches and played another bot). Its searches run in this process."""

    @functools.wraps(bot)
    def timed(*args: Any, **kwargs: Any) -> Any:
        with on_cpu_time():
            return bot(*args, **kwargs)

    return timed


@on_cpu
def sampled_bot(game: Game, seen: Seen, rng: random.Random, samples: int = SAMPLES,
                timeout: float = THINK_SECONDS) -> str:
    """The best value over ``samples`` deals consistent with what the seat saw, every card known in
    each (``advise`` at the start of a turn); ties, and a timeout before any deal, by the greedy order."""
    state = game.consistent(seen, rng, 1)[0]
    steps = list(game.steps(state))
    order = game.greedy(seen, state, steps)
    if len(steps) == 1:
        return steps[0]
    if not seen.taken:
        advice = game.advise(seen.view, samples=samples, seed=rng.getrandbits(32), timeout=timeout)
        if advice.stopped == "interrupted":
            raise KeyboardInterrupt  # advise keeps partial results; a game stops on Ctrl-C
        totals = {m.move: tuple(m.totals) for m in advice.moves if m.deals}
    else:
        totals = _midturn_totals(game, seen, rng, steps, samples, timeout)
    return _best_of(totals, order)


def _midturn_totals(game: Game, seen: Seen, rng: random.Random, steps: list[str], samples: int,
                    timeout: float) -> dict[str, tuple]:
    """Each remaining step's value with all cards known, summed over states consistent with ``seen``."""
    if game.perfect is None:
        return {}
    perfect = game.perfect(seen.view)
    totals = {s: 0 for s in steps}
    budget = Budget(None, timeout)
    try:
        for state in game.consistent(seen, rng, samples):
            budget.spend()
            for s in steps:
                totals[s] += perfect(game.apply_step(state, s))
    except SearchLimit:
        pass
    return {unmarked(s): (v,) for s, v in totals.items()}


def _best_of(totals: dict[str, tuple], order: list[str]) -> str:
    """The step with the best totals (first measure first; the totals keyed by the step's text without
    its mark); ties, and steps without one, in ``order``."""
    if not totals:
        return order[0]
    top = max(totals.values())
    return next((s for s in order if totals.get(unmarked(s)) == top), order[0])


def exact_bot(game: Game, seen: Seen, rng: random.Random, max_deals: int | None = None,
              timeout: float = THINK_SECONDS) -> str:
    """The best-defence value where the view has at most ``max_deals`` (default the game's
    ``exact_deals``) consistent deals and the game has it; else, or past ``timeout``, as ``sampled_bot``."""
    return exact_choice(game, seen, rng, max_deals, timeout)[0]


@on_cpu
def exact_choice(game: Game, seen: Seen, rng: random.Random, max_deals: int | None = None,
                 timeout: float = THINK_SECONDS) -> tuple[str, bool]:
    """``exact_bot``'s step, and whether best defence chose it (False: the sampled bot did)."""
    max_deals = game.exact_deals if max_deals is None else max_deals
    if game.best_defence is None or game.rules is None or seen.view.count() > max_deals:
        return sampled_bot(game, seen, rng, timeout=timeout), False
    if not seen.taken:
        advice = game.best_defence(seen.view, timeout=timeout, max_deals=max_deals)
        if advice.stopped == "interrupted":
            raise KeyboardInterrupt
        if advice.stopped is None:
            state = game.consistent(seen, rng, 1)[0]
            order = game.greedy(seen, state, list(game.steps(state)))
            return _best_of({m.move: tuple(m.totals) for m in advice.moves}, order), True
        return sampled_bot(game, seen, rng, timeout=timeout), False
    states = game.every_consistent(seen)
    steps = list(game.steps(states[0]))
    order = game.greedy(seen, states[0], steps)
    search = Defence(game.rules(seen.view), Budget(None, timeout))
    try:
        totals = {unmarked(s): (best(search.after(states, s), [1] * len(states))[0],) for s in steps}
    except SearchLimit:
        return sampled_bot(game, seen, rng, timeout=timeout), False
    return _best_of(totals, order), True


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "sampled": sampled_bot, "exact": exact_bot}


def bot_rng(seed: int, step: int) -> random.Random:
    """The random choices of the bots (and of chance) at a step of a seeded game: the same after an undo."""
    return random.Random(f"bots {seed} step {step}")


@dataclass(frozen=True)
class Event:
    """One step or chance outcome of a game: who (None: chance), its text, the state before and
    after, and what it showed (``Shown``)."""

    player: int | None
    text: str
    before: Any
    after: Any
    shown: Any


Chooser = Callable[[Seen, int], str]  # (what the seat saw, the step number) -> its step


def play(game: Game, start: Any, choosers: dict[int, Chooser], seed: int) -> Iterator[Event]:
    """A game from ``start``: each seat's step chosen by its chooser from its own ``Seen`` only,
    chance drawn from ``bot_rng(seed, step)``; the events as they happen. A chooser may raise to stop."""
    state = start
    history = [start]
    k = 0
    turn: tuple[int, Any, list[str], list[str]] | None = None  # (seat, view at its start, steps, shown)
    while not _over(state):
        mover = state.to_move
        rng = bot_rng(seed, k)
        if mover is None:
            outcomes = game.chance(state)
            r, (p, label, after) = rng.random(), outcomes[-1]
            for p, label, after in outcomes:
                r -= p
                if r < 0:
                    break
            event = Event(None, label, state, after, game.shown(state, label, after))
        else:
            if turn is None or turn[0] != mover:
                turn = (mover, game.view(history, mover), [], [])
            seen = Seen(turn[1], tuple(turn[2]), tuple(turn[3]))
            text = choosers[mover](seen, k)
            after = game.apply_step(state, text)
            event = Event(mover, text, state, after, game.shown(state, text, after))
            turn[2].append(text)
            turn[3].append(event.shown.to(mover))
            if not isinstance(after, Midturn):
                turn = None
        yield event
        state = event.after
        if not isinstance(state, Midturn):
            history.append(state)
        k += 1


def _over(state: Any) -> bool:
    return not isinstance(state, Midturn) and state.is_over


__all__ = ["ALIASES", "BOTS", "LEVELS", "SAMPLES", "Bot", "Event", "Game", "Seen", "bot_rng", "exact_bot", "exact_choice", "greedy_bot", "play",
           "random_bot", "replayed", "sampled_bot"]
