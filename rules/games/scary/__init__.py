"""Scary (5 players): a Mighty-like variant played with the Best Candy deck."""

from rules.games.scary.game import Scary

GAME = Scary()

__all__ = ["GAME", "Scary"]
