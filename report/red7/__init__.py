"""The Red7 clarification report: its catalogue, witness search, narration and frequency sampling."""
