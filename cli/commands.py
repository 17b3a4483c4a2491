"""The list of ``arbiter`` subcommands, one module each (add a line when adding a command)."""

from __future__ import annotations

ALL: list = []

from . import demo, engine, games, play, show

ALL += [games.games, show.show, play.play, engine.engine, demo.demo]

from . import check, vectors

ALL += [check.check, vectors.vectors]

from . import report

ALL += [report.report]

from . import solve

ALL += [solve.solve]

from . import interactions

ALL += [interactions.interactions]

from . import prove

ALL += [prove.prove]

from . import score

ALL += [score.score]

from . import value

ALL += [value.value]
