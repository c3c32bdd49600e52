"""Games played over the HTTP API, seat by seat, and the database that keeps them (:mod:`services.play.store`)."""
