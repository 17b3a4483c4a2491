"""Realms proofs: the trick spec compiled to z3 (``encoding``), the theorem catalogue
(``theorems``), the table of cards that can win a trick per reading (``deciding``), the
termination and hand-size results (``game``) and the reading interactions (``interactions``)."""
