"""The games Seastack supports; importing this package registers all of them."""

from editor.games import snails, snakes_of_wrath, snit_smashing

__all__ = ["snails", "snakes_of_wrath", "snit_smashing"]
