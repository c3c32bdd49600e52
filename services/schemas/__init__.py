"""The HTTP API's marshmallow schemas: one module per game, the tutor's, and the parts they share.

Requests are read into engine values, so every error names the field and
says what was expected; responses document the answers.  The schemas import
marshmallow only, never Flask, so the command line loads a ``--request``
body through the very schema the API uses.  What the app configures (the
Nambarz deck, the largest hand) reaches a schema as an argument: see
:class:`services.schemas.nambarz.CardLimits`.
"""
