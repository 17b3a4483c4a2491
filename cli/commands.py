"""The ``arbiter`` subcommands, one module each, loaded only when run or listed (add a line when
adding a command): ``arbiter show`` must not pay for z3, hypothesis or networkx."""

from __future__ import annotations

# Command name -> (module of arbiter.cli, attribute), in the order ``arbiter -h`` lists them.
COMMANDS: dict[str, tuple[str, str]] = {
    "advise": ("advise", "advise"),
    "annotate": ("annotate", "annotate_command"),
    "apply": ("apply", "apply"),
    "check": ("check", "check"),
    "deal": ("deal", "deal"),
    "demo": ("red7.demo", "demo"),
    "engine": ("engine", "engine"),
    "games": ("games", "games"),
    "interactions": ("interactions", "interactions"),
    "moves": ("moves", "moves"),
    "play": ("play", "play"),
    "prove": ("prove", "prove"),
    "report": ("report", "report"),
    "score": ("stick_to_colours.score", "score"),
    "show": ("show", "show"),
    "solve": ("solve", "solve"),
    "value": ("stick_to_colours.value", "value"),
    "vectors": ("vectors", "vectors"),
}
