"""One OpenSpiel game built from a small per-game description: a card-by-card deal as explicit chance
outcomes, then the model's *steps* (``arbiter.model.steps``: a turn cut where its player sees a card)
as actions and its mid-game chance events (a draw from a shuffled pile, a random steal) as chance
nodes; views that show each player only what they see (``Shown``), a perfect-recall information
state (string and tensor), ``resample_from_infostate`` (``arbiter.model.information.redeal``) and
zero-sum returns. A game module supplies a ``Description`` and a ``Rules`` class."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np
import pyspiel
from arbiter.model.information import Record, cards_named, redeal_renamed
from arbiter.model.steps import CONTINUES, Midturn, Shown
from arbiter.model.switches import RulesetError

EVERYONE = -1  # a dealt card everyone sees (a Palette card); None: nobody (the deck)
CHAINED = " ..."  # marks an action after which the same player moves again

Segment = tuple  # an action's part of a step (see the game module for its grammar)


class Rules(Protocol):
    """One parameterised game (players, ruleset): what the generic State asks of a game."""

    model: Any  # the game's model package (arbiter.model.<game>): its ``steps`` module, chance_outcomes
    players: int
    cards: int  # distinct card ids 0 .. cards - 1 (the deal's outcomes)
    max_chance_outcomes: int  # outcome ids of the deal and of mid-game chance are below this
    num_distinct_actions: int
    max_game_length: int  # decisions (player actions), every deal of the game included
    max_chance_nodes_in_history: int
    view_size: int

    def first(self) -> Any: ...  # the game's data before its first deal (a Red7 match; None for one deal)
    def deal_length(self, match: Any) -> int: ...
    def deal_outcomes(self, match: Any, dealt: Sequence[int]) -> list[tuple[int, float]]: ...
    def seen_by(self, match: Any, k: int) -> int | None: ...
    def start(self, match: Any, dealt: Sequence[int]) -> Any: ...
    def after(self, match: Any, dealt: Sequence[int], pos: Any) -> Any: ...  # a deal ended: the next one's data, or None
    def returns(self, match: Any, dealt: Sequence[int], pos: Any) -> list[float]: ...
    def finished(self, pos: Any) -> bool: ...  # the game (or this deal of it) is over
    def chooser(self, state: Any) -> int: ...  # the player who chooses the step of the seat to move
    def segments(self, state: Any, step: str) -> list[Segment]: ...
    def encode(self, segment: Segment, last: bool) -> int: ...
    def decode(self, code: int) -> tuple[Segment, str, bool]: ...
    def public(self, segment: Segment, text: str) -> tuple[str, int]: ...  # the text and code others see
    def chance(self, pos: Any) -> list[tuple[int, float, str]]: ...  # mid-game chance: (id, probability, label)
    def chance_public(self, pos: Any, label: str) -> int: ...  # the id others see of a chance outcome
    def seen_entries(self, now: Now, player: int) -> set[int]: ...  # deal entries of this deal the player has seen
    def redealt(self, dealt: Sequence[int], new: Any, renamed: dict[int, int], player: int) -> list[int]: ...
    def card_name(self, card: int) -> str: ...
    def view(self, now: Now, player: int) -> str: ...
    def view_tensor(self, now: Now, player: int, out: np.ndarray) -> None: ...


def without_replacement(cards: Sequence[int], dealt: Sequence[int]) -> list[tuple[int, float]]:
    """The next card of a deal of ``cards`` (distinct card ids), each left equally likely."""
    left = sorted(set(cards) - set(dealt))
    return [(c, 1.0 / len(left)) for c in left]


def zero_sum(players: int, winners: Sequence[int]) -> list[float]:
    """Returns: the winners share +1, the other players share -1 (all 0 when nobody or everyone wins)."""
    k = len(winners)
    if k in (0, players):
        return [0.0] * players
    return [1.0 / k if i in winners else -1.0 / (players - k) for i in range(players)]


def players_and_ruleset(game: str, params: dict[str, Any], low: int, high: int, ruleset_type: Any) -> tuple[int, Any]:
    """The ``players`` and ``ruleset`` parameters of ``game``, or ValueError naming the bad one."""
    players = params["players"]
    if not isinstance(players, int) or not low <= players <= high:
        raise ValueError(f"{game}: players must be {low} to {high}, got {players!r}")
    try:
        return players, ruleset_type.parse(str(params["ruleset"]))
    except RulesetError as e:
        raise ValueError(f"{game}: bad ruleset: {e}") from None


class EngineRules:
    """The ``Rules`` members most games share: immutable once made (a deep copy is the object
    itself), one deal per game, no chance between steps, each seat choosing its own steps, the seen
    deal entries from the cards each player was shown (cards are unique), the action code ``code``."""

    code: Any
    model: Any

    def __deepcopy__(self, memo: dict) -> Any:
        return self  # immutable after construction; OpenSpiel deep-copies every state attribute

    def first(self) -> Any:
        return None

    def after(self, match: Any, dealt: Sequence[int], pos: Any) -> Any:
        return None

    def finished(self, pos: Any) -> bool:
        return pos.is_over

    def chooser(self, state: Any) -> int:
        return state.to_move

    def chance(self, pos: Any) -> list[tuple[int, float, str]]:
        return []  # never asked: a player moves in every position (the deck's order is dealt at the start)

    def chance_public(self, pos: Any, label: str) -> int:
        return 0

    def seen_entries(self, now: Now, player: int) -> set[int]:
        return {k for k, c in enumerate(now.dealt) if c in now.seen[player]}

    def redealt(self, dealt: Sequence[int], new: Any, renamed: dict[int, int], player: int) -> list[int]:
        """The deal of a re-deal: each card dealt renamed as the re-deal moved it (cards are unique)."""
        return [renamed[c] for c in dealt]

    def encode(self, segment: Segment, last: bool) -> int:
        return self.code.encode(segment, last)


@dataclass(frozen=True)
class Description:
    """What registers a game: its names, player range, default parameters (besides ``players``)
    and ``rules(params)``, which raises ValueError naming a bad parameter."""

    short_name: str
    long_name: str
    min_players: int
    max_players: int
    parameters: dict[str, Any]
    rules: Any  # Callable[[dict[str, Any]], Rules]


@dataclass(frozen=True)
class Deal:
    """One finished deal of a game of several (a Red7 match's round): what the information state keeps."""

    match: Any
    dealt: tuple[int, ...]
    start: Any
    events: tuple[str, ...]
    shown: tuple[tuple[int | None, Shown], ...]
    seen: tuple[frozenset[int], ...]
    state: Any  # the position the deal ended in (or is in, for the deal in progress)


@dataclass(frozen=True)
class Now:
    """Everything a State holds, as one immutable value (a clone shares it): the game's data, the
    deals finished, this deal's cards so far, its position and events (steps and chance labels,
    each with what it showed), the model's state (a position or a turn in progress), the action
    parts of the current step, the history entries for the tensor, each player's cards seen."""

    match: Any
    deals: tuple[Deal, ...] = ()
    dealt: tuple[int, ...] = ()
    start: Any = None
    events: tuple[str, ...] = ()
    shown: tuple[tuple[int | None, Shown], ...] = ()
    state: Any = None
    prefix: tuple[Segment, ...] = ()
    entries: tuple[tuple, ...] = ()  # ("deal", deal number, k) | ("act", mover, code, public code) | ("chance", id, public id, seers)
    seen: tuple[frozenset[int], ...] = ()
    done: bool = False

    def __deepcopy__(self, memo: dict) -> Now:
        return self


class State(pyspiel.State):
    """An OpenSpiel state over the model's steps (module docstring)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self.now = Now(self.rules.first(), seen=(frozenset(),) * self.rules.players)
        self._options: dict | None = None

    # -- who moves, what may happen ---------------------------------------------------------
    def current_player(self) -> int:
        now = self.now
        if now.done:
            return pyspiel.PlayerId.TERMINAL
        if now.start is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.CHANCE if now.state.to_move is None else self.rules.chooser(now.state)

    def options(self) -> dict[int, Any]:
        """Legal action -> the step it completes (None: the step goes on); at a mid-game chance node,
        outcome id -> (probability, label)."""
        if self._options is None:
            now = self.now
            if now.start is None:
                self._options = {c: p for c, p in self.rules.deal_outcomes(now.match, now.dealt)}
            elif now.state.to_move is None:
                self._options = {k: (p, label) for k, p, label in self.rules.chance(now.state)}
            else:
                self._options = self._step_options()
        return self._options

    def _step_options(self) -> dict[int, str | None]:
        now, rules = self.now, self.rules
        k = len(now.prefix)
        out: dict[int, str | None] = {}
        for step in rules.model.steps.steps(now.state):
            parts = rules.segments(now.state, step)
            if len(parts) <= k or tuple(parts[:k]) != now.prefix:
                continue
            last = len(parts) == k + 1
            code = rules.encode(parts[k], last)
            value = step if last else None
            if code in out and out[code] != value:
                raise AssertionError(f"two steps share action {code} ({rules.decode(code)[1]})")
            out[code] = value
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        options = self.options()
        if self.now.start is None:
            return list(options.items())
        return [(k, p) for k, (p, _) in options.items()]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.options())

    def _apply_action(self, action: int) -> None:
        options = self.options()
        if action not in options:
            raise ValueError(f"action {action} ({self._text(action)}) is not legal here; legal: "
                             + ", ".join(f"{a} ({self._text(a)})" for a in sorted(options)[:8])
                             + (f", ... ({len(options)} in all)" if len(options) > 8 else ""))
        self._options = None
        now, rules = self.now, self.rules
        if now.start is None:
            self._deal(action)
            return
        if now.state.to_move is None:
            self._event(options[action][1], ("chance", action, rules.chance_public(now.state, options[action][1])))
            return
        mover = now.state.to_move
        segment, text, _ = rules.decode(action)
        entry = ("act", mover, action, rules.public(segment, text)[1])
        step = options[action]
        if step is None:
            self.now = replace(now, prefix=now.prefix + (segment,), entries=now.entries + (entry,))
            return
        self._event(step, entry)

    def _deal(self, card: int) -> None:
        now, rules = self.now, self.rules
        dealt = now.dealt + (card,)
        entries = now.entries + (("deal", len(now.deals), len(now.dealt)),)
        seen = list(now.seen)
        who = rules.seen_by(now.match, len(now.dealt))
        for p in range(rules.players):
            if who in (p, EVERYONE):
                seen[p] = seen[p] | {card}
        now = replace(now, dealt=dealt, entries=entries, seen=tuple(seen))
        if len(dealt) == rules.deal_length(now.match):
            start = rules.start(now.match, dealt)
            now = replace(now, start=start, state=start)
        self.now = now

    def _event(self, event: str, entry: tuple) -> None:
        """A step completed or a chance outcome: the model's state moves on, each player is shown it."""
        now, rules = self.now, self.rules
        steps = rules.model.steps
        before = now.state
        if before.to_move is None:
            after = next(a for _, label, a in rules.model.chance_outcomes(before) if label == event)
        else:
            after = steps.apply_step(before, event)
        shown = steps.shown(before, event, after)
        layout = steps.LAYOUT
        seen = tuple(s | cards_named(layout, shown.to(p)) for p, s in enumerate(now.seen)) if layout.unique else now.seen
        if entry[0] == "chance":
            entry = (*entry, frozenset(p for p, _ in shown.private))
        now = replace(now, state=after, events=now.events + (event,), shown=now.shown + ((before.to_move, shown),),
                      prefix=(), entries=now.entries + (entry,), seen=seen)
        if not isinstance(after, Midturn) and rules.finished(after):
            following = rules.after(now.match, now.dealt, after)
            if following is None:
                now = replace(now, done=True)
            else:
                done = Deal(now.match, now.dealt, now.start, now.events, now.shown, now.seen, after)
                now = Now(following, now.deals + (done,), entries=now.entries,
                          seen=(frozenset(),) * rules.players)
        self.now = now

    # -- texts ------------------------------------------------------------------------------
    def _text(self, action: int) -> str:
        now = self.now
        if now.start is None:
            return f"deal {self.rules.card_name(action)}"
        if now.state.to_move is None:
            found = self.options().get(action)
            return found[1] if found else f"chance outcome {action}"
        try:
            _, text, chained = self.rules.decode(action)
        except ValueError as e:
            return str(e)
        step = (self._options if self._options is not None else self.options()).get(action, "")
        return text + (CHAINED if chained or (step or "").endswith(CONTINUES) else "")

    def _action_to_string(self, player: int, action: int) -> str:
        return self._text(action)

    def is_terminal(self) -> bool:
        return self.now.done

    def returns(self) -> list[float]:
        if not self.now.done:
            return [0.0] * self.rules.players
        return self.rules.returns(self.now.match, self.now.dealt, self.now.state)

    def __str__(self) -> str:
        now = self.now
        if now.start is None:
            return "dealt " + " ".join(self.rules.card_name(c) for c in now.dealt)
        text = self.rules.model.steps.format_text(now.state)
        so_far = self.so_far(now.state.to_move)
        return text + (" | this step: " + ", ".join(so_far) if so_far else "")

    def so_far(self, player: int) -> list[str]:
        """The action parts of the step in progress as ``player`` sees them (the mover's own in full)."""
        now, rules = self.now, self.rules
        mover = now.state.to_move if now.state is not None else None
        out = []
        for s in now.prefix:
            _, text, _ = rules.decode(rules.encode(s, False))
            out.append(text if player == mover else rules.public(s, text)[0])
        return out

    # -- resampling ---------------------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> State:
        """A state ``player_id`` cannot tell from this one (the same information state), the cards
        it has not seen dealt anew, each deal of the game on its own, and the same events played
        again (``arbiter.model.information.redeal``: the players' choices not weighed; uniform over
        the consistent deals where a uniform re-deal is sound, else a random walk of swaps from
        this deal). ``probability_sampler()`` seeds the draw."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        rules, now = self.rules, self.now
        model = rules.model
        deals = list(now.deals)
        if now.start is not None:
            deals.append(Deal(now.match, now.dealt, now.start, now.events, now.shown, now.seen, now.state))
        out = State(self.get_game())
        for d in deals:
            record, renamed = redeal_renamed(model, Record(d.start, d.events), player_id, rng)
            order = rules.redealt(d.dealt, record.start, renamed, player_id) if record.start != d.start else d.dealt
            for card in order:
                out.apply_action(card)
            for event in record.events:
                out._play_event(event)
        if now.start is None:  # dealing: the cards dealt so far, those the player has not seen drawn again
            out._deal_again(now.dealt, player_id, rng)
        else:
            out._prefix_again(self, player_id, rng)
        return out

    def _play_event(self, event: str) -> None:
        now, rules = self.now, self.rules
        if now.state.to_move is None:
            self.apply_action(next(k for k, _, label in rules.chance(now.state) if label == event))
            return
        parts = rules.segments(now.state, event)
        for k, s in enumerate(parts):
            self.apply_action(rules.encode(s, k == len(parts) - 1))

    def _deal_again(self, dealt: Sequence[int], player: int, rng: random.Random) -> None:
        rules = self.rules
        mine = [c for k, c in enumerate(dealt) if rules.seen_by(self.now.match, k) in (player, EVERYONE)]
        for k, card in enumerate(dealt):
            if rules.seen_by(self.now.match, k) in (player, EVERYONE):
                self.apply_action(card)
                continue
            left = [(c, p) for c, p in self.chance_outcomes() if c not in mine]
            self.apply_action(rng.choices([c for c, _ in left], [p for _, p in left])[0])

    def _prefix_again(self, source: State, player: int, rng: random.Random) -> None:
        """The action parts of the step in progress: the same, or where ``player`` does not see them
        whole, others that show it the same."""
        rules = self.rules
        mover = source.now.state.to_move if source.now.state is not None else None
        for s in source.now.prefix:
            code = rules.encode(s, False)
            if mover == player or rules.public(s, rules.decode(code)[1])[0] == rules.decode(code)[1]:
                self.apply_action(code)
                continue
            wanted = rules.public(s, rules.decode(code)[1])[0]
            fits = [a for a, v in self.options().items() if v is None
                    and rules.public(rules.decode(a)[0], rules.decode(a)[1])[0] == wanted]
            self.apply_action(rng.choice(fits) if fits else code)


class Observer:
    """Views of a state for one player: the current view (observation), or with perfect recall the
    information state: the deals as the player saw them, every event as shown to the player and the
    parts of the step in progress. Its tensor is the current view followed by one row per history
    entry: who (a player or chance), whether the player sees it whole, and its number (a card dealt
    or seen since, an action, a chance outcome) or, where hidden, what the others see of it."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("arbiter's games provide one player's own views only (public and that player's private "
                             "information)")
        self.rules = rules
        self.recall = iig_obs_type.perfect_recall
        self.bits = max(rules.num_distinct_actions, rules.max_chance_outcomes).bit_length()
        self.width = rules.players + 2 + self.bits
        self.rows = rules.max_game_length + rules.max_chance_nodes_in_history
        size = rules.view_size + (self.rows * self.width if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[: rules.view_size]}
        if self.recall:
            self.dict["history"] = self.tensor[rules.view_size :].reshape(self.rows, self.width)

    def set_from(self, state: State, player: int) -> None:
        self.tensor.fill(0)
        self.rules.view_tensor(state.now, player, self.dict["view"])
        if self.recall:
            self._history(state, player, self.dict["history"])

    def _history(self, state: State, player: int, rows: np.ndarray) -> None:
        now, n = state.now, self.rules.players
        seen_deals = [self.rules.seen_entries(d, player) for d in now.deals]
        seen_deals.append(self.rules.seen_entries(now, player))
        dealt = [d.dealt for d in now.deals] + [now.dealt]
        if len(now.entries) > self.rows:
            raise AssertionError(f"{len(now.entries)} history entries, more than the {self.rows} the game's bounds allow")
        for r, entry in enumerate(now.entries):
            kind = entry[0]
            if kind == "deal":
                _, deal, k = entry
                who, whole, value = n, k in seen_deals[deal], dealt[deal][k] if k in seen_deals[deal] else 0
            elif kind == "act":
                _, mover, code, public = entry
                who, whole, value = mover, mover == player or code == public, code if mover == player else public
            else:
                _, outcome, public, seers = entry
                who, whole, value = n, player in seers or outcome == public, outcome if player in seers else public
            rows[r, who] = 1
            rows[r, n + 1] = whole
            for b in range(self.bits):
                rows[r, n + 2 + b] = value >> b & 1

    def string_from(self, state: State, player: int) -> str:
        if not self.recall:
            return self.rules.view(state.now, player)
        now, rules = state.now, self.rules
        lines = [f"player {player}"]
        deals = [*now.deals, now]
        for number, d in enumerate(deals, 1):
            seen = [f"{k}:{rules.card_name(c)}" for k, c in enumerate(d.dealt)
                    if rules.seen_by(d.match, k) in (player, EVERYONE)]
            head = f"deal {number}" if len(deals) > 1 else "dealt"
            lines.append(f"{head}: {len(d.dealt)} cards, seen " + " ".join(seen))
            for k, (mover, shown) in enumerate(d.shown, 1):
                lines.append(f"{k}. {'chance' if mover is None else f'p{mover}'}: {shown.to(player)}")
        if now.prefix:
            lines.append(f"p{now.state.to_move} so far: " + ", ".join(state.so_far(player)))
        return "\n".join(lines)


class Game(pyspiel.Game):
    """A pyspiel game for one Description; the parameters pick its Rules. A module-level subclass
    per game (``register``) keeps it picklable."""

    description: Description

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        d = self.description
        merged = {"players": d.min_players, **d.parameters, **(params or {})}
        rules = d.rules(merged)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_distinct_actions,
            max_chance_outcomes=rules.max_chance_outcomes,
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=rules.max_game_length,
        )
        super().__init__(game_type(d), info, merged)
        self.rules = rules

    # pyspiel's GameInfo has no field for these; its default takes the chance nodes to be as many as
    # the decisions, which a deal card by card alone exceeds.
    def max_chance_nodes_in_history(self) -> int:
        return self.rules.max_chance_nodes_in_history

    def max_history_length(self) -> int:
        return self.rules.max_game_length + self.rules.max_chance_nodes_in_history

    def new_initial_state(self) -> State:
        return State(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> Observer:
        return Observer(self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def game_type(d: Description) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=d.short_name,
        long_name=d.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=d.max_players,
        min_num_players=d.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": d.min_players, **d.parameters},
    )


def register(cls: type[Game]) -> None:
    """Register a module-level ``Game`` subclass with pyspiel (``pyspiel.load_game(d.short_name, {...})``)."""
    pyspiel.register_game(game_type(cls.description), cls)


__all__ = ["CHAINED", "EVERYONE", "Deal", "Description", "EngineRules", "Game", "Now", "Observer", "Rules", "State",
           "players_and_ruleset", "register", "without_replacement", "zero_sum"]
