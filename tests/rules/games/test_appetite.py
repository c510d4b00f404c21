"""Appetite: each rule sentence of its rulebook section and each ruling of §4 (variants rulings)."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import NormalLevel
from rules.candy_kit.candy_deck import card_at
from rules.candy_kit.cards import DECK
from rules.contract import SHARE_WIN_WITH_POINTS as SHARE_WIN
from rules.contract import WINS_WITH_POINTS as WINS
from rules.contract import act, say_winners
from rules.games.appetite import GAME
from rules.games.appetite.game import DECK_CARDS, POINTS, Appetite, pass_step
from rules.games.appetite.scoring import card_points, score_hand
from rules.games.appetite.state import AppetiteState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf() -> None:
    assert get("appetite") is GAME
    assert isinstance(GAME, Appetite)
    assert GAME.family == "candy-tricks"


def playing(hands: list[list[int]], leader: int = 0) -> AppetiteState:
    state = GAME.new_game(4, {}, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.picks = [[] for _ in hands]
    state.leader = state.turn = leader
    state.trick_number = 1
    return state


def play(state: AppetiteState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def first_trick(hands: list[list[int]], suit: str | None = None) -> AppetiteState:
    """A hand in play (see `playing`) after its first trick: from seat 0 on, each seat plays
    the first card of its hand, seat 0 naming `suit`."""
    state = playing(hands)
    for seat, hand in enumerate(hands):
        play(state, seat, hand[0], suit if seat == 0 else None)
    return state


def bo_wins_with_the_nuts_9() -> AppetiteState:
    """Ana leads the Chocolate 3 naming Nuts; Bo takes the trick with the 9 Chocolate/Coconut/Nuts."""
    return first_trick(
        [
            [c("orange", 3), c("orange", 6)],
            [c("orange", 9), c("orange", 7)],
            [c("green", 5), c("green", 6)],
            [c("orange", 5), c("orange", 8)],
        ],
        "nuts",
    )


def a_trick_of_pranks() -> AppetiteState:
    """Four Pranks: nobody plays a suited card, so Ana, who led, takes the trick."""
    return first_trick(
        [
            [c("green", -1), c("green", 2)],
            [c("orange", -1), c("green", 3)],
            [c("purple", -1), c("green", 4)],
            [c("black", -1), c("green", 5)],
        ]
    )


def cards_legal(state: AppetiteState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat)}


def pass_all(state: AppetiteState) -> None:
    for seat in range(4):
        for card in list(state.hands[seat][:3]):
            GAME.apply(state, seat, act("pass", card))


def test_the_deck_is_52_cards_without_non_treats_or_the_king_size_13_each() -> None:
    assert len(DECK_CARDS) == 52
    assert c("yellow", 13) not in DECK_CARDS
    assert not {c(colour, 0) for colour in ("black", "green", "orange", "purple")} & set(DECK_CARDS)
    state = GAME.new_game(4, {}, 2)
    assert [len(h) for h in state.hands] == [13] * 4


def test_card_points_one_suit_0_two_suits_2_three_suits_its_rank_a_prank_minus_1() -> None:
    assert card_points(c("orange", 2)) == 0  # Chocolate only
    assert card_points(c("orange", 3)) == 2  # Chocolate, Nuts
    assert card_points(c("orange", 12)) == 12  # three suits
    assert card_points(c("green", -1)) == -1


def test_ruling_11_the_deck_totals_134_points_and_minus_4() -> None:
    assert sum(POINTS[x] for x in DECK_CARDS if POINTS[x] > 0) == 134
    assert sum(POINTS[x] for x in DECK_CARDS if POINTS[x] < 0) == -4


def test_ruling_1_the_player_left_of_the_dealer_leads_the_first_trick() -> None:
    state = GAME.new_game(4, {}, 3)
    pass_all(state)
    assert state.leader == (state.dealer + 1) % 4
    assert GAME.to_act(state) == frozenset({state.leader})


def test_ruling_2_passes_go_left_then_right_then_across_then_again() -> None:
    assert [pass_step(n) for n in (1, 2, 3, 4, 5, 6)] == [1, -1, 2, 1, -1, 2]
    state = GAME.new_game(4, {}, 3)
    state.hand_number = 3
    gave = list(state.hands[0][:3])
    pass_all(state)
    assert set(gave) <= set(state.hands[2])


def test_ruling_2_passing_is_simultaneous() -> None:
    state = GAME.new_game(4, {}, 3)
    assert GAME.to_act(state) == frozenset(range(4))
    before = [list(h) for h in state.hands]
    for card in state.hands[1][:3]:
        GAME.apply(state, 1, act("pass", card))
    assert state.hands == before
    assert GAME.to_act(state) == frozenset({0, 2, 3})


def test_ruling_3_a_player_must_follow_the_named_suit_and_a_prank_waits_until_they_cannot() -> None:
    state = playing(
        [[c("orange", 2)], [c("orange", 9), c("green", -1), c("green", 5)], [c("orange", 3)], [c("orange", 4)]]
    )
    play(state, 0, c("orange", 2), "chocolate")
    assert cards_legal(state, 1) == {c("orange", 9)}
    with pytest.raises(RuleError, match="follow Chocolate"):
        play(state, 1, c("green", -1))


def test_ruling_3_a_prank_in_the_trick_passes_the_lead_to_the_right_of_the_winner() -> None:
    state = first_trick(
        [
            [c("orange", 2), c("orange", 6)],
            [c("orange", 9), c("orange", 7)],
            [c("green", -1), c("green", 6)],
            [c("orange", 5), c("orange", 8)],
        ],
        "chocolate",
    )
    assert state.last_winner == 1
    assert state.leader == 0


def test_ruling_4_the_highest_of_the_named_suit_wins_and_a_trick_of_pranks_goes_to_its_leader() -> None:
    state = bo_wins_with_the_nuts_9()
    assert state.last_winner == 1
    trick = next(e.text for e in state.log if e.kind == "trick")
    assert trick == "{p1} wins the trick with 9 Chocolate/Coconut/Nuts, the highest Nuts (15 points)."
    state = a_trick_of_pranks()
    assert state.last_winner == 0


def test_ruling_5_points_taken_add_the_card_points_of_the_take() -> None:
    state = first_trick(
        [
            [c("orange", 3), c("orange", 6)],
            [c("orange", 12), c("orange", 7)],
            [c("green", -1), c("green", 6)],
            [c("orange", 5), c("orange", 8)],
        ],
        "chocolate",
    )
    assert GAME.view(state, None).taken == (0, 2 + 12 - 1 + 2, 0, 0)


def test_ruling_6_the_highest_and_anyone_at_1_to_14_get_a_tummy_ache() -> None:
    stuffed, points, aches = score_hand([50, 50, 20, 10])
    assert stuffed is None
    assert points == [0, 0, 20, 0]
    assert aches == [True, True, False, True]


def test_ruling_6_at_0_or_less_a_lone_player_scores_30_and_two_score_15_each() -> None:
    assert score_hand([60, 40, 30, 0])[1] == [0, 40, 30, 30]
    assert score_hand([70, 60, 0, 0])[1] == [0, 60, 15, 15]


def test_ruling_7_a_stuffed_player_scores_60_without_a_tummy_ache() -> None:
    stuffed, points, aches = score_hand([80, 30, 10, 10])
    assert stuffed == 0
    assert points == [60, 30, 0, 0]
    assert aches == [False, False, True, True]


def test_ruling_7_when_stuffed_a_lone_player_at_0_scores_30_only_if_someone_got_a_1_to_14_ache() -> None:
    assert score_hand([90, 30, 10, 0])[1:] == ([60, 30, 0, 30], [False, False, True, False])
    assert score_hand([100, 20, 20, -1])[1:] == ([60, 20, 20, 0], [False, False, False, True])
    assert score_hand([110, 20, 0, 0])[1:] == ([60, 20, 0, 0], [False, False, True, True])


def stuffed_hand(state: AppetiteState) -> None:
    """The hand ends with seat 0 stuffed (77 points) and seat 1 at 1-14."""
    big = [x for x in DECK_CARDS if POINTS[x] > 2] + [c("orange", 4), c("orange", 5)]  # 73 + 2 + 2
    state.won = [big, [c("orange", 3)], [], []]
    state.trick_number = 13
    state.log.extend(GAME._score_hand(state))


def test_ruling_8_the_stuffed_player_may_pardon_every_tummy_ache_of_the_hand() -> None:
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    assert state.phase == "pardon"
    assert GAME.to_act(state) == frozenset({0})
    assert state.aches[1] == 1
    GAME.apply(state, 0, act("pardon"))
    assert state.aches == [0, 0, 0, 0]
    assert state.scores[0] == 60
    assert GAME.view(state, None).phase == "pass"


def test_ruling_8_the_stuffed_player_may_keep_the_tummy_aches() -> None:
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    GAME.apply(state, 0, act("no-pardon"))
    assert state.aches[1] == 1


def test_ruling_9_scores_add_up_and_tummy_aches_accumulate_in_public() -> None:
    state = GAME.new_game(4, {}, 1)
    state.scores = [10, 20, 30, 40]
    state.aches = [1, 0, 0, 0]
    state.won = [
        [c("orange", 12), c("orange", 11), c("orange", 9), c("green", 10)],
        [c("purple", 9), c("green", 3), c("green", 4)],
        [c("orange", 3)],
        [],
    ]
    state.trick_number = 13
    GAME._score_hand(state)
    view = GAME.view(state, None)
    assert view.aches == (2, 0, 1, 0)
    assert view.scores == (10, 20 + 9 + 3 + 4, 30, 40 + 30)


def test_a_fourth_tummy_ache_ends_the_game_and_the_best_score_among_the_others_wins() -> None:
    state = GAME.new_game(4, {}, 1)
    state.scores = [200, 50, 60, 40]
    state.aches = [3, 0, 0, 0]
    state.won = [[c("orange", 12), c("orange", 11)], [c("orange", 9), c("green", 10)], [c("purple", 12)], []]
    state.trick_number = 13
    state.log.extend(GAME._score_hand(state))
    assert state.phase == "over"
    result = GAME.result(state)
    assert result is not None
    assert state.aches[0] == 4
    assert result.winners == (3,)  # alone at 0: 40 + 30 beats 50 + 19
    assert result.places[0] == 4


def test_ruling_10_equal_best_scores_go_to_fewer_tummy_aches_then_share() -> None:
    state = GAME.new_game(4, {}, 1)
    state.phase = "over"
    state.scores = [100, 100, 100, 20]
    state.aches = [4, 2, 1, 1]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (2,)
    state.aches = [4, 1, 1, 1]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1, 2)
    assert "share the win" in result.summary


def test_if_everyone_has_four_tummy_aches_the_best_score_of_all_wins() -> None:
    state = GAME.new_game(4, {}, 1)
    state.phase = "over"
    state.scores = [10, 90, 50, 20]
    state.aches = [4, 4, 5, 4]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1,)


def test_a_leader_must_name_a_suit_of_the_card_and_a_prank_names_none() -> None:
    state = playing([[c("orange", 3), c("green", -1)], [c("orange", 9)], [c("orange", 5)], [c("orange", 6)]])
    with pytest.raises(RuleError, match="Name the trick suit"):
        play(state, 0, c("orange", 3))
    with pytest.raises(RuleError, match="does not name"):
        play(state, 0, c("green", -1), "fruit")


def test_the_normal_player_keeps_the_tummy_aches_and_passes_its_lowest_cards() -> None:
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    assert NormalLevel().choose(GAME, state, 0, random.Random(1)) == act("no-pardon")
    state = GAME.new_game(4, {}, 2)
    choice = NormalLevel().choose(GAME, state, 0, random.Random(1))
    assert choice.kind == "pass"
    ranks = [DECK[x].rank for x in state.hands[0]]
    assert DECK[int(choice.args[0])].rank == min(ranks)


def test_the_last_hand_sheet_is_public() -> None:
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    sheet = GAME.view(state, None).last_hand[0]
    assert sheet.taken >= 75
    assert (sheet.points, sheet.ache) == (60, False)
    assert GAME.view(state, None).stuffed == 0


NAMES = ("Ana", "Bob", "Cy", "Dee")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("appetite") == set()
    state = bo_wins_with_the_nuts_9()
    trick = next(e for e in state.log if e.kind == "trick")
    assert trick.in_words(NAMES, 1) == "You win the trick with 9 Chocolate/Coconut/Nuts, the highest Nuts (15 points)."
    assert trick.in_words(NAMES, 0) == "Bob wins the trick with 9 Chocolate/Coconut/Nuts, the highest Nuts (15 points)."
    played = next(e for e in state.log if e.kind == "play")
    assert played.said is not None
    state = GAME.new_game(4, {}, 1)
    stuffed_hand(state)
    (ask,) = [e for e in state.log if e.kind == "ask"]
    assert ask.in_words(NAMES, 0) == "You may pardon this hand's tummy aches."
    events = GAME.apply(state, 0, act("pardon"))
    assert events[0].in_words(NAMES, 0) == "You pardon everyone: this hand's tummy aches are gone."
    assert events[0].said is not None


def test_a_shared_win_names_every_winner_and_speaks_to_each() -> None:
    line = say_winners("game-over", [0, 2], WINS, SHARE_WIN, n=80)
    assert line.text == "{p0} and {p2} share the win with 80 points."
    assert line.in_words(NAMES, 2) == "Ana and you share the win with 80 points."
    assert say_winners("game-over", [3], WINS, SHARE_WIN, n=1).in_words(NAMES, 3) == "You win with 1 point."
