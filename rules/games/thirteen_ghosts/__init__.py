"""13 Ghosts: guess the Ghost hidden in your opponents' Crypts."""

from rules.games.thirteen_ghosts.game import ThirteenGhosts

GAME = ThirteenGhosts()

__all__ = ["GAME", "ThirteenGhosts"]
