"""Rules-clarification reports in an FAQ and errata format shared by every game (``entry``,
``frequency``, ``render``), with each game's catalogue, witnesses and sampling in its own
subpackage (``red7``)."""
