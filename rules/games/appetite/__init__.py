"""Appetite (4 players): an Ambition-like variant played with the Best Candy deck."""

from rules.games.appetite.game import Appetite

GAME = Appetite()

__all__ = ["GAME", "Appetite"]
