"""The documentation page at ``/api/docs`` loads everything it needs from the server itself."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from flask.testing import FlaskClient

REFERENCE = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")


def test_the_documentation_page_loads_nothing_from_elsewhere(client: FlaskClient) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    references = REFERENCE.findall(page)
    assert len(references) >= 3, references  # the style sheet and the two scripts at least
    for reference in references:
        address = urlsplit(urljoin("http://localhost/api/docs", reference))
        assert address.netloc == "localhost", f"{reference} is not served by the API itself"
        asset = client.get(address.path)
        assert asset.status_code == 200, reference
        assert asset.get_data(), reference
    assert "cdn" not in page.lower()
    assert "validatorUrl" in page and '"validatorUrl": null' in page


def test_the_page_reads_the_servers_own_openapi_document(client: FlaskClient) -> None:
    page = client.get("/api/docs").get_data(as_text=True)
    assert 'url: "/api/openapi.json"' in page


def test_a_missing_asset_is_a_404_and_no_file_outside_the_bundle_is_served(client: FlaskClient) -> None:
    assert client.get("/api/docs/assets/no-such-file.js").status_code == 404
    assert client.get("/api/docs/assets/../__init__.py").status_code == 404
    assert client.get("/api/docs/assets/%2E%2E/__init__.py").status_code == 404
