"""Quando's pages: its check page (:mod:`.check`), its table (:mod:`.table`), its entry (:mod:`.entry`)."""
