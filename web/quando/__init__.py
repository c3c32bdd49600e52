"""Quando's pages: its check page (:mod:`.check`)."""
