"""Proofs about Stick to Colours: z3 over the compiled scoring spec (``encoding``), turn facts checked on
the engine (``turns``) and the theorem catalogue (``theorems``)."""

from .theorems import catalogue, run_catalogue, select

__all__ = ["catalogue", "run_catalogue", "select"]
