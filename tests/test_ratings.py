"""Ratings and streaks for /stats and /leaderboard (bot/ratings.py)."""

from __future__ import annotations

import pytest

from bot.ratings import COMPUTER_RATINGS, START, K, standings, streak_text
from persistence.models import ResultRow

Seat = tuple[int | None, int] | tuple[str, int]  # (user id, place), or (computer level, place)


def game(session: int, seats: list[Seat], game_id: str = "13-ghosts") -> list[ResultRow]:
    return [
        ResultRow(
            session_id=session,
            seat=n,
            user_id=who if isinstance(who, int) else None,
            computer=who if isinstance(who, str) else None,
            game_id=game_id,
            guild_id=1,
            score=0,
            place=place,
            finished_at=float(session),
        )
        for n, (who, place) in enumerate(seats)
    ]


def test_a_win_between_two_new_players_moves_each_by_half_of_k() -> None:
    table = standings(game(1, [(1, 1), (2, 2)]))
    assert table[("13-ghosts", 1)].rating == pytest.approx(START + K / 2)
    assert table[("13-ghosts", 2)].rating == pytest.approx(START - K / 2)


def test_a_shared_place_is_a_draw() -> None:
    table = standings(game(1, [(1, 1), (2, 1)]))
    assert table[("13-ghosts", 1)].rating == pytest.approx(START)
    assert table[("13-ghosts", 1)].won == 1, "a shared first place is still a win"


def test_computer_seats_are_fixed_opponents_and_a_stronger_one_is_worth_more() -> None:
    beat_easy = standings(game(1, [(1, 1), ("easy", 2)]))[("13-ghosts", 1)].rating
    beat_hard = standings(game(1, [(1, 1), ("hard", 2)]))[("13-ghosts", 1)].rating
    assert START < beat_easy < beat_hard
    assert COMPUTER_RATINGS["easy"] < COMPUTER_RATINGS["normal"] < COMPUTER_RATINGS["hard"]
    assert len(standings(game(1, [("hard", 1), ("easy", 2)]))) == 0, "computers have no standing"


def test_a_many_seat_game_moves_a_rating_by_its_average_over_the_opponents() -> None:
    table = standings(game(1, [(1, 1), (2, 2), (3, 3), (4, 4)]))
    # The winner beat three equals: (3 - 3 x 0.5) / 3 x K.
    assert table[("13-ghosts", 1)].rating == pytest.approx(START + K / 2)
    assert table[("13-ghosts", 4)].rating == pytest.approx(START - K / 2)
    assert sum(s.rating for s in table.values()) == pytest.approx(4 * START), "points only change hands"


def test_a_game_with_one_seat_counts_but_rates_nothing() -> None:
    solo = standings(game(1, [(1, 2)], game_id="best-candy"))[("best-candy", 1)]
    assert (solo.played, solo.won, solo.rating) == (1, 0, START)


def test_streaks_win_rate_and_average_place() -> None:
    rows = [
        *game(1, [(1, 1), (2, 2)]),
        *game(2, [(1, 1), (2, 2)]),
        *game(3, [(1, 1), (2, 2)]),
        *game(4, [(2, 1), (1, 2)]),
    ]
    me = standings(rows)[("13-ghosts", 1)]
    assert (me.played, me.won, me.streak, me.best_streak) == (4, 3, -1, 3)
    assert me.win_rate == pytest.approx(0.75)
    assert me.average_place == pytest.approx(1.25)
    assert streak_text(me.streak) == "1 game without a win"
    assert streak_text(me.best_streak) == "3 wins in a row"


def test_ratings_are_per_game() -> None:
    rows = [*game(1, [(1, 1), (2, 2)]), *game(2, [(2, 1), (1, 2)], game_id="best-candy")]
    table = standings(rows)
    assert table[("13-ghosts", 1)].rating > START > table[("best-candy", 1)].rating


def test_an_upset_moves_ratings_more_than_an_expected_result() -> None:
    history = [row for n in range(1, 6) for row in game(n, [(1, 1), (2, 2)])]
    expected_win = standings([*history, *game(6, [(1, 1), (2, 2)])])[("13-ghosts", 1)].rating
    upset = standings([*history, *game(6, [(2, 1), (1, 2)])])[("13-ghosts", 1)].rating
    before = standings(history)[("13-ghosts", 1)].rating
    assert before - upset > expected_win - before > 0


def test_a_player_in_two_seats_of_one_game_counts_it_once() -> None:
    me = standings(game(1, [(1, 1), (1, 2), (2, 3)]))[("13-ghosts", 1)]
    assert me.played == 1
