"""Rules-clarification reports: the Red7 ambiguity catalogue, witnesses and divergence found by the
model, solver and proofs, rendered as Markdown, HTML or JSON."""
