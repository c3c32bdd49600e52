"""gunicorn's access log without the seats' secrets: each value passes through :mod:`~api.middleware.redaction`.

gunicorn builds each access-log line from "atoms" (the request line
``r``, the path ``U``, the referrer ``f``, every request header ``{…}i``,
response header ``{…}o`` and WSGI variable ``{…}e``, such as
``{raw_uri}e``).  :class:`AccessLog` cuts a join link's token out of each of
them, so no format, the one of :data:`api.server.ACCESS_LOG_FORMAT` or
another, can write it.  ``nambarz serve`` imports this module only after
gevent has patched the standard library, as it imports gunicorn.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any, cast

from gunicorn.glogging import Logger

from api.middleware.redaction import JOIN_TOKEN_FILTER, without_join_tokens

if TYPE_CHECKING:
    from gunicorn.glogging import _AtomsDict
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response


class AccessLog(Logger):
    """gunicorn's logger, writing every access-log value, and every error-log line, with a join link's token cut out."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.addFilter(JOIN_TOKEN_FILTER)  # "Error handling request <address>", say

    def atoms(self, resp: Response, req: Request, environ: Any, request_time: timedelta) -> _AtomsDict:
        atoms = super().atoms(resp, req, environ, request_time)
        values = cast(dict[str, Any], atoms)
        for name, value in values.items():
            if isinstance(value, str):
                values[name] = without_join_tokens(value)
        return atoms
