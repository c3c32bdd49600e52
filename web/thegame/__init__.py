"""The Game's pages: its check page (:mod:`.check`)."""
