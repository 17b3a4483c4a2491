"""Optional integrations with other tools (OpenSpiel, Dask); each is imported only when asked for
and needs its extra (``pip install "arbiter[openspiel]"``, ``"arbiter[distributed]"``)."""
