"""Registry of games by id.

A game is a sub-package of `rules.games` whose `__init__` defines `GAME`; adding a
folder is all it takes to register one. Discovery runs once, on first use.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import rules.games
from rules.contract import Game

#: Where the games live: one sub-package each.
GAMES_PACKAGE = rules.games.__name__


@cache
def games() -> dict[str, Game[Any]]:
    """Every registered game by id, in a stable (id) order."""
    found: dict[str, Game[Any]] = {}
    for module in pkgutil.iter_modules(rules.games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{GAMES_PACKAGE}.{module.name}")
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


def folder_of(game: Game[Any]) -> str | None:
    """The game's folder under `rules/games/` (`closest_ghost`), wherever in it its class lives;
    None for a game defined elsewhere (a test's toy game), which then has no companions.

    Other parts find a game's companions by this name: its computer player's hooks
    (`rules/games/closest_ghost/ai.py`), its renderer and picture in `bot/`.
    """
    prefix = GAMES_PACKAGE + "."
    module = type(game).__module__
    if not module.startswith(prefix):
        return None
    return module.removeprefix(prefix).split(".")[0]
