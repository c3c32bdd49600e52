"""The application: where every layer is put together, and the interfaces that are not pages.

- :mod:`api.app` (``create_app``), :mod:`api.server`, :mod:`api.openapi`,
  :mod:`api.command` (the ``nambarz`` console script, with :mod:`api.serve`)
  and :mod:`api.middleware`: the one place that knows every layer and
  composes them;
- :mod:`api.endpoints`: the JSON endpoints under ``/api/v1``;
- :mod:`api.cli`: the command line's commands.

The pages are :mod:`web`; what the interfaces share is :mod:`services`.
Importing this package loads nothing, so the command line starts without
Flask unless it serves.
"""
