"""How Many Candies do you Wish (4 players in two teams): a Spades-like variant with the Best Candy deck."""

from rules.games.how_many_candies.game import HowManyCandies

GAME = HowManyCandies()

__all__ = ["GAME", "HowManyCandies"]
