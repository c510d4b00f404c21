"""The Closest Ghost (Looney Labs, 2019): a race to see your half of the board cleared of candy."""

from rules.games.closest_ghost.game import ClosestGhost

GAME = ClosestGhost()

__all__ = ["GAME", "ClosestGhost"]
