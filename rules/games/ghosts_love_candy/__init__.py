"""Ghosts Love Candy: haunt trick-or-treaters for their candy without scaring them off."""

from __future__ import annotations

from rules.games.ghosts_love_candy.game import GhostsLoveCandy

GAME = GhostsLoveCandy()

__all__ = ["GAME", "GhostsLoveCandy"]
