"""Nambarz's pages: its check page and hints (:mod:`.check`), its table (:mod:`.table`), its entry (:mod:`.entry`)."""
