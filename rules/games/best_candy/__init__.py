"""Best Candy on the Block (base game, 1-5 players)."""

from rules.games.best_candy.game import BestCandy

GAME = BestCandy()

__all__ = ["GAME", "BestCandy"]
