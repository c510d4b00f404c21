"""Registry of games by id.

A game is a sub-package of `rules` whose `__init__` defines `GAME`; adding a
folder is all it takes to register one. Discovery runs once, on first use.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import rules
from rules.contract import Game


@cache
def games() -> dict[str, Game[Any]]:
    """Every registered game by id, in a stable (id) order."""
    found: dict[str, Game[Any]] = {}
    for module in pkgutil.iter_modules(rules.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"rules.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            if game.id in found:
                raise RuntimeError(f"two games registered as {game.id!r}")
            found[game.id] = game
    return dict(sorted(found.items()))


def get(game_id: str) -> Game[Any]:
    """The game with this id; KeyError with the known ids otherwise."""
    try:
        return games()[game_id]
    except KeyError:
        known = ", ".join(games()) or "none"
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None
