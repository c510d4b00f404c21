"""Small seeded tournaments: the normal heuristic must clearly beat random play.

Seeds are fixed, so the counts never change from run to run; the thresholds sit well
below what the heuristics score (measured: see bench/ai.py) so a tuning change that
keeps them clearly better than random does not break the tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.ai.arena import play_game
from rules.ai.hooks import hooks_for
from rules.ai.levels import NormalLevel, RandomLevel
from rules.contract import Game
from rules.registry import games

GAMES = 24


def normal_share(game: Game[Any], players: int, options: dict[str, Any], count: int) -> float:
    """Share of the wins of one normal seat (rotating) against random seats; ties split."""
    won = 0.0
    for number in range(count):
        seat = number % players
        seats = [NormalLevel() if s == seat else RandomLevel() for s in range(players)]
        result = play_game(game, options, seats, seed=4000 + number)
        if result.places[seat] == 1:
            won += 1 / len(result.winners)
    return won / count


#: Why a game of pure luck is not held to beating random play.
LUCK = "every move of this game is a blind guess (its ai.py sets LUCK_ONLY), so no heuristic can beat chance"

TWO_PLAYER = [
    pytest.param(
        game,
        options,
        id=f"{game.id}-{'-'.join(f'{k}={v}' for k, v in options.items())}",
        marks=[pytest.mark.skip(reason=LUCK)] if hooks_for(game).luck_only else [],
    )
    for game in games().values()
    for players, options in game.configurations()
    if players == 2
]


@pytest.mark.parametrize(("game", "options"), TWO_PLAYER)
def test_normal_beats_random_in_two_player_games(game: Game[Any], options: dict[str, Any]) -> None:
    assert normal_share(game, 2, options, GAMES) >= 0.7


def test_only_a_game_whose_moves_are_all_blind_guesses_claims_to_be_luck_only() -> None:
    assert [game.id for game in games().values() if hooks_for(game).luck_only] == ["i-got-a-rock"]


@pytest.mark.parametrize(
    ("game_id", "players"), [("ghosts-love-candy", 3), ("ghosts-of-christmas", 4), ("secret-stash", 3)]
)
def test_normal_wins_at_least_twice_its_fair_share_against_random_seats(game_id: str, players: int) -> None:
    assert normal_share(games()[game_id], players, {}, 36) >= 2 / players
