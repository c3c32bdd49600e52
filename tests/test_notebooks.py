"""Every notebook in ``notebooks/`` runs from top to bottom without an error, in a fresh Python kernel.

A notebook takes its sizes (games played, exercises generated) from its cell
tagged ``parameters``, which holds the full sizes a person runs it with.  The
test runs it small instead, the way papermill does: a cell with the values of
:data:`SMALL_PARAMETERS` goes in right after the parameters cell, so a slow or
busy machine runs the notebook in seconds and no cell comes near a timeout.
"""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat import NotebookNode

from tests.paths import REPOSITORY

NOTEBOOKS = sorted((REPOSITORY / "notebooks").glob("*.ipynb"))

SMALL_PARAMETERS: dict[str, dict[str, int]] = {
    "strategy_lab.ipynb": {"NAMBARZ_GAMES": 6, "THEGAME_GAMES": 2},
    "teacher_exercises.ipynb": {"PER_KIND": 3},
    "thegame_strategies.ipynb": {"GAMES": 4},
}
"""For each notebook, the sizes it runs with in the test suite, by the names its parameters cell gives them."""

HUNG_KERNEL_SECONDS = 1800
"""How long a cell or the kernel's start may take before the kernel counts as hung.

Far beyond what the small sizes need even on a machine many times slower than
usual: it only keeps a hung kernel from stalling the suite for ever.
"""


def parameters_cell(notebook: NotebookNode) -> int:
    """The index of the notebook's one code cell tagged ``parameters``."""
    tagged = [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and "parameters" in cell.metadata.get("tags", [])
    ]
    assert len(tagged) == 1, f"expected one code cell tagged 'parameters', found {len(tagged)}"
    return tagged[0]


def assigned_names(source: str) -> set[str]:
    return {
        target.id
        for statement in ast.parse(source).body
        if isinstance(statement, ast.Assign)
        for target in statement.targets
        if isinstance(target, ast.Name)
    }


def with_small_parameters(notebook: NotebookNode, small: dict[str, int]) -> None:
    """Insert a cell that sets ``small`` right after the parameters cell, as papermill injects its parameters."""
    index = parameters_cell(notebook)
    source = "".join(f"{name} = {value!r}\n" for name, value in small.items())
    injected = nbformat.v4.new_code_cell(source, metadata={"tags": ["injected-parameters"]})
    notebook.cells.insert(index + 1, injected)


def test_there_is_at_least_one_notebook_to_run() -> None:
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_every_size_the_test_shrinks_is_a_parameter_of_the_notebook(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    assert path.name in SMALL_PARAMETERS, f"say in SMALL_PARAMETERS how small {path.name} runs in the test suite"
    assert set(SMALL_PARAMETERS[path.name]) <= assigned_names(notebook.cells[parameters_cell(notebook)].source)
    first_code_cell = next(index for index, cell in enumerate(notebook.cells) if cell.cell_type == "code")
    assert parameters_cell(notebook) == first_code_cell, "the parameters cell is the notebook's first code cell"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_the_notebook_runs_without_an_error_on_small_parameters(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    with_small_parameters(notebook, SMALL_PARAMETERS[path.name])
    client = NotebookClient(
        notebook,
        timeout=HUNG_KERNEL_SECONDS,
        startup_timeout=HUNG_KERNEL_SECONDS,
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
