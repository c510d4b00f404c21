"""`PAUSE_KINDS`: the event kinds that tell any front end a stretch of play closed or opened."""

from __future__ import annotations

import random

from rules.contract import PAUSE_KINDS
from rules.registry import games


def test_each_pause_kind_is_one_the_games_log() -> None:
    """The names are the games' own (a renamed kind would silently stop marking pauses), and most
    games pause often: a fresh table waits for one at most a few moves."""
    logged: set[str] = set()
    pausing = 0
    for game in games().values():
        players, options = game.configurations()[0]
        state = game.new_game(players, options, 1)
        rng = random.Random(1)
        kinds: set[str] = set()
        while game.result(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            kinds |= {event.kind for event in game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))}
        logged |= kinds
        pausing += bool(kinds & PAUSE_KINDS)
    assert logged >= PAUSE_KINDS
    assert pausing >= len(games()) * 3 // 4
