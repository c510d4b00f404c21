"""Tables from random play: for the picture bench, the tests and the pictures in docs/.

`python -m bot pictures DIR` (or `make pictures`) writes one PNG per game: the busiest
table of a seeded random game (the picture with the most drawn on it, by PNG size, in
the middle of the game), so the docs show each game in full swing and the same
command always gives the same files. No discord import.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.pictures import drawing_for
from bot.screens import seen_of
from rules.contract import Game, GameState
from rules.registry import games

NAMES = ("Alice", "Bob", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")
#: The docs show each game at this many seats (or the nearest the game allows).
SHOWN_SEATS = 4


def setup_for(game: Game[Any], seats: int = SHOWN_SEATS) -> tuple[int, dict[str, Any]]:
    """The game's configuration nearest `seats` players (its first, for that count)."""
    configurations = game.configurations()
    players = min((n for n, _options in configurations), key=lambda n: (abs(n - seats), -n))
    return next((n, options) for n, options in configurations if n == players)


def random_play(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> Iterator[GameState]:
    """Each state of one game of random legal moves (a copy each), from the deal to the end."""
    state = game.new_game(players, options, seed)
    rng = random.Random(seed)
    yield game.copy_state(state)
    while game.result(state) is None:
        seat = min(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        yield game.copy_state(state)


def table_png(game: Game[Any], state: GameState, names: tuple[str, ...]) -> bytes | None:
    drawing = drawing_for(seen_of(game, state, None, names), "table")
    return drawing.png() if drawing is not None else None


def showcase(game: Game[Any], seed: int = 1) -> bytes | None:
    """The busiest table picture from the middle half of one seeded random game."""
    players, options = setup_for(game)
    names = NAMES[:players]
    states = list(random_play(game, players, options, seed))
    middle = states[len(states) // 4 : max(len(states) * 3 // 4, len(states) // 4 + 1)]
    best: bytes | None = None
    for state in middle:
        png = table_png(game, state, names)
        if png is not None and (best is None or len(png) > len(best)):
            best = png
    return best


def write_showcases(folder: Path) -> list[Path]:
    """One `<game id>.png` per game that has a picture."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games().values():
        png = showcase(game)
        if png is not None:
            path = folder / f"{game.id}.png"
            path.write_bytes(png)
            written.append(path)
    return written
