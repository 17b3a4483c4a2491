"""Checking Red7 engines against the model: conformance vectors (``vectors``), engine drivers
(``engine``), random cases and shrinking (``cases``), the check itself (``run``) and its report."""
