"""One OpenSpiel game built from a small per-game description: a card-by-card deal as explicit
chance outcomes, then turns of arbiter's engine as actions and its mid-game chance events (a draw
from a shuffled pile, a random steal) as chance nodes, views that show each player only what they
see, and zero-sum returns. A game module supplies a ``Description``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pyspiel
from arbiter.model.switches import RulesetError

EVERYONE = -1  # a dealt card everyone sees (a Palette card); None: nobody (the deck)
CHAINED = " ..."  # marks an action that is the first part of a turn (the same player moves again)

Segment = tuple  # a step tuple: part of a whole turn (see the game module for its grammar)


class Rules(Protocol):
    """One parameterised game (players, ruleset): what the generic State asks of a game."""

    players: int
    deal_length: int  # chance events (cards dealt) before the first turn
    cards: int  # distinct card ids 0 .. cards - 1 (the deal's outcomes; the "seen" tensor plane)
    max_chance_outcomes: int  # outcome ids of the deal and of mid-game chance are below this
    num_distinct_actions: int
    max_game_length: int
    view_size: int

    def seen_by(self, k: int) -> int | None: ...
    def deal_outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]: ...
    def chance(self, pos: Any) -> list[tuple[int, float, str, str, Any]]: ...
    def start(self, dealt: Sequence[int]) -> Any: ...
    def successors(self, pos: Any) -> list[tuple[Any, Any]]: ...
    def segments(self, move: Any) -> list[Segment]: ...
    def encode(self, segment: Segment, last: bool) -> int: ...
    def decode(self, code: int) -> tuple[Segment, str, bool]: ...
    def public(self, segment: Segment, text: str) -> str: ...  # what the others see of a turn part
    def to_move(self, pos: Any) -> int: ...
    def is_over(self, pos: Any) -> bool: ...
    def winners(self, pos: Any) -> Sequence[int]: ...  # players (not a bot) who share the win
    def private_notes(self, before: Any, move: Any, after: Any) -> list[tuple[int, str]]: ...
    def seen_cards(self, state: State, player: int) -> list[int]: ...
    def card_name(self, card: int) -> str: ...
    def view(self, state: State, player: int) -> str: ...
    def view_tensor(self, state: State, player: int, out: np.ndarray) -> None: ...
    def state_text(self, state: State) -> str: ...


def without_replacement(cards: int, dealt: Sequence[int]) -> list[tuple[int, float]]:
    """The next card of a deal of ``cards`` distinct cards, each left equally likely."""
    left = sorted(set(range(cards)) - set(dealt))
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
    itself), no chance between turns, the position's own mover and end, and the turn code
    ``code`` encoding a turn part. A game overrides what differs."""

    code: Any

    def __deepcopy__(self, memo: dict) -> Any:
        return self  # immutable after construction; OpenSpiel deep-copies every state attribute

    def chance(self, pos: Any) -> list[tuple[int, float, str, str, Any]]:
        return []  # never asked: a player moves in every position (the deck's order is dealt at the start)

    def to_move(self, pos: Any) -> int | None:
        return pos.to_move

    def is_over(self, pos: Any) -> bool:
        return pos.is_over

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


class _Memo:
    """A state's legal options, computed once; OpenSpiel clones a state by deep-copying its
    attributes, and the options (engine positions) never change, so a copy shares them."""

    def __init__(self, value: dict | None = None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict) -> _Memo:
        return _Memo(self.value)


