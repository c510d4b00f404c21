"""Haunted House (3-5 players): a Hearts-like variant played with the Best Candy deck."""

from rules.games.haunted_house.game import HauntedHouse

GAME = HauntedHouse()

__all__ = ["GAME", "HauntedHouse"]
