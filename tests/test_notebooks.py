"""Every notebook in ``notebooks/`` runs from top to bottom without an error, in a fresh Python kernel."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tests.paths import REPOSITORY

NOTEBOOKS = sorted((REPOSITORY / "notebooks").glob("*.ipynb"))
CELL_TIMEOUT_SECONDS = 120
"""The longest one cell may run before the notebook counts as failed."""


def test_there_is_at_least_one_notebook_to_run() -> None:
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_the_notebook_runs_without_an_error(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT_SECONDS,
        kernel_name="python3",
        resources={"metadata": {"path": str(REPOSITORY)}},
    )
    client.execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
