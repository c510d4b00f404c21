"""Ghosts of Christmas: scoring hands (doors and Tiny Tim), Beyond, and the end of the game."""

from __future__ import annotations

import pytest

from rules.contract import act
from rules.games.ghosts_of_christmas import GAME
from rules.games.ghosts_of_christmas.scoring import bid_points, era_winner, tiny_tim_points
from rules.kit.errors import RuleError
from tests.rules.games.test_ghosts_of_christmas import play_laps, table

# Seat 3 wins all three eras with high Hearts; the others follow a Stars Past and Bells eras.
SWEEP_HANDS = [
    ["stars4", "bells4", "bells5"],
    ["stars5", "bells6", "bells7"],
    ["stars6", "bells8", "bells9"],
    ["hearts10", "hearts11", "hearts12"],
]
SWEEP_LAPS = [
    [("stars4", "past"), ("stars5", "past"), ("stars6", "past"), ("hearts10", "past")],
    [("bells4", "present"), ("bells6", "present"), ("bells8", "present"), ("hearts11", "present")],
    [("bells5", "future"), ("bells7", "future"), ("bells9", "future"), ("hearts12", "future")],
]


def last_round_sweep(
    bids: list[tuple[int, bool]] | None, wreaths_before: list[int], tiny_tim: bool = False
) -> list[int]:
    """Play the last round of a four-player hand in which seat 3 wins every era; return the hand's points."""
    state = table(SWEEP_HANDS, start=0, tiny_tim=tiny_tim, bids=bids, last_round=True)
    state.wreaths = list(wreaths_before)
    play_laps(state, SWEEP_LAPS)
    assert state.hand_number == 1
    return state.hand_scores[-1]


# ---- bids -----------------------------------------------------------------------------------


def test_a_bid_without_the_red_door_succeeds_only_with_exactly_that_many_tricks() -> None:
    assert bid_points(3, False, 3) > 0
    assert bid_points(3, False, 2) == 0
    assert bid_points(3, False, 4) == 0


def test_a_bid_with_the_red_door_succeeds_with_the_purple_count_or_one_more() -> None:
    assert bid_points(3, True, 3) > 0
    assert bid_points(3, True, 4) > 0
    assert bid_points(3, True, 2) == 0
    assert bid_points(3, True, 5) == 0


def test_extra_wreaths_not_on_a_door_score_nothing() -> None:
    assert bid_points(2, False, 3) == 0
    assert bid_points(0, False, 1) == 0
    assert bid_points(2, True, 4) == 0


def test_a_purple_door_without_a_wreath_scores_nothing() -> None:
    assert bid_points(4, False, 3) == 0
    assert bid_points(4, True, 3) == 0


def test_with_the_red_door_a_successful_bid_scores_one_point_per_wreath_whether_or_not_it_is_filled() -> None:
    assert bid_points(3, True, 3) == 3
    assert bid_points(3, True, 4) == 4


def test_without_the_red_door_a_successful_bid_scores_two_points_per_wreath() -> None:
    assert bid_points(3, False, 3) == 6
    assert bid_points(5, False, 5) == 10
    assert bid_points(0, False, 0) == 0


def test_the_rulebook_scoring_example_scores_6_3_0_and_0() -> None:
    # The rulebook shows four boards: 3 purple with 3 wreaths (6); purple doors and the red door, three
    # wreaths (3); a wreath too many (0); a purple door left empty (0). Our four-player version:
    assert [bid_points(3, False, 3), bid_points(2, True, 3), bid_points(1, False, 2), bid_points(5, True, 4)] == [
        6,
        3,
        0,
        0,
    ]


def test_the_rulebook_scoring_example_played_out_at_the_table() -> None:
    # Wreaths before the last round 3, 3, 2, 1; seat 3 takes the last three eras: 3, 3, 2, 4.
    points = last_round_sweep([(3, False), (2, True), (1, False), (5, True)], [3, 3, 2, 1])
    assert points == [6, 3, 0, 0]


def test_doors_and_wreaths_are_returned_before_the_next_hand() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=False, bids=[(1, False)] * 4, last_round=True)
    play_laps(state, SWEEP_LAPS)
    assert state.wreaths == [0, 0, 0, 0]
    assert state.purple == [None] * 4
    assert state.red == [False] * 4
    assert state.phase == "bid"


def test_a_new_hand_is_dealt_after_the_fourth_round() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=False, bids=[(1, False)] * 4)
    state.round_number = 2
    play_laps(state, SWEEP_LAPS)
    assert (state.round_number, state.hand_number) == (3, 0), "three rounds are not a hand"
    state = table(SWEEP_HANDS, start=0, tiny_tim=False, bids=[(1, False)] * 4, last_round=True)
    play_laps(state, SWEEP_LAPS)
    assert (state.round_number, state.hand_number) == (0, 1)
    assert [len(hand) for hand in state.hands] == [12] * 4


