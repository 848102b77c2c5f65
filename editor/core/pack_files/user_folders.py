"""Where installed packs live: the user's data folder (platformdirs), or one a variable names.

The data folder is ``platformdirs.user_data_path("seastack")`` (on Linux
``~/.local/share/seastack``), unless the environment variable ``SEASTACK_DATA_DIR`` names
another one, as the tests and a designer trying things out do. Inside it::

    packs/<id>/<version>/pack.yaml     one folder per pack id and version
    packs/.staging/                    private folders a pack file is unpacked into first
    scenarios/<layout-id>/             the layouts that came in scenario files
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: The environment variable that names another data folder.
DATA_DIR_VARIABLE = "SEASTACK_DATA_DIR"
#: The hidden folder beside the installed packs where pack files are unpacked first (on the
#: same file system, so that moving a checked pack into place is one rename).
STAGING = ".staging"


def data_dir() -> Path:
    """The user's Seastack data folder (it need not exist yet)."""
    named = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if named:
        return Path(named).expanduser()
    return platformdirs.user_data_path("seastack", appauthor=False)


def packs_dir(data: Path | None = None) -> Path:
    """The folder of installed packs: ``<data>/packs``."""
    return (data if data is not None else data_dir()) / "packs"


def scenarios_dir(data: Path | None = None) -> Path:
    """The folder of installed scenario layouts: ``<data>/scenarios``."""
    return (data if data is not None else data_dir()) / "scenarios"


def staging_dir(data: Path | None = None) -> Path:
    """The hidden folder pack files are unpacked into before they are moved into place."""
    return packs_dir(data) / STAGING


def installed_folder(pack_id: str, version: str, data: Path | None = None) -> Path:
    """The folder one version of a pack is installed in: ``<data>/packs/<id>/<version>``.

    >>> installed_folder("my-volcanoes", "0.3.0", Path("/d")).as_posix()
    '/d/packs/my-volcanoes/0.3.0'
    """
    return packs_dir(data) / pack_id / version
