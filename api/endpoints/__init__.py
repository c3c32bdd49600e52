"""One blueprint per area of the HTTP API."""
