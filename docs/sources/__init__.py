"""The rule texts arbiter quotes, shipped as package data (``arbiter.sources``); read them through
``arbiter.model.sources``."""
