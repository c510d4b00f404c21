"""What a game's `/rules` pages show beyond its own `help_pages`, shared by every place that
explains a game: Discord's `/rules`, and the game's page in docs/games (bot/game_docs.py)."""

from __future__ import annotations

from typing import Any

from bot.renderers import renderer_for
from bot.renderers.base import COMMON_ICONS
from rules.contract import Game

#: Said under a game's rules when some of its card data is our own design (`Game.house_card_set`).
HOUSE_SET = (
    "Our own card texts: the printed cards were not available, so some of what is on them "
    "is our design. It may differ from your copy of the game."
)


def icons_of(game: Game[Any]) -> tuple[tuple[str, str], ...]:
    """Every icon the game's screens use, with what it means: the key on the last page of `/rules`."""
    return (*renderer_for(game).icons, *COMMON_ICONS)


def play_path(game: Game[Any]) -> str:
    """The command that opens a table for `game`, as a player types it: "/play candy-tricks scary"."""
    return " ".join(("/play", *((game.family,) if game.family else ()), game.id))
