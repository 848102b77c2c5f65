"""How a pack file or folder is refused: diagnostics that name the file, line and column."""

from __future__ import annotations

from collections.abc import Sequence

from editor.core.diagnostics import Diagnostic, error


class PackPathError(Exception):
    """A path given cannot be used at all (missing, a folder for a file...): one line."""


class OutputExists(PackPathError):
    """A file of the pack file's name exists with other bytes; replaced only when asked."""

    def __init__(self, path: object) -> None:
        super().__init__(f"{path} exists already with other content; use --force to replace it")
        self.path = path


class PackFileError(Exception):
    """A pack file or folder is refused; ``diagnostics`` say where and why (nothing was
    written, and nothing outside a private staging folder was unpacked)."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        first = self.diagnostics[0].format() if self.diagnostics else "refused"
        more = len(self.diagnostics) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))


class AlreadyInstalled(PackFileError):
    """The versions in a pack file are installed already: replace them only when asked
    (``--force``, or the editor's question)."""

    def __init__(self, diagnostics: Sequence[Diagnostic], folders: Sequence[str]) -> None:
        super().__init__(diagnostics)
        #: What is installed already, as ``id version`` (and the scenario's layout file).
        self.installed = list(folders)


def refused(shown: str, code: str, message: str) -> PackFileError:
    """A refusal of a whole file (at its line 1, column 1, as the loader names such files)."""
    return PackFileError([error(shown, 1, 1, code, message)])
