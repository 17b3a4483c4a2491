"""The Stick to Colours clarification report."""
