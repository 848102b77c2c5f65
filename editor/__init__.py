"""Seastack: a desktop studio for designers of hex and tile board games."""

from editor import accelerated as _accelerated

__version__ = "0.1.0"
#: Whether this process runs the compiled engines, decided before any of them is imported
#: (``editor.accelerated``: an edited source sets the compiled files aside).
ACCELERATION = _accelerated.install()
