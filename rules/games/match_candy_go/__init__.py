"""Match Candy-Go (rulings §13): match by suit, capture stacks, collect sets of named candies."""

from rules.games.match_candy_go.game import MatchCandyGo

GAME = MatchCandyGo()

__all__ = ["GAME", "MatchCandyGo"]
