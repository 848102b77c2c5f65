"""The games Seastack supports; importing this package registers all of them."""

from editor.games import snails

__all__ = ["snails"]
