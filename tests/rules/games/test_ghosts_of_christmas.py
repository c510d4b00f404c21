"""Ghosts of Christmas: one test per rule of the rulebook (set-up, bidding, rounds, tricks).

Hand scoring, the variants and the game's end are in test_ghosts_of_christmas_scoring.py;
views, labels and refusals in test_ghosts_of_christmas_info.py; the data file's
rulings in test_ghosts_of_christmas_rulings.py. The helpers here build precise tables.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.contract import act
from rules.games.ghosts_of_christmas import GAME
from rules.games.ghosts_of_christmas.cards import CARD_BY_TOKEN, RANK_OF, SUIT_OF, SUITS, TOKEN_OF
from rules.games.ghosts_of_christmas.state import GhostsState
from rules.kit.errors import RuleError
from tests.rules.games.worded import unworded_lines


def table(
    hands: list[list[str]],
    start: int = 0,
    tiny_tim: bool = True,
    beyond: bool = False,
    bids: list[tuple[int, bool]] | None = None,
    last_round: bool = False,
) -> GhostsState:
    """A game whose hands, start player and bids are set by hand, ready for its first card
    (or with `bids=None` and `tiny_tim=False`, ready for bidding). `last_round` puts
    it in the last round of its hand, so the next round scored also scores the hand."""
    state = GAME.new_game(len(hands), {"tiny_tim": tiny_tim, "beyond": beyond}, 0)
    state.hands = [sorted(CARD_BY_TOKEN[token] for token in hand) for hand in hands]
    state.start_player = start
    state.turn = start
    if bids is not None:
        state.purple = [purple for purple, _ in bids]
        state.red = [red for _, red in bids]
        state.phase = "play"
    if last_round:
        state.round_number = (3 if beyond else 4) - 1
    return state


def play(state: GhostsState, seat: int, token: str, era: str) -> None:
    GAME.apply(state, seat, act("play", token, era))


def play_laps(state: GhostsState, laps: list[list[tuple[str, str]]]) -> None:
    """Each lap lists (card, era) for every seat in turn order from the start player."""
    for lap in laps:
        for card, era in lap:
            play(state, state.turn, card, era)


#: Three cards each, for a round; seat 1 holds no Holly.
NO_HOLLY_FOR_SEAT_1 = [["holly9", "bells4", "stars4"], ["hearts5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]]


def played_round(hands: list[list[str]], laps: list[list[tuple[str, str]]]) -> GhostsState:
    """A table of these hands, seat 0 starting, after these laps are played (see `play_laps`)."""
    state = table(hands)
    play_laps(state, laps)
    return state


def future_won_by_seat_0() -> GhostsState:
    """A round of Stars played out, seat 0 winning the Future with the Stars 12; one Holly left each."""
    return played_round(
        [
            ["stars4", "stars5", "stars12", "holly4"],
            ["stars6", "stars7", "stars8", "holly5"],
            ["stars9", "stars10", "stars11", "holly6"],
        ],
        [
            [("stars4", "past"), ("stars6", "past"), ("stars9", "past")],
            [("stars5", "present"), ("stars7", "present"), ("stars10", "present")],
            [("stars12", "future"), ("stars8", "future"), ("stars11", "future")],
        ],
    )


def played_cards(state: GhostsState) -> list[tuple[int, str, str]]:
    return [
        (seat, TOKEN_OF[card], era)
        for era, row in zip(("past", "present", "future", "beyond"), state.played, strict=False)
        for seat, card in enumerate(row)
        if card is not None
    ]


# ---- components and set-up -------------------------------------------------------------


def test_four_players_use_48_cards_ranked_1_to_12_in_four_suits() -> None:
    state = GAME.new_game(4, {}, 1)
    cards = [card for hand in state.hands for card in hand]
    assert len(cards) == len(set(cards)) == 48
    assert Counter(SUIT_OF[card] for card in cards) == dict.fromkeys(SUITS, 12)
    assert sorted({RANK_OF[card] for card in cards}) == list(range(1, 13))


def test_three_players_leave_out_the_1_2_and_3_of_every_suit() -> None:
    state = GAME.new_game(3, {}, 1)
    cards = [card for hand in state.hands for card in hand]
    assert len(cards) == len(set(cards)) == 36
    assert Counter(SUIT_OF[card] for card in cards) == dict.fromkeys(SUITS, 9)
    assert min(RANK_OF[card] for card in cards) == 4


@pytest.mark.parametrize("players", [3, 4])
def test_the_whole_deck_is_dealt_twelve_cards_to_each_player(players: int) -> None:
    state = GAME.new_game(players, {}, 2)
    assert [len(hand) for hand in state.hands] == [12] * players


def test_the_start_player_marker_goes_to_a_random_player() -> None:
    starts = {GAME.new_game(4, {}, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}


def test_each_new_game_shuffles_the_deck() -> None:
    assert GAME.new_game(4, {}, 1).hands != GAME.new_game(4, {}, 2).hands


@pytest.mark.parametrize("beyond", [False, True])
def test_the_era_dials_start_face_down(beyond: bool) -> None:
    state = GAME.new_game(4, {"beyond": beyond}, 3)
    assert state.dials == [None] * (4 if beyond else 3)


# ---- bidding ------------------------------------------------------------------------------


def test_bidding_begins_with_the_start_player_and_goes_clockwise() -> None:
    state = GAME.new_game(4, {}, 5)
    start = state.start_player
    order = []
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, seat, act("bid", 2, 0))
    assert order == [(start + step) % 4 for step in range(4)]


def test_a_bid_is_0_to_12_purple_doors_with_or_without_one_red_door() -> None:
    state = GAME.new_game(3, {}, 5)
    legal = GAME.legal_actions(state, state.turn)
    assert sorted(action.args for action in legal) == sorted((p, r) for p in range(13) for r in (0, 1))
    for refused in (act("bid", 13, 0), act("bid", 3, 2), act("bid", -1, 0)):
        with pytest.raises(RuleError):
            GAME.apply(state, state.turn, refused)


def test_bids_are_taken_as_doors_everyone_sees() -> None:
    state = GAME.new_game(3, {}, 5)
    bidder = state.turn
    GAME.apply(state, bidder, act("bid", 3, 1))
    for seat in [None, 0, 1, 2]:
        board = GAME.view(state, seat).boards[bidder]
        assert (board.purple, board.red) == (3, True)


def test_no_card_is_played_until_everyone_has_bid_then_the_start_player_plays() -> None:
    state = GAME.new_game(3, {}, 5)
    start = state.start_player
    card = TOKEN_OF[state.hands[start][0]]
    with pytest.raises(RuleError):
        GAME.apply(state, start, act("play", card, "past"))
    for _ in range(3):
        GAME.apply(state, state.turn, act("bid", 1, 0))
    assert state.phase == "play"
    assert GAME.to_act(state) == {start}
    assert all(action.kind == "play" for action in GAME.legal_actions(state, start))


# ---- playing a round -----------------------------------------------------------------------


def test_a_round_begins_with_the_start_player_and_goes_clockwise() -> None:
    state = GAME.new_game(4, {"tiny_tim": True}, 6)
    start = state.start_player
    order = []
    for _ in range(8):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert order == [(start + step) % 4 for step in range(8)]


def test_each_turn_plays_one_card_into_an_era_not_yet_used_this_round() -> None:
    state = table([["holly4", "holly5", "holly6"], ["bells4", "bells5", "bells6"], ["stars4", "stars5", "stars6"]])
    play(state, 0, "holly4", "past")
    assert state.hands[0] == sorted(CARD_BY_TOKEN[t] for t in ("holly5", "holly6"))
    play(state, 1, "bells4", "present")
    play(state, 2, "stars4", "future")
    eras_left = {action.args[1] for action in GAME.legal_actions(state, 0)}
    assert eras_left == {"present", "future"}
    with pytest.raises(RuleError, match="already played into the Past"):
        play(state, 0, "holly5", "past")


def test_a_card_must_match_the_dial_of_its_era_when_the_player_holds_that_suit() -> None:
    state = table([["holly9", "bells4", "stars4"], ["holly5", "bells6", "stars6"], ["holly7", "bells8", "stars8"]])
    play(state, 0, "holly9", "past")
    legal_into_past = [action.args[0] for action in GAME.legal_actions(state, 1) if action.args[1] == "past"]
    assert legal_into_past == ["holly5"]
    with pytest.raises(RuleError, match="shows Holly"):
        play(state, 1, "bells6", "past")


def test_a_player_with_no_card_of_the_dials_suit_may_play_any_card_there() -> None:
    state = table(NO_HOLLY_FOR_SEAT_1)
    play(state, 0, "holly9", "past")
    legal_into_past = sorted(action.args[0] for action in GAME.legal_actions(state, 1) if action.args[1] == "past")
    assert legal_into_past == ["bells6", "hearts5", "stars6"]
    play(state, 1, "stars6", "past")
    assert state.played[0][1] == CARD_BY_TOKEN["stars6"]


def test_any_card_may_go_into_an_era_with_a_face_down_dial_which_then_shows_its_suit() -> None:
    state = table(NO_HOLLY_FOR_SEAT_1)
    assert len(GAME.legal_actions(state, 0)) == 9
    play(state, 0, "bells4", "future")
    assert state.dials == [None, None, "bells"]


def test_the_eras_may_be_filled_in_any_order() -> None:
    state = table(NO_HOLLY_FOR_SEAT_1)
    play(state, 0, "holly9", "past")
    play(state, 1, "hearts5", "future")
    play(state, 2, "bells8", "present")
    play(state, 0, "stars4", "future")
    assert played_cards(state) == [
        (0, "holly9", "past"),
        (2, "bells8", "present"),
        (0, "stars4", "future"),
        (1, "hearts5", "future"),
    ]


def test_a_round_lasts_until_everyone_has_played_one_card_into_each_era() -> None:
    state = table(NO_HOLLY_FOR_SEAT_1)
    for turn in range(9):
        assert state.round_number == 0, f"round scored early, after {turn} cards"
        GAME.apply(state, state.turn, GAME.legal_actions(state, state.turn)[0])
    assert state.round_number == 1
    assert sum(state.wreaths) == 3


# ---- scoring the eras -----------------------------------------------------------------------


def test_the_start_players_card_sets_the_scoring_suit_of_the_past() -> None:
    # Seat 1 turns the Past dial to Holly; seat 0 (start player) has no Holly and plays Bells there,
    # so Bells is the Past's scoring suit and the Holly 9 counts for nothing.
    state = played_round(
        [["stars4", "bells5", "stars7"], ["holly9", "stars9", "stars10"], ["bells7", "stars11", "stars12"]],
        [
            [("stars4", "present"), ("holly9", "past"), ("stars11", "present")],
            [("bells5", "past"), ("stars9", "present"), ("bells7", "past")],
            [("stars7", "future"), ("stars10", "future"), ("stars12", "future")],
        ],
    )
    past = state.last_round[0]
    assert past.scoring_suit == "bells"
    assert past.winner == 2


def test_the_highest_heart_wins_the_trick_whatever_the_scoring_suit() -> None:
    state = played_round(
        [["holly12", "bells4", "bells5"], ["hearts4", "bells6", "bells7"], ["hearts9", "bells8", "bells9"]],
        [
            [("holly12", "past"), ("hearts4", "past"), ("hearts9", "past")],
            [("bells4", "present"), ("bells6", "present"), ("bells8", "present")],
            [("bells5", "future"), ("bells7", "future"), ("bells9", "future")],
        ],
    )
    assert (state.last_round[0].scoring_suit, state.last_round[0].winner) == ("holly", 2)


def test_without_hearts_the_highest_card_of_the_scoring_suit_wins() -> None:
    # The Stars 12 is the highest card in the Past, but Holly is the scoring suit.
    state = played_round(
        [["holly5", "bells4", "bells5"], ["stars12", "bells6", "bells7"], ["holly8", "bells8", "bells9"]],
        [
            [("holly5", "past"), ("bells6", "present"), ("holly8", "past")],
            [("bells4", "present"), ("stars12", "past"), ("bells8", "future")],
            [("bells5", "future"), ("bells7", "future"), ("bells9", "present")],
        ],
    )
    assert (state.last_round[0].scoring_suit, state.last_round[0].winner) == ("holly", 2)


def test_the_winner_of_an_era_takes_the_start_marker_and_a_wreath() -> None:
    state = played_round(
        [["stars4", "stars5", "stars6"], ["stars12", "stars7", "stars8"], ["stars9", "stars10", "stars11"]],
        [
            [("stars4", "past"), ("stars12", "past"), ("stars9", "past")],
            [("stars5", "present"), ("stars7", "present"), ("stars10", "present")],
            [("stars6", "future"), ("stars8", "future"), ("stars11", "future")],
        ],
    )
    assert [trick.winner for trick in state.last_round] == [1, 2, 2]
    assert state.wreaths == [0, 1, 2]
    assert state.start_player == 2


def test_the_winner_of_an_era_sets_the_scoring_suit_of_the_next_era() -> None:
    # Seat 1 wins the Past, so its Holly 5 (not the start player's Bells 12) sets the Present's suit.
    state = played_round(
        [["stars4", "bells12", "holly8"], ["stars10", "holly5", "holly11"], ["stars6", "holly7", "hearts4"]],
        [
            [("stars4", "past"), ("stars10", "past"), ("stars6", "past")],
            [("bells12", "present"), ("holly5", "present"), ("holly7", "present")],
            [("holly8", "future"), ("holly11", "future"), ("hearts4", "future")],
        ],
    )
    past, present, future = state.last_round
    assert (past.winner, present.leader, present.scoring_suit, present.winner) == (1, 1, "holly", 2)
    assert (future.leader, future.scoring_suit, future.winner) == (2, "hearts", 2)


def test_the_winner_of_the_future_starts_the_next_round() -> None:
    state = future_won_by_seat_0()
    assert state.last_round[2].winner == 0
    assert GAME.to_act(state) == {0}
    assert state.start_player == 0


def test_after_a_round_the_played_cards_are_discarded_and_the_dials_turn_face_down() -> None:
    state = future_won_by_seat_0()
    assert state.dials == [None, None, None]
    assert state.played == [[None] * 3] * 3
    assert [[TOKEN_OF[card] for card in hand] for hand in state.hands] == [["holly4"], ["holly5"], ["holly6"]]
    # The next round goes on with the cards left in hand, into empty eras.
    assert len(GAME.legal_actions(state, 0)) == 3


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("ghosts-of-christmas") == set()
    state = GAME.new_game(3, {}, 1)
    names = ("Ana", "Bob", "Cy")
    first = state.start_player
    marker, deal = state.log[0], state.log[1]
    assert marker.in_words(names, first) == "You take the start player marker."
    assert deal.in_words(names, first) == "Hand 1 of 3: 12 cards each; you bid first."
    assert deal.said is not None
    (bid,) = GAME.apply(state, first, act("bid", 2, 1))
    assert bid.in_words(names, first) == "You bid 2 purple + red door."
    assert bid.in_words(names, (first + 1) % 3) == f"{names[first]} bids 2 purple + red door."
    assert bid.said is not None
