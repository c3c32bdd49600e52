"""The build step that compiles the tutor's gettext catalogs into the ``.mo`` files read at run time.

``setup.cfg`` declares it (``cmdclass``) as a sub-command of ``build``, so that
every wheel and every installation carries compiled catalogs and the package
never needs Babel at run time: Babel is a build requirement only
(``pyproject.toml``).  Each ``tutor/locale/<lang>/LC_MESSAGES/<domain>.po``
becomes a ``.mo`` beside it in the built package; for an editable installation
(``pip install -e .``) the ``.mo`` is written beside the ``.po`` in the source
tree, where the code runs from (git ignores it there).  Fuzzy entries are left
out, as ``pybabel compile`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from setuptools import Command
from setuptools.command.build import build

LOCALE = Path("tutor", "locale")
"""The catalogs, relative to the project root: ``<lang>/LC_MESSAGES/<domain>.po``."""


def catalog_sources() -> list[Path]:
    """Every translation catalog of the tutor, in a fixed order."""
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def compile_catalog(source: Path, target: Path) -> None:
    """Compile the ``.po`` file ``source`` into the ``.mo`` file ``target``."""
    # Imported here so that the steps that only read the metadata (egg_info, sdist) work without Babel.
    from babel.messages.mofile import write_mo  # noqa: PLC0415
    from babel.messages.pofile import read_po  # noqa: PLC0415

    language = source.parent.parent.name
    with source.open("rb") as po_file:
        catalog = read_po(po_file, locale=language, domain=source.stem)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as mo_file:
        write_mo(mo_file, catalog)


class BuildCatalogs(Command):
    """``build_catalogs``: compile every catalog of ``tutor/locale`` into its ``.mo``."""

    description = "compile the tutor's gettext catalogs (.po) into .mo files"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self) -> None:
        for target, source in self.get_output_mapping().items():
            self.announce(f"compiling {source} to {target}", level=2)
            compile_catalog(Path(source), Path(target))

    def get_output_mapping(self) -> dict[str, str]:
        """Each compiled catalog and the catalog it is compiled from."""
        root = Path("." if self.editable_mode or self.build_lib is None else self.build_lib)
        return {str(root / source.with_suffix(".mo")): str(source) for source in catalog_sources()}

    def get_outputs(self) -> list[str]:
        return list(self.get_output_mapping())

    def get_source_files(self) -> list[str]:
        return [str(source) for source in catalog_sources()]


class BuildWithCatalogs(build):
    """``build``, with the catalogs compiled after the Python modules are in place."""

    sub_commands: ClassVar[list[tuple[str, Callable[[Any], bool] | None]]] = [
        *build.sub_commands,
        ("build_catalogs", None),
    ]
