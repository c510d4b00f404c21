"""Candy Climb (rulings §15): climb with ever higher melds, and be the first to shed your hand."""

from rules.games.candy_climb.game import CandyClimb

GAME = CandyClimb()

__all__ = ["GAME", "CandyClimb"]
