"""Ghosts of Christmas, with bidding, and the Tiny Tim and Beyond variants."""

from rules.games.ghosts_of_christmas.game import GhostsOfChristmas

GAME = GhostsOfChristmas()

__all__ = ["GAME"]
