"""Where the bundled schemas, layouts and content packs live.

In a wheel they are copied into ``editor/_bundled/``; in a source checkout or an editable
install they are the top-level folders of the repository.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def bundled_root() -> Path:
    """The folder that holds ``schemas/``, ``layouts/`` and ``content/``."""
    installed = _PACKAGE / "_bundled"
    if (installed / "schemas").is_dir():
        return installed
    return _PACKAGE.parent


def schemas_dir() -> Path:
    """The bundled JSON Schema files."""
    return bundled_root() / "schemas"


def layouts_dir() -> Path:
    """The bundled boards and layouts."""
    return bundled_root() / "layouts"


def content_dir() -> Path:
    """The bundled content packs, one folder each."""
    return bundled_root() / "content"
