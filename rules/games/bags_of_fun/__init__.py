"""Bags of Fun (rulings §16): fill the bags from three piles, and keep secret which bag is yours."""

from rules.games.bags_of_fun.game import BagsOfFun

GAME = BagsOfFun()

__all__ = ["GAME", "BagsOfFun"]
