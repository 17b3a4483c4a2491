"""Proofs about bridge card play: z3 over the family's trick spec as bridge builds it (``encoding``)
and facts checked on the engine's own transitions, gathered in the catalogue (``theorems``)."""

from .theorems import catalogue, run_catalogue, select

__all__ = ["catalogue", "run_catalogue", "select"]
