"""``/api/v1/health``: is the service up, and which version is it."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from api.schemas.common import HealthSchema
from api.version import version

blueprint = Blueprint("health", __name__, url_prefix="/api/v1", description="Service health")


@blueprint.route("/health")
class Health(MethodView):
    @blueprint.response(200, HealthSchema)
    def get(self) -> dict[str, Any]:
        """Report that the service answers, with its version."""
        return {"status": "ok", "version": version()}
