"""Seastack: a desktop studio for designers of hex and tile board games."""

__version__ = "0.1.0"
