"""Nambarz's pages: checking a play or a turn, and hints (:mod:`.check`)."""
