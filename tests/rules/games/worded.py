"""A test helper: every log line of a game that names a player is a catalogued message
(`rules.contract.say`), so it can be put in words for each reader and translated."""

from __future__ import annotations

import random

from rules.contract import Event
from rules.registry import get


def unworded_lines(game_id: str, seeds: int = 4, moves: int = 400) -> set[str]:
    """The texts of logged lines that name a player (`{pN}`) without a message, over random games
    of every configuration of `game_id`."""
    game = get(game_id)
    found: set[str] = set()
    for players, options in game.configurations():
        for seed in range(seeds):
            state = game.new_game(players, options, seed)
            rng = random.Random(seed)
            for _ in range(moves):
                if game.result(state) is not None:
                    break
                seat = min(game.to_act(state))
                game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            found |= {event.text for event in state.log if unworded(event)}
    return found


def unworded(event: Event) -> bool:
    return "{p" in event.text and event.said is None
