"""31 Candies (rulings §9): three cards, one suit's total as near 31 as you can, knock; lives."""

from rules.games.thirty_one_candies.game import ThirtyOneCandies

GAME = ThirtyOneCandies()

__all__ = ["GAME", "ThirtyOneCandies"]
