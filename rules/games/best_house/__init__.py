"""Best House on the Block (2-5 players): give out the candy the trick-or-treaters ask for."""

from rules.games.best_house.game import BestHouse

GAME = BestHouse()

__all__ = ["GAME", "BestHouse"]