class State(pyspiel.State):
    """The deal so far, then the engine's position, the parts of the turn chosen so far, the public
    log of turn parts and each player's private notes (cards they drew)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.rules: Rules = game.rules
        self.dealt: list[int] = []
        self.pos: Any = None
        self.prefix: list[Segment] = []
        self.log: list[tuple[int, str]] = []  # (mover, text of a turn part)
        self.notes: list[list[tuple[int, str]]] = [[] for _ in range(self.rules.players)]  # (log length, note)
        self._options = _Memo()
        self._turns = _Memo()  # the engine's (move, position after) list of self.pos, kept through a turn's parts

    def current_player(self) -> int:
        if len(self.dealt) < self.rules.deal_length:
            return pyspiel.PlayerId.CHANCE
        if self.rules.is_over(self.pos):
            return pyspiel.PlayerId.TERMINAL
        mover = self.rules.to_move(self.pos)
        return pyspiel.PlayerId.CHANCE if mover is None else mover  # None: a chance event is next

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.pos is None:
            return self.rules.deal_outcomes(self.dealt)
        return [(k, p) for k, (p, _, _, _) in self.options().items()]

    def options(self) -> dict[int, Any]:
        """Legal action -> (whole turn, position after) when the action ends the turn, else None;
        at a mid-game chance node, outcome id -> (probability, label, public text, position after)."""
        if self._options.value is None and self.rules.to_move(self.pos) is None:
            self._options.value = {k: (p, label, public, nxt) for k, p, label, public, nxt in self.rules.chance(self.pos)}
        if self._options.value is None:
            options: dict[int, tuple[Any, Any] | None] = {}
            k = len(self.prefix)
            if self._turns.value is None:
                self._turns.value = self.rules.successors(self.pos)
            for move, nxt in self._turns.value:
                parts = self.rules.segments(move)
                if len(parts) <= k or parts[:k] != self.prefix:
                    continue
                last = len(parts) == k + 1
                code = self.rules.encode(parts[k], last)
                value = (move, nxt) if last else None
                if code in options and options[code] != value:
                    raise AssertionError(f"two turns share action {code} ({self.rules.decode(code)[1]})")
                options[code] = value
            self._options.value = options
        return self._options.value

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.options())

    def _apply_action(self, action: int) -> None:
        if self.pos is None:
            self.dealt.append(action)
            if len(self.dealt) == self.rules.deal_length:
                self.pos = self.rules.start(self.dealt)
            return
        options = self.options()
        if self.rules.to_move(self.pos) is None:
            _, _, public, nxt = options[action]
            self.log.append((pyspiel.PlayerId.CHANCE, public))
            self._note(self.pos, None, nxt)
            self.pos, self._options, self._turns = nxt, _Memo(), _Memo()
            return
        mover = self.rules.to_move(self.pos)
        segment, text, _ = self.rules.decode(action)
        self.log.append((mover, self.rules.public(segment, text)))
        self._options = _Memo()
        if options[action] is None:
            self.prefix.append(segment)
            return
        move, nxt = options[action]
        self._note(self.pos, move, nxt)
        self.pos, self.prefix, self._turns = nxt, [], _Memo()

    def _note(self, before: Any, move: Any, after: Any) -> None:
        for player, note in self.rules.private_notes(before, move, after):
            self.notes[player].append((len(self.log), note))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.pos is None or self.rules.to_move(self.pos) is not None:
                return f"deal {self.rules.card_name(action)}"
            return self.options()[action][1]
        _, text, chained = self.rules.decode(action)
        return text + (CHAINED if chained else "")

    def is_terminal(self) -> bool:
        return self.pos is not None and self.rules.is_over(self.pos)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules.players
        return zero_sum(self.rules.players, self.rules.winners(self.pos))

    def __str__(self) -> str:
        return self.rules.state_text(self)


class Observer:
    """Views of a state for one player: the current view (observation), or with perfect recall
    everything the player has seen (information state): their dealt cards, every turn part and
    their own private notes. The tensor of the perfect-recall view is the current view plus the
    cards this player has seen (a summary; the string is the full information state)."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("arbiter's games provide one player's own views only (public and that player's private "
                             "information)")
        self.rules = rules
        self.recall = iig_obs_type.perfect_recall
        size = rules.view_size + (rules.cards if self.recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[: rules.view_size]}
        if self.recall:
            self.dict["seen"] = self.tensor[rules.view_size :]

    def set_from(self, state: State, player: int) -> None:
        self.tensor.fill(0)
        self.rules.view_tensor(state, player, self.dict["view"])
        if self.recall:
            for k, c in enumerate(state.dealt):
                if self.rules.seen_by(k) in (player, EVERYONE):
                    self.dict["seen"][c] = 1
            if state.pos is not None:
                for c in self.rules.seen_cards(state, player):
                    self.dict["seen"][c] = 1

    def string_from(self, state: State, player: int) -> str:
        if not self.recall:
            return self.rules.view(state, player)
        seen = [f"{k}:{self.rules.card_name(c)}" for k, c in enumerate(state.dealt)
                if self.rules.seen_by(k) in (player, EVERYONE)]
        lines = [f"player {player}", f"dealt {len(state.dealt)}/{self.rules.deal_length}, seen " + " ".join(seen)]
        notes = dict(state.notes[player])
        for k, (mover, text) in enumerate(state.log, 1):
            who = "chance" if mover == pyspiel.PlayerId.CHANCE else f"p{mover}"
            lines.append(f"{k}. {who}: {text}" + (f" ({notes[k]})" if k in notes else ""))
        return "\n".join(lines)


class Game(pyspiel.Game):
    """A pyspiel game for one Description; the parameters pick its Rules."""

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


def register(d: Description) -> None:
    """Register ``d`` with pyspiel (``pyspiel.load_game(d.short_name, {...})``)."""
    cls = type(f"Game_{d.short_name}", (Game,), {"description": d})
    pyspiel.register_game(game_type(d), cls)
