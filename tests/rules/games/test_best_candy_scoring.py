"""Scoring a hand of Best Candy, the belly ache, the race to 31 and breaking ties."""

from __future__ import annotations

import pytest

from rules.games.best_candy import GAME
from rules.games.best_candy.scoring import score_hand
from rules.games.best_candy.state import BestCandyState, Phase
from tests.rules.games.test_best_candy_support import KING, card, play, trick_state

MILK_BAR = card("orange", 2)  # chocolate
CUPS = card("orange", 3)  # chocolate, nuts
PRALINES = card("purple", 12)  # nuts, caramel
APPLE = card("green", 1)  # fruit
LICORICE = card("black", 8)  # candy
PRANK = card("black", -1)
PRANK_2 = card("green", -1)
NON_TREAT = card("black", 0)


def sheet(
    players: int, taken: list[int], tricks: int, favourite: str = "nuts", seat: int = 0
) -> tuple[int, int, int, bool]:
    """(points, bonus, favourite cards, belly ache) of `seat` with this take."""
    state = trick_state([[] for _ in range(players)], trump="sour")
    state.taken[seat] = list(taken)
    state.tricks_won[seat] = tricks
    state.favourites[seat] = [favourite]
    result = score_hand(state, seat)
    return result.points, result.bonus, result.favourite_cards, result.belly_ache


def test_each_trick_won_scores_a_point() -> None:
    assert sheet(4, [], tricks=3)[0] == 3


def test_each_prank_taken_costs_a_point() -> None:
    assert sheet(4, [PRANK, PRANK_2, APPLE], tricks=3)[0] == 1


def test_each_taken_card_of_the_favourite_suit_scores_a_bonus_point() -> None:
    points, bonus, matching, _ = sheet(4, [CUPS, PRALINES, MILK_BAR, APPLE], tricks=1, favourite="nuts")
    assert (points, bonus, matching) == (3, 2, 2)


def test_the_king_size_gives_no_favourite_bonus() -> None:
    for suit in ("nuts", "chocolate", "candy"):
        assert sheet(4, [KING, NON_TREAT], tricks=1, favourite=suit)[:2] == (1, 0)


@pytest.mark.parametrize(("players", "too_many"), [(2, 10), (3, 9), (4, 8), (5, 7)])
def test_a_belly_ache_comes_from_too_many_tricks_for_the_player_count(players: int, too_many: int) -> None:
    assert sheet(players, [CUPS], tricks=too_many)[3]
    assert not sheet(players, [CUPS], tricks=too_many - 1)[3]


def test_a_belly_ache_keeps_tricks_and_prank_penalties_but_loses_the_bonus() -> None:
    points, bonus, matching, belly_ache = sheet(4, [CUPS, PRALINES, PRANK], tricks=8, favourite="nuts")
    assert belly_ache
    assert (points, bonus, matching) == (8 - 1, 0, 2)


def test_a_hand_never_scores_below_zero() -> None:
    assert sheet(4, [PRANK, PRANK_2, NON_TREAT], tricks=1)[0] == 0


# ---- the race to 31 -----------------------------------------------------------------


def final_trick(
    scores: list[int], tricks_before: list[int], taken_before: list[list[int]], favourites: list[str]
) -> BestCandyState:
    """Two players play the hand's last trick, which seat 0 wins with a Chocolate 2 over a Fruit 1."""
    state = trick_state([[MILK_BAR], [APPLE]], trump="sour", favourites=[[f] for f in favourites], scores=scores)
    state.tricks_won = list(tricks_before)
    state.taken = [list(t) for t in taken_before]
    play(state, 0, MILK_BAR, "chocolate")
    play(state, 1, APPLE)
    return state


def test_a_finished_hand_adds_its_points_to_each_score() -> None:
    state = final_trick([3, 5], [4, 8], [[CUPS], [PRANK]], ["nuts", "candy"])
    assert [s.points for s in state.last_hand] == [5 + 1, 8 - 1]
    assert state.scores == [3 + 6, 5 + 7]


def test_below_31_another_hand_is_shuffled_and_dealt() -> None:
    state = final_trick([3, 5], [4, 8], [[], []], ["nuts", "candy"])
    assert GAME.result(state) is None
    assert state.hand_number == 2
    assert state.phase is Phase.FAVOURITE
    assert [len(h) for h in state.hands] == [12, 12]


def test_the_first_to_reach_31_wins() -> None:
    state = final_trick([26, 29], [4, 1], [[], []], ["nuts", "candy"])
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (31, 30)
    assert result.places == (1, 2)
    assert GAME.to_act(state) == frozenset()


def test_with_several_at_31_or_more_the_most_points_wins() -> None:
    # Seat 1 has the bigger favourite bonus, but seat 0 has more points.
    state = final_trick([30, 28], [4, 4], [[], [CUPS]], ["nuts", "nuts"])
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (35, 33)
    assert result.places == (1, 2)


def test_tied_points_go_to_the_most_favourite_bonus_of_the_latest_hand() -> None:
    state = final_trick([25, 27], [4, 4], [[], []], ["chocolate", "nuts"])
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (31, 31)
    assert result.places == (1, 2)


def test_then_to_whoever_took_the_king_size_in_the_latest_hand() -> None:
    state = final_trick([26, 27], [4, 4], [[], [KING]], ["nuts", "nuts"])
    result = GAME.result(state)
    assert result is not None
    assert result.scores == (31, 31)
    assert result.places == (2, 1)


def test_otherwise_the_tied_players_share_the_win() -> None:
    state = final_trick([26, 27], [4, 4], [[], []], ["nuts", "nuts"])
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 1)
    assert "win the race" in result.summary
