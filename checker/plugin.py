"""What a game gives the checker (``GamePlugin``, one per game id, listed in ``games.PLUGINS``) and
the values shared by every game: a difference with its kind, an engine's capabilities, a failing
case, a misreading (a way of getting a rule wrong, to explain failures by)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Difference:
    """How an engine's answer differs from the model's: ``kind`` is short and stable (it groups
    failures no misreading explains, and a witness search keeps it), ``text`` says what differs for
    people."""

    kind: str
    text: str


@dataclass(frozen=True)
class Needs:
    """What a request asks of an engine beyond its op: a player count (None when the op has none),
    a ruleset preset and the switch values that differ from the defaults."""

    players: int | None
    preset: str
    switches: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Capabilities:
    """What an engine serves for one game. A switch absent from ``switches`` serves only its
    default; ``declared`` is False when the engine's hello declared nothing (the defaults apply)."""

    game: str
    ops: tuple[str, ...]
    players: tuple[int, ...]
    presets: tuple[str, ...]
    switches: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    declared: bool = True

    def supports(self, needs: Needs) -> bool:
        return ((needs.players is None or needs.players in self.players) and needs.preset in self.presets
                and all(member(value, self.switches.get(name, ())) for name, value in needs.switches))


def member(value: Any, values: tuple[Any, ...]) -> bool:
    # JSON true is not the number 1: compare types too.
    return any(value == v and type(value) is type(v) for v in values)


@dataclass
class Failure:
    """A request on which the engine disagrees with the model (or crashes)."""

    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    difference: Difference
    rule: str

    @property
    def signature(self) -> tuple[str, str, str]:
        """(op, rule, kind): how it fails, before any explanation."""
        return (self.request["op"], self.rule, self.difference.kind)

    @property
    def crashed(self) -> bool:
        return "crash" in self.got


@dataclass(frozen=True)
class Misreading:
    """A way of getting a rule wrong, known from implementations: ``answer`` is what an engine that
    reads the rule so would answer (None where the misreading cannot change the answer);
    ``statement`` says it in rule words for the rules it was seen under (e.g. "Orange compares
    numbers instead of group sizes")."""

    name: str
    statement: Callable[[list[str]], str]
    answer: Callable[[dict[str, Any]], dict[str, Any] | None]


class GamePlugin(Protocol):
    """The game-specific half of the checker. Requests are protocol requests without ``id``;
    every one carries ``"game"``."""

    game: str
    ops: tuple[str, ...]  # the ops the checker can check, in checking order
    rules: tuple[str, ...]  # the random search shares its budget evenly over these
    # op -> the switches its answers read (random cases draw rulesets over these only); an op not
    # named reads every switch. A test checks that no other switch changes an answer.
    op_switches: dict[str, tuple[str, ...]]

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The model's answer; raises ValueError (or a subclass) on a malformed request."""

    def compare(self, request: dict[str, Any], expected: dict[str, Any], got: dict[str, Any]) -> Difference | None:
        """None when ``got`` agrees with ``expected``."""

    def reason(self, request: dict[str, Any]) -> str:
        """One line naming the rule clause that decides the answer."""

    def rule_of(self, request: dict[str, Any]) -> str:
        """The rule a request is about (findings list the rules they were seen under)."""

    def unreachable(self, request: dict[str, Any]) -> str | None:
        """Why no game can produce this input, or None when one can."""

    def needs(self, request: dict[str, Any]) -> Needs: ...

    def ruleset_needs(self, ruleset: Any) -> Needs:
        """What a ruleset (canonical JSON) asks of an engine, players left open."""

    def ruleset_key(self, request: dict[str, Any]) -> Any:
        """The request's ruleset in a canonical JSON form (to select cases by ``--ruleset``)."""

    def parse_ruleset(self, text: str) -> Any:
        """A ``--ruleset`` option in the canonical JSON form; ValueError naming what is wrong."""

    def default_capabilities(self, ops: tuple[str, ...]) -> Capabilities:
        """What an engine that declares nothing is checked on."""

    def full_capabilities(self) -> Capabilities:
        """Everything the model serves (a declaration is checked against it)."""

    def strategy(self, op: str, rule: str, caps: Capabilities, ruleset: Any, edge_cases: bool) -> Any:
        """A Hypothesis strategy of requests of ``op`` under ``rule`` within ``caps`` (and ``ruleset``
        when not None); reachable inputs only unless ``edge_cases``."""

    def smaller(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Requests one step smaller (a card or a player fewer), biggest steps first."""

    def size(self, request: dict[str, Any]) -> int:
        """Cards named in the request (what shrinking reduces)."""

    def features(self, request: dict[str, Any]) -> list[tuple[str, str]]:
        """(category, label) pairs a request exercises, e.g. ("rules", "blue"), for the coverage line."""

    def coverage_universe(self, caps: Capabilities, ops: list[str]) -> dict[str, list[str]]:
        """Per coverage category, every label the check could exercise within ``caps``."""

    def render(self, request: dict[str, Any]) -> list[str]:
        """The request for people, a few lines."""

    # -- explaining failures (findings) and searching for the smallest witness ---------------------
    def reruled(self, request: dict[str, Any], switches: dict[str, Any]) -> dict[str, Any] | None:
        """``request`` under its ruleset with ``switches`` set (None when that is not a ruleset)."""

    def sentence(self, switch: str) -> str:
        """The doubt behind a reading switch in one line, or the rule sentence it reads ("" if none)."""

    def misreadings(self, op: str) -> list[Misreading]:
        """Known ways of getting ``op``'s rules wrong (none: failures are grouped by clause)."""

    def clause(self, request: dict[str, Any]) -> str:
        """The clause of the rules that decides the model's answer (the reference evaluator's)."""

    def traits(self, request: dict[str, Any]) -> list[str]:
        """What a request shows, in rule words ("a player is out", "3 players"): a finding that no
        misreading explains is stated by the traits all its cases share and no passing case has."""

    def shape(self, request: dict[str, Any]) -> tuple:
        """The shape of a request (players, cards each, ...): a second witness differs in it."""

    def variants(self, request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """Requests of the same size near ``request``: lower numbers first, then other colours."""

    def enumerate(self, request: dict[str, Any], size: int,
                  differs: Callable[[dict[str, Any]], bool] | None) -> Iterator[dict[str, Any]] | None:
        """Every reachable request of ``size`` cards around ``request``'s clause (same op, rule,
        ruleset and players), or None when the game cannot list them; ``differs`` (the finding's
        test that a request could show it) may be used to skip requests cheaply."""

    def min_size(self, request: dict[str, Any]) -> int:
        """The fewest cards a reachable request around ``request`` holds."""

    def vector_files(self, ops: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
        """Relative path -> {"group", "topic", "description", "cases"}, deterministic; with ``ops``,
        only files holding cases of those ops are needed (a check of some ops builds only theirs)."""


def reads(plugin: GamePlugin, op: str, switch: str) -> bool:
    """Whether ``op``'s answers can depend on ``switch``, as ``plugin.op_switches`` declares."""
    declared = plugin.op_switches.get(op)
    return declared is None or switch in declared
