"""Per-game renderers, found by the game's rules package name.

`rules/closest_ghost/` is drawn by `bot/renderers/closest_ghost.py` (its
`RENDERER`), so adding a game touches nothing here. No discord import.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from bot.renderers.base import DefaultRenderer, Renderer
from rules.contract import Game


def rules_package(game: Game[Any]) -> str:
    """`rules.closest_ghost.game` -> `closest_ghost`."""
    return type(game).__module__.split(".")[1]


@cache
def renderer_for(game: Game[Any]) -> Renderer:
    name = f"bot.renderers.{rules_package(game)}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return DefaultRenderer()
    renderer: Renderer = module.RENDERER
    return renderer
