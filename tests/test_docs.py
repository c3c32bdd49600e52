"""The documentation site: it builds with warnings as errors, and its pages load nothing from elsewhere.

``mkdocs build --strict`` fails on a broken link or anchor, a reference to
an object the docstrings do not have, and a page left out of the
navigation (``validation`` in ``mkdocs.yml``).  The build runs once, into a
temporary folder, as the README tells a reader to run it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.paths import REPOSITORY

EXTERNAL = re.compile(r"""^(?:[a-z][a-z0-9+.-]*:)?//""", re.IGNORECASE)
"""An address on another server: ``https://…``, ``http://…`` or ``//…``."""

LOADED = re.compile(
    r"""<(?:script|img|iframe|source|audio|video)\b[^>]*?\bsrc=["']([^"']+)["']"""
    r"""|<link\b[^>]*?\bhref=["']([^"']+)["']""",
    re.IGNORECASE,
)
"""What an HTML page loads by itself: scripts, pictures, frames, media and links (styles, fonts, icons)."""

CSS_LOADED = re.compile(r"""url\(\s*["']?([^"')\s]+)|@import\s+["']([^"']+)""", re.IGNORECASE)
"""What a style sheet loads: fonts and pictures through ``url(…)``, other sheets through ``@import``."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built strictly from the repository into a temporary folder."""
    folder = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    return folder


def test_the_site_builds_strictly_with_a_page_for_every_reader(site: Path) -> None:
    for page in ("players", "referees", "teachers", "operators", "developers/design", "cli", "http-api", "benchmarks"):
        assert (site / page / "index.html").is_file(), page


def test_the_http_reference_is_rendered_from_the_openapi_document(site: Path) -> None:
    reference = (site / "http-reference" / "index.html").read_text(encoding="utf-8")
    for operation in ("post-apiv1nambarzcheck", "post-apiv1gamesgame_idactions", "post-apiv1tutorworksheet"):
        assert f'id="{operation}"' in reference


def test_the_python_reference_documents_the_registry_and_every_game(site: Path) -> None:
    reference = (site / "reference" / "solver" / "index.html").read_text(encoding="utf-8")
    assert 'id="solver.games.find_game"' in reference
    for game in ("nambarz", "thegame", "quando", "nmbrs"):
        page = (site / "reference" / game / "index.html").read_text(encoding="utf-8")
        for role in ("state", "referee", "rules"):
            assert f'id="solver.{game}.{role}"' in page


def test_no_page_loads_anything_from_another_server(site: Path) -> None:
    loaded = []
    for page in site.rglob("*.html"):
        for match in LOADED.finditer(page.read_text(encoding="utf-8")):
            address = match[1] or match[2]
            if EXTERNAL.match(address):
                loaded.append(f"{page.relative_to(site)}: {address}")
    for sheet in site.rglob("*.css"):
        for match in CSS_LOADED.finditer(sheet.read_text(encoding="utf-8")):
            address = match[1] or match[2]
            if EXTERNAL.match(address):
                loaded.append(f"{sheet.relative_to(site)}: {address}")
    assert loaded == []


def test_no_page_holds_a_diagram_the_theme_would_fetch_a_script_for(site: Path) -> None:
    for page in site.rglob("*.html"):
        assert 'class="mermaid"' not in page.read_text(encoding="utf-8"), page


def docstrings_extension() -> ModuleType:
    """The griffe extension ``docs/docstrings.py``, which is not a package's module."""
    spec = importlib.util.spec_from_file_location("docstrings", REPOSITORY / "docs" / "docstrings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_doctest_becomes_a_code_block_and_a_role_a_reference() -> None:
    griffe = pytest.importorskip("griffe")
    extension = docstrings_extension()
    module = griffe.Module("games")
    module.set_member("find_game", griffe.Function("find_game"))
    text = "Finds one with :func:`find_game`.\n\n>>> [1, 2]\n[1, 2]\n\nThen :class:`~solver.review.TurnRules`."
    assert extension.markdown_docstring(text, module).splitlines() == [
        'Finds one with <autoref identifier="games.find_game" optional><code>find_game</code></autoref>.',
        "",
        "```pycon",
        ">>> [1, 2]",
        "[1, 2]",
        "```",
        "",
        'Then <autoref identifier="solver.review.TurnRules" optional><code>TurnRules</code></autoref>.',
    ]
