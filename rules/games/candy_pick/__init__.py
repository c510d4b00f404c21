"""Candy Pick! (2 players): a Piquet-like variant played with the Best Candy deck."""

from rules.games.candy_pick.game import CandyPick

GAME = CandyPick()

__all__ = ["GAME", "CandyPick"]
