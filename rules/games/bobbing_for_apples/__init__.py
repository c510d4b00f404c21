"""Bobbing for Apples (rulings §14): take, combine, pair and give with the Best Candy deck; to 31."""

from rules.games.bobbing_for_apples.game import BobbingForApples

GAME = BobbingForApples()

__all__ = ["GAME", "BobbingForApples"]
