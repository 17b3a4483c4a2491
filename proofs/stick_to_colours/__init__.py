"""Proofs about Stick to Colours."""
