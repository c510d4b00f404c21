"""Small seeded tournaments: the normal player plays legal, repeatable games and is no worse than
random play.

How much stronger normal is belongs to the bench (`python -m bench.ai`, hundreds of games a row,
with intervals and targets), not here: 24 games cannot tell 70% from 76%, so a threshold near the
measured rate would tip over at any tuning change. What these games can tell is a normal player
that broke (plays worse than random, or no better): normal must win at least its fair share, the
share of a random seat. The seeds are fixed, so the counts are the same on every run; the margin
is chosen from the measured rates: the weakest two-player game measured against random, Match
Candy Go (82% of 400 games), takes fewer than 12 of 24 with probability 0.007%, and a normal
weakened to 70% does with 1.2%. At 3 or 4 seats normal wins 76% or more where measured (fair share 25-33%).
Every game played here is legal: `Game.apply` refuses an illegal move, so the game would not end.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.ai.arena import play_game
from rules.ai.hooks import hooks_for
from rules.ai.levels import NormalLevel, RandomLevel
from rules.contract import Action, Game, Result
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
def test_normal_wins_at_least_its_fair_share_against_random_in_two_player_games(
    game: Game[Any], options: dict[str, Any]
) -> None:
    assert normal_share(game, 2, options, GAMES) >= 1 / 2


def moves_of(
    game: Game[Any], players: int, options: dict[str, Any], seed: int
) -> tuple[list[tuple[int, Action]], Result]:
    """Every move of one seeded game of normal against random seats, and its result."""
    moves: list[tuple[int, Action]] = []
    seats = [NormalLevel() if s == 0 else RandomLevel() for s in range(players)]
    result = play_game(game, options, seats, seed, on_move=lambda seat, action: moves.append((seat, action)))
    return moves, result


@pytest.mark.parametrize(("game", "options"), [pytest.param(*p.values, id=p.id) for p in TWO_PLAYER])
def test_a_seeded_game_is_played_the_same_every_time(game: Game[Any], options: dict[str, Any]) -> None:
    first = moves_of(game, 2, options, 4000)
    assert first[0]
    assert moves_of(game, 2, options, 4000) == first


def test_only_a_game_whose_moves_are_all_blind_guesses_claims_to_be_luck_only() -> None:
    assert [game.id for game in games().values() if hooks_for(game).luck_only] == ["i-got-a-rock"]


@pytest.mark.parametrize(
    ("game_id", "players"), [("ghosts-love-candy", 3), ("ghosts-of-christmas", 4), ("secret-stash", 3)]
)
def test_normal_wins_at_least_its_fair_share_against_random_seats(game_id: str, players: int) -> None:
    assert normal_share(games()[game_id], players, {}, 36) >= 1 / players
