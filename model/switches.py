"""Reading switches shared by every game: a ruleset is a frozen dataclass of named switches, each
with its alternatives (the first is the default) and the source sentences behind them; presets are
named rulesets. Text and JSON forms, parsing and validation are written here once."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, dataclass, fields, replace
from typing import Any, ClassVar, Self, get_origin


class RulesetError(ValueError):
    """An unknown preset, an unknown switch or a value a switch does not take."""


@dataclass(frozen=True)
class Switch:
    """One reading switch: its name, its alternatives (default first), and where it comes from.

    ``sources`` pairs a source name (as the game's docs name it, e.g. ``EN-REF``) with the sentence
    quoted word for word; ``question`` is the doubt in one line."""

    name: str
    alternatives: tuple[Any, ...]
    question: str = ""
    sources: tuple[tuple[str, str], ...] = ()

    @property
    def default(self) -> Any:
        return self.alternatives[0]


def show(value: Any) -> str:
    """A switch value as it is written in text: booleans as true/false."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _class_var(annotation: Any) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or get_origin(annotation) is ClassVar


@dataclass(frozen=True)
class SwitchRuleset:
    """Base of every game's ruleset. A subclass is a frozen dataclass that sets ``SWITCHES`` (name ->
    alternatives, default first): its fields are made from it, one a switch in that order, each
    defaulting to its first alternative (``__init_subclass__``; a field still declared in the class
    body must say the same, or the class is refused). After the class, ``make_presets`` sets
    ``PRESETS`` (name -> ruleset, the first being the game's default). ``preset`` names the preset
    a ruleset starts from: the first preset equal on ``PRESET_KEYS``."""

    SWITCHES: ClassVar[dict[str, tuple[Any, ...]]] = {}
    PRESETS: ClassVar[dict[str, Any]] = {}
    PRESET_KEYS: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Declare one field a switch, before ``@dataclass`` reads the class: the defaults are written
        once, in ``SWITCHES``."""
        super().__init_subclass__(**kwargs)
        own = inspect.get_annotations(cls)
        kept = {name: ann for name, ann in own.items() if _class_var(ann)}
        for name in own.keys() - kept.keys() - cls.SWITCHES.keys():
            raise RulesetError(f"{cls.__name__}.{name} is a field but not a switch: add it to SWITCHES")
        switches = {}
        for name, alternatives in cls.SWITCHES.items():
            default = alternatives[0]
            declared = cls.__dict__.get(name, MISSING)
            if name in own and (declared != default or type(declared) is not type(default)):
                raise RulesetError(f"{cls.__name__}.{name} is declared with default "
                                   f"{'none' if declared is MISSING else show(declared)}, but SWITCHES gives "
                                   f"{show(default)} first: leave the field out, it is made from SWITCHES")
            setattr(cls, name, default)
            switches[name] = own.get(name, type(default).__name__)
        cls.__annotations__ = {**kept, **switches}

    @classmethod
    def make_presets(cls, presets: dict[str, dict[str, Any]] | None = None) -> dict[str, Self]:
        """Set ``PRESETS`` from the switches each preset sets (the rest at their defaults), the game's
        default first; without ``presets`` the one preset ``default``. Returns them."""
        cls.PRESETS = {name: cls(**switches) for name, switches in (presets or {"default": {}}).items()}
        return cls.PRESETS

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = self.SWITCHES[f.name]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RulesetError(f"switch {f.name!r} takes {' or '.join(map(show, allowed))}, got {show(value)}")

    @property
    def preset(self) -> str:
        """The preset this ruleset starts from."""
        for name, base in self.PRESETS.items():
            if all(getattr(self, k) == getattr(base, k) for k in self.PRESET_KEYS):
                return name
        raise AssertionError("every ruleset has a preset")  # PRESET_KEYS values of each preset cover all

    def overrides(self) -> dict[str, Any]:
        """Switches that differ from this ruleset's preset."""
        base = self.PRESETS[self.preset]
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}

    def with_switches(self, **switches: Any) -> Self:
        for name in switches:
            if name not in self.SWITCHES:
                raise RulesetError(f"unknown switch {name!r} (known: {', '.join(self.SWITCHES)})")
        return replace(self, **switches)

    def to_json(self) -> str | dict[str, Any]:
        extra = self.overrides()
        return self.preset if not extra else {"preset": self.preset, **extra}

    @classmethod
    def preset_named(cls, name: Any) -> Self:
        if not isinstance(name, str) or name.strip().lower() not in cls.PRESETS:
            raise RulesetError(f"unknown ruleset {name!r} (one of {', '.join(cls.PRESETS)})")
        return cls.PRESETS[name.strip().lower()]

    @classmethod
    def from_json(cls, value: Any) -> Self:
        """A preset name, or an object ``{"preset": ..., <switch>: <value>, ...}``."""
        if isinstance(value, str):
            return cls.preset_named(value)
        if isinstance(value, dict):
            rest = dict(value)
            name = rest.pop("preset", next(iter(cls.PRESETS)))
            return cls.preset_named(name).with_switches(**rest)
        raise RulesetError(f"ruleset must be a preset name or an object, got {value!r}")

    def __str__(self) -> str:
        extra = self.overrides()
        return ",".join([self.preset] + [f"{k}={show(v)}" for k, v in extra.items()])

    @classmethod
    def parse(cls, text: str) -> Self:
        """The text form of ``str()``: ``preset[,switch=value...]`` (booleans as true/false)."""
        name, *pairs = text.strip().split(",")
        switches: dict[str, Any] = {}
        for pair in pairs:
            key, sep, raw = pair.partition("=")
            if not sep:
                raise RulesetError(f"expected switch=value in ruleset, got {pair!r}")
            key = key.strip()
            if key not in cls.SWITCHES:
                raise RulesetError(f"unknown switch {key!r} (known: {', '.join(cls.SWITCHES)})")
            raw = raw.strip()
            first = cls.SWITCHES[key][0]
            if isinstance(first, bool):
                switches[key] = {"true": True, "false": False}.get(raw, raw)
            elif isinstance(first, int):
                switches[key] = int(raw) if raw.lstrip("-").isdecimal() else raw
            else:
                switches[key] = raw
        return cls.preset_named(name).with_switches(**switches)
