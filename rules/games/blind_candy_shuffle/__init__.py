"""Blind Candy Shuffle (rulings §8): four face-down cards, peek at two, swap blind, knock; lives."""

from rules.games.blind_candy_shuffle.game import BlindCandyShuffle

GAME = BlindCandyShuffle()

__all__ = ["GAME", "BlindCandyShuffle"]
