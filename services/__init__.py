"""What every interface shares, as plain code: answers, request schemas, the games in play, limits and settings.

The JSON endpoints (:mod:`api.endpoints`), the pages (:mod:`web`) and the
command line (:mod:`api.cli`) all judge through these modules, so they
answer alike: :mod:`services.answers` turns a request's engine values into
the answer, :mod:`services.schemas` reads and documents requests,
:mod:`services.play` keeps the games being played and their database,
:mod:`services.rate_limits` counts the costly requests, and
:mod:`services.settings` and :mod:`services.configuration` say how the app
is set up.  Nothing here imports an interface.
"""
