"""arbiter.model: card-game models (cards, declarative rule specs, fast engines, rulesets, notation).

Pure Python; never imports z3.
"""
