"""Checking game engines against the model, game-generically: the engine driver (``engine``), the
hello and capabilities (``capabilities``), vector files (``vectors``), random search (``search``),
shrinking (``shrink``), the check (``run``) and its report; each game a plugin (``games``)."""