def test_the_next_hand_begins_with_the_last_eras_winner_bidding() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=False, bids=[(1, False)] * 4, last_round=True)
    play_laps(state, SWEEP_LAPS)
    assert state.start_player == 3
    assert GAME.to_act(state) == {3}


# ---- Tiny Tim -------------------------------------------------------------------------------


def test_tiny_tim_skips_the_bidding() -> None:
    state = GAME.new_game(4, {"tiny_tim": True}, 4)
    assert state.phase == "play"
    assert all(action.kind == "play" for action in GAME.legal_actions(state, state.turn))
    with pytest.raises(RuleError, match="Tiny Tim has no bidding"):
        GAME.apply(state, state.turn, act("bid", 2, 0))


@pytest.mark.parametrize(
    ("wreaths", "points"),
    [(0, 6), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 0), (8, 0), (12, 0)],
)
def test_tiny_tim_three_players_no_wreath_6_one_to_six_one_each_seven_or_more_nothing(
    wreaths: int, points: int
) -> None:
    assert tiny_tim_points(wreaths, 3) == points


@pytest.mark.parametrize(
    ("wreaths", "points"),
    [(0, 6), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 0), (7, 0), (12, 0)],
)
def test_tiny_tim_four_players_no_wreath_6_one_to_five_one_each_six_or_more_nothing(wreaths: int, points: int) -> None:
    assert tiny_tim_points(wreaths, 4) == points


def test_tiny_tim_gives_a_wreath_per_trick_and_scores_the_hand_by_the_table() -> None:
    points = last_round_sweep(None, [0, 2, 5, 3], tiny_tim=True)
    # Seat 3 ends with 6 wreaths: too many with four players.
    assert points == [6, 2, 5, 0]


# ---- Beyond ---------------------------------------------------------------------------------


def test_beyond_adds_a_fourth_era_scored_after_the_future() -> None:
    state = table(
        [
            ["stars4", "stars5", "stars6", "stars7"],
            ["bells4", "bells5", "bells6", "hearts4"],
            ["holly4", "holly5", "holly6", "holly7"],
        ],
        start=0,
        beyond=True,
    )
    assert {action.args[1] for action in GAME.legal_actions(state, 0)} == {"past", "present", "future", "beyond"}
    play_laps(
        state,
        [
            [("stars4", "past"), ("bells4", "present"), ("holly4", "future")],
            [("stars5", "present"), ("bells5", "future"), ("holly5", "beyond")],
            [("stars6", "future"), ("hearts4", "beyond"), ("holly6", "past")],
            [("stars7", "beyond"), ("bells6", "past"), ("holly7", "present")],
        ],
    )
    assert [trick.era for trick in state.last_round] == ["past", "present", "future", "beyond"]
    # Seat 0 wins Past, Present and Future with its Stars; seat 1's Heart takes the Beyond.
    assert [trick.winner for trick in state.last_round] == [0, 0, 0, 1]
    assert state.wreaths == [3, 1, 0]


def test_beyond_plays_four_tricks_a_round_and_three_rounds_a_hand() -> None:
    state = GAME.new_game(3, {"beyond": True, "tiny_tim": True}, 8)
    for _ in range(4 * 3 * 2):
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert (state.round_number, sum(state.wreaths)) == (2, 8)
    for _ in range(4 * 3):
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert state.hand_number == 1
    assert len(state.hand_scores) == 1


def test_era_winner_core_needs_every_card() -> None:
    with pytest.raises(ValueError, match="has not played"):
        era_winner([1, None, 2], 0)


# ---- end of the game ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_the_game_lasts_one_hand_per_player(players: int) -> None:
    state = GAME.new_game(players, {"tiny_tim": True}, 9)
    while GAME.result(state) is None:
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert len(state.hand_scores) == players
    assert GAME.to_act(state) == frozenset()


def test_the_most_total_points_wins() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=True, last_round=True)
    state.hand_number = 3
    state.hand_scores = [[6, 1, 2, 3], [1, 1, 1, 1], [2, 2, 2, 2]]
    state.wreaths = [0, 2, 5, 3]
    play_laps(state, SWEEP_LAPS)
    result = GAME.result(state)
    assert result is not None
    # Totals: 9+6, 4+2, 5+5, 6+0.
    assert result.scores == (15, 6, 10, 6)
    assert result.places == (1, 3, 2, 3)
    assert result.winners == (0,)


def test_tied_players_share_the_victory() -> None:
    state = table(SWEEP_HANDS, start=0, tiny_tim=True, last_round=True)
    state.hand_number = 3
    state.hand_scores = [[4, 0, 5, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    state.wreaths = [0, 2, 5, 3]
    play_laps(state, SWEEP_LAPS)
    result = GAME.result(state)
    assert result is not None
    # Totals: 4+6, 0+2, 5+5, 0+0.
    assert result.scores == (10, 2, 10, 0)
    assert result.places == (1, 3, 1, 4)
    assert result.winners == (0, 2)
    assert "share the win" in result.summary
