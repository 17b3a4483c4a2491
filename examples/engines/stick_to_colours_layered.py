#!/usr/bin/env python3
"""A Stick to Colours scorer speaking the engine protocol (arbiter-engine/1) for ``hello`` and
``score``, which splits duplicates into runs layer by layer (first copies, then second copies), as
an online scorer does, while its hello declares only the default ruleset: ``arbiter check --game
stick-to-colours`` names the reading it follows (``run_split=layered``) instead of reporting bugs.
It scores with arbiter's model under that reading: a stand-in for a scorer written elsewhere."""

import json
import sys

from arbiter.model.stick_to_colours import Ruleset, fast, parse_cards, scoring_spec

HELLO = {"protocol": "arbiter-engine/1", "game": "stick-to-colours", "ops": ["hello", "score"]}


def answer(request: dict) -> dict:
    if request.get("op") == "hello":
        return HELLO
    if request.get("op") != "score":
        return {"error": {"code": "unknown_op", "message": f"unknown op {request.get('op')!r}"}}
    try:
        rules = Ruleset.from_json(request.get("ruleset", "default")).with_switches(run_split="layered")
        return {"points": fast.points(parse_cards(request["cards"]), scoring_spec(rules))}
    except (ValueError, KeyError) as e:
        return {"error": {"code": "invalid_request", "message": str(e)}}


for line in sys.stdin:
    if line.strip():
        request = json.loads(line)
        print(json.dumps({"id": request.get("id"), **answer(request)}), flush=True)
