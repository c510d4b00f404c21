"""Sugarfree (rulings §11): shed your cards by suit or rank, wild cards change the play; to 113."""

from rules.games.sugarfree.game import Sugarfree

GAME = Sugarfree()

__all__ = ["GAME", "Sugarfree"]
