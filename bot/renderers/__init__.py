"""Per-game renderers, found by the game's rules package name.

`rules/games/closest_ghost/` is drawn by `bot/renderers/closest_ghost.py` (its
`RENDERER`), so adding a game touches nothing here. No discord import.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from bot.renderers.base import DefaultRenderer, InSteps, Renderer
from rules.contract import Game
from rules.registry import folder_of


@cache
def screens_for(game: Game[Any]) -> Renderer:
    """What a front end draws a game's screens with: its renderer, offering a long choice in
    steps (`InSteps`)."""
    return InSteps(renderer_for(game))


@cache
def renderer_for(game: Game[Any]) -> Renderer:
    """The game's own renderer (a front end draws with `screens_for`)."""
    folder = folder_of(game)
    if folder is None:
        return DefaultRenderer()
    name = f"bot.renderers.{folder}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return DefaultRenderer()
    renderer: Renderer = module.RENDERER
    return renderer
