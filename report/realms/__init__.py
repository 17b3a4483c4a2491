"""The Realms clarification report: its catalogue of contradictions, gaps and unclear wording, the
witnesses replayed by the engine, and how often each point matters in seeded games."""
