"""Haunted House: each rule sentence of the rulebook's section and each ruling of §2 (variants rulings)."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import NormalLevel
from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, PRANKS, card_at
from rules.contract import Action, Event, act
from rules.games.haunted_house import GAME
from rules.games.haunted_house.game import DECKS, FIRST_LEAD, HauntedHouse
from rules.games.haunted_house.state import HauntedHouseState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf() -> None:
    assert get("haunted-house") is GAME
    assert isinstance(GAME, HauntedHouse)
    assert GAME.family == "candy-tricks"


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


def playing(hands: list[list[int]], leader: int = 0, trick_number: int = 1, broken: bool = False) -> HauntedHouseState:
    """A 4-player hand in its tricks with these hands, `leader` to lead."""
    state = GAME.new_game(len(hands), {}, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.picks = [[] for _ in hands]
    state.leader = state.turn = leader
    state.trick_number = trick_number
    state.broken = broken
    return state


def play(state: HauntedHouseState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def cards_legal(state: HauntedHouseState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat)}


def pass_all(state: HauntedHouseState) -> None:
    for seat in range(state.players):
        for card in list(state.hands[seat][:3]):
            GAME.apply(state, seat, act("pass", card))


# ---- deck and deal -----------------------------------------------------------------------


def test_the_deck_leaves_out_the_king_size_and_the_non_treats_52_cards_for_four() -> None:
    assert len(DECKS[4]) == 52
    assert c("yellow", 13) not in DECKS[4]
    assert not {c(colour, 0) for colour in ("black", "green", "orange", "purple")} & set(DECKS[4])


def test_three_players_also_leave_out_the_green_1_and_five_the_green_1_and_orange_1() -> None:
    assert set(DECKS[4]) - set(DECKS[3]) == {c("green", 1)}
    assert set(DECKS[4]) - set(DECKS[5]) == {c("green", 1), c("orange", 1)}
    assert (len(DECKS[3]), len(DECKS[5])) == (51, 50)


@pytest.mark.parametrize(("players", "each"), [(3, 17), (4, 13), (5, 10)])
def test_every_card_is_dealt_17_13_or_10_each(players: int, each: int) -> None:
    state = GAME.new_game(players, {}, 4)
    assert [len(h) for h in state.hands] == [each] * players
    assert sorted(c for h in state.hands for c in h) == sorted(DECKS[players])


def test_everyone_starts_with_31_courage() -> None:
    assert GAME.new_game(4, {}, 2).courage == [31] * 4


def test_point_cards_are_the_ten_halloween_cards_and_four_pranks() -> None:
    assert len(HALLOWEEN_CARDS) == 10
    assert len(PRANKS) == 4
    for players in (3, 4, 5):
        assert set(HALLOWEEN_CARDS) | set(PRANKS) <= set(DECKS[players])


def test_ruling_1_the_dealer_is_drawn_and_the_deal_passes_left_each_hand() -> None:
    dealers = {GAME.new_game(4, {}, seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    state = GAME.new_game(3, {}, 5)
    first = state.dealer
    state.hands = [[], [], []]
    state.courage = [31, 31, 31]
    GAME._score_hand(state)
    assert state.dealer == (first + 1) % 3
    assert state.hand_number == 2


# ---- passing --------------------------------------------------------------------------------


def test_ruling_2_three_cards_go_left_on_odd_hands_and_right_on_even_hands() -> None:
    for hand_number, step in ((1, 1), (2, -1), (3, 1)):
        state = GAME.new_game(4, {}, 8)
        state.hand_number = hand_number
        picked = [state.hands[s][:3] for s in range(4)]
        pass_all(state)
        for s in range(4):
            assert set(picked[s]) <= set(state.hands[(s + step) % 4])
            assert state.received[(s + step) % 4] == sorted(
                picked[s], key=lambda x: state.hands[(s + step) % 4].index(x)
            )
        assert all(len(h) == 13 for h in state.hands)


def test_ruling_3_passing_is_simultaneous_and_nothing_moves_until_all_have_picked() -> None:
    state = GAME.new_game(4, {}, 3)
    assert GAME.to_act(state) == frozenset(range(4))
    before = [list(h) for h in state.hands]
    for card in state.hands[0][:3]:
        GAME.apply(state, 0, act("pass", card))
    assert GAME.to_act(state) == frozenset({1, 2, 3})
    assert state.hands == before
    assert GAME.view(state, 1).my_picks == ()
    assert GAME.view(state, None).ready == (True, False, False, False)


def test_a_pick_may_be_taken_back_until_the_last_player_has_picked() -> None:
    # Ruling G9: a simultaneous choice stays changeable until the last player has chosen.
    state = GAME.new_game(4, {}, 3)
    first = state.hands[0][0]
    GAME.apply(state, 0, act("pass", first))
    GAME.apply(state, 0, act("take-back", first))
    assert state.picks[0] == []
    for card in state.hands[0][:3]:
        GAME.apply(state, 0, act("pass", card))
    GAME.apply(state, 0, act("take-back", first))
    GAME.apply(state, 0, act("pass", first))
    for seat in (1, 2, 3):
        for card in state.hands[seat][:3]:
            GAME.apply(state, seat, act("pass", card))
    with pytest.raises(RuleError):
        GAME.apply(state, 0, act("take-back", first))


def test_ruling_3_received_cards_are_marked_for_the_receiver_only() -> None:
    state = GAME.new_game(4, {}, 3)
    gave = state.hands[0][:3]
    pass_all(state)
    assert set(GAME.view(state, 1).my_received) == set(gave)
    assert set(GAME.view(state, 0).my_passed) == set(gave)
    assert GAME.view(state, 2).my_received != GAME.view(state, 1).my_received
    assert GAME.view(state, None).my_received == ()


def test_the_public_log_says_everyone_passed_three_cards_never_which() -> None:
    state = GAME.new_game(4, {}, 3)
    gave = state.hands[0][:3]
    pass_all(state)
    public = " ".join(e.text for e in state.visible_log(None))
    assert "passes 3 cards left" in public
    from rules.candy_kit.cards import card_text

    assert not any(card_text(card) in public.split("leads")[0] for card in gave)
    own = [e.text for e in state.visible_log(0) if e.kind == "passed"]
    assert len(own) == 1
    assert all(card_text(card) in own[0] for card in gave)


# ---- the first trick ----------------------------------------------------------------------


def test_ruling_4_the_purple_1_holder_leads_it_and_names_nuts_fruit_or_coconut() -> None:
    state = GAME.new_game(4, {}, 6)
    pass_all(state)
    holder = next(s for s in range(4) if FIRST_LEAD in state.hands[s])
    assert GAME.to_act(state) == frozenset({holder})
    legal = GAME.legal_actions(state, holder)
    assert {a.args for a in legal} == {(FIRST_LEAD, "nuts"), (FIRST_LEAD, "fruit"), (FIRST_LEAD, "coconut")}


FIRST = c("purple", 1)


def first_trick(follower: list[int]) -> HauntedHouseState:
    state = playing([[FIRST, c("green", 12)], follower, [c("orange", 2)], [c("orange", 6)]], trick_number=0)
    play(state, 0, FIRST, "fruit")
    return state


def test_ruling_5a_in_the_first_trick_follow_with_a_card_without_halloween_if_you_have_one() -> None:
    state = first_trick([c("black", 11), c("green", 2), c("black", 2)])  # Candy Apple: Fruit and Halloween
    assert cards_legal(state, 1) == {c("green", 2)}


def test_ruling_5b_in_the_first_trick_when_every_follower_shows_halloween_play_one_of_them() -> None:
    state = first_trick([c("black", 11), c("orange", 5), c("black", 2)])
    assert cards_legal(state, 1) == {c("black", 11)}


def test_ruling_5c_unable_to_follow_in_the_first_trick_play_a_treat_without_halloween() -> None:
    state = first_trick([c("orange", 5), c("black", 2), c("green", -1)])
    assert cards_legal(state, 1) == {c("orange", 5)}


def test_ruling_5d_with_nothing_else_a_halloween_card_or_a_prank_may_go_in_the_first_trick() -> None:
    state = first_trick([c("black", 2), c("green", -1)])
    assert cards_legal(state, 1) == {c("black", 2), c("green", -1)}


# ---- following, Pranks, breaking ------------------------------------------------------------


def test_ruling_6_a_player_holding_the_named_suit_must_play_a_card_showing_it() -> None:
    state = playing(
        [[c("green", 12)], [c("green", 10), c("orange", 11), c("green", -1)], [c("orange", 2)], [c("orange", 6)]]
    )
    play(state, 0, c("green", 12), "fruit")
    assert cards_legal(state, 1) == {c("green", 10)}  # Caramel Apple shows Fruit among its suits
    with pytest.raises(RuleError, match="follow Fruit"):
        play(state, 1, c("orange", 11))


def test_ruling_6_a_prank_is_played_only_when_leading_or_unable_to_follow() -> None:
    state = playing([[c("green", 12)], [c("orange", 11), c("green", -1)], [c("orange", 2)], [c("orange", 6)]])
    play(state, 0, c("green", 12), "fruit")
    assert c("green", -1) in cards_legal(state, 1)


def test_after_a_prank_lead_the_first_suited_card_names_the_trick_suit() -> None:
    state = playing(
        [[c("green", -1)], [c("orange", 11), c("purple", 11)], [c("orange", 2)], [c("orange", 6)]], broken=True
    )
    play(state, 0, c("green", -1))
    legal = GAME.legal_actions(state, 1)
    assert act("play", c("orange", 11), "caramel") in legal
    assert act("play", c("purple", 11), "caramel") in legal
    play(state, 1, c("orange", 11), "nuts")
    assert state.trick_suit == "nuts"


def test_a_trick_with_no_suited_card_goes_to_its_leader() -> None:
    state = playing(
        [[c("green", -1), c("green", 2)], [c("orange", -1), c("green", 3)], [c("purple", -1), c("green", 4)]],
        broken=True,
    )
    play(state, 0, c("green", -1))
    play(state, 1, c("orange", -1))
    play(state, 2, c("purple", -1))
    assert state.last_winner == 0
    assert state.tricks_won == [1, 0, 0]


def test_ruling_7_a_halloween_card_played_off_suit_breaks_halloween() -> None:
    state = playing([[c("orange", 2)], [c("black", 2)], [c("orange", 3)]])
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("black", 2))
    assert state.broken


def test_ruling_7_a_card_showing_the_named_suit_and_halloween_breaks_it() -> None:
    state = playing([[c("green", 12)], [c("black", 11)], [c("orange", 3)]])
    play(state, 0, c("green", 12), "fruit")
    play(state, 1, c("black", 11))
    assert state.broken


def test_ruling_7_a_halloween_card_first_suited_after_a_prank_lead_breaks_it() -> None:
    state = playing([[c("green", -1), c("green", 2)], [c("black", 3)], [c("orange", 3)]])
    state.hands[0] = [c("green", -1)]  # only a Prank: it may lead it before the break
    play(state, 0, c("green", -1))
    assert not state.broken
    play(state, 1, c("black", 3), "gummy")
    assert state.broken


def test_ruling_7_pranks_never_break_halloween() -> None:
    state = playing([[c("orange", 2)], [c("green", -1)], [c("orange", 3)]])
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("green", -1))
    assert not state.broken


def test_ruling_8_before_the_break_no_halloween_card_and_no_prank_may_be_led() -> None:
    state = playing([[c("black", 2), c("green", -1), c("orange", 5)], [c("orange", 3)], [c("orange", 4)]])
    assert cards_legal(state, 0) == {c("orange", 5)}
    with pytest.raises(RuleError, match="not broken"):
        play(state, 0, c("black", 2), "halloween")


def test_ruling_8_a_leader_holding_nothing_else_leads_anything_and_a_halloween_lead_breaks_it() -> None:
    state = playing([[c("black", 3), c("green", -1)], [c("orange", 3)], [c("orange", 4)]])
    assert cards_legal(state, 0) == {c("black", 3), c("green", -1)}
    play(state, 0, c("black", 3), "gummy")
    assert state.broken


def test_ruling_9_a_led_card_names_any_of_its_suits_halloween_included_once_broken() -> None:
    state = playing([[c("black", 11), c("orange", 2)], [c("orange", 3)], [c("orange", 4)]], broken=True)
    names = {a.args[1] for a in GAME.legal_actions(state, 0) if a.args[0] == c("black", 11)}
    assert names == {"fruit", "candy", "halloween"}


def test_ruling_10_the_highest_card_showing_the_named_suit_wins_the_trick() -> None:
    state = playing([[c("orange", 2)], [c("green", 12)], [c("orange", 9)]])
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("green", 12))
    play(state, 2, c("orange", 9))
    assert state.last_winner == 2
    trick = next(e.text for e in state.log if e.kind == "trick")
    assert trick == "{p2} wins the trick with 9 Chocolate/Coconut/Nuts, the highest Chocolate."


def test_ruling_10_equal_ranks_go_to_the_card_played_first() -> None:
    state = playing([[c("green", 4)], [c("black", 4)], [c("orange", 2)]])
    play(state, 0, c("green", 4), "candy")
    play(state, 1, c("black", 4))
    play(state, 2, c("orange", 2))
    assert state.last_winner == 0


def test_ruling_11_the_winner_leads_next_or_with_a_prank_in_the_trick_the_player_on_their_right() -> None:
    hands = [[c("orange", 2), c("orange", 3)], [c("orange", 9), c("orange", 4)], [c("green", -1), c("orange", 5)]]
    state = playing([list(h) for h in hands])
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 9))
    play(state, 2, c("orange", 5))
    assert state.leader == 1
    state = playing([list(h) for h in hands])
    state.hands[2] = [c("green", -1), c("purple", 2)]
    play(state, 0, c("orange", 2), "chocolate")
    play(state, 1, c("orange", 9))
    play(state, 2, c("green", -1))
    assert state.last_winner == 1
    assert state.leader == 0


# ---- scoring and the end ------------------------------------------------------------------


def score(taken: list[list[int]], courage: list[int] | None = None) -> HauntedHouseState:
    state = GAME.new_game(len(taken), {}, 1)
    state.taken = taken
    state.courage = courage or [31] * len(taken)
    state.hands = [[] for _ in taken]
    GAME._score_hand(state)
    return state


def test_ruling_12_each_halloween_card_and_prank_taken_costs_one_courage_once_per_card() -> None:
    state = score([[c("black", 11), c("black", 4), c("green", -1)], [], [c("black", 2)]])
    assert state.courage == [28, 31, 30]
    assert state.last_losses == [3, 0, 1]


def test_ruling_12_taking_13_or_more_point_cards_scares_everyone_else_for_13() -> None:
    points = list(HALLOWEEN_CARDS) + list(PRANKS)
    state = score([points[:13], points[13:], []])
    assert state.courage == [31, 18, 18]
    assert state.last_scarer == 0
    state = score([points, [], []])
    assert state.courage == [31, 18, 18]


def test_ruling_13_the_game_ends_after_a_hand_leaving_someone_at_0_or_below() -> None:
    state = score([[c("black", 2), c("black", 3)], [], []], courage=[2, 10, 12])
    assert state.phase == "over"
    assert state.courage == [0, 10, 12]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (2,)
    assert "wins with 12 points of courage" in result.summary
    going_on = score([[c("black", 2)], [], []], courage=[2, 10, 12])
    assert going_on.phase == "pass"


def test_ruling_13_courage_may_go_below_zero_and_equal_courage_shares_the_win() -> None:
    points = list(HALLOWEEN_CARDS) + list(PRANKS)
    state = score([points, [], []], courage=[5, 10, 20])
    assert state.courage == [5, -3, 7]
    state = score([[c("black", 2)], [], []], courage=[1, 9, 9])
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1, 2)
    assert "share the win" in result.summary


# ---- moves refused with a reason -------------------------------------------------------------


def test_a_card_not_in_hand_or_a_missing_suit_name_is_refused_with_a_reason() -> None:
    state = playing([[c("orange", 2), c("orange", 3)], [c("orange", 9)], [c("orange", 5)]])
    with pytest.raises(RuleError, match="do not hold"):
        play(state, 0, c("green", 9), "candy")
    with pytest.raises(RuleError, match="Name the trick suit"):
        play(state, 0, c("orange", 2))
    state2 = GAME.new_game(4, {}, 3)
    with pytest.raises(RuleError, match="passes 3 cards"):
        GAME.apply(state2, 0, act("play", state2.hands[0][0]))


# ---- secrets and the computer players ---------------------------------------------------------


def test_a_guess_of_the_hidden_hands_keeps_the_cards_a_seat_passed_with_their_receiver() -> None:
    state = GAME.new_game(4, {}, 12)
    gave = list(state.hands[0][:3])
    pass_all(state)
    for seed in range(10):
        guess = GAME.determinize(state, 0, random.Random(seed))
        assert set(gave) <= set(guess.hands[1])
        assert guess.hands[0] == state.hands[0]


def test_the_normal_player_passes_its_highest_halloween_cards_first() -> None:
    state = GAME.new_game(4, {}, 2)
    state.hands[0] = sorted([c("black", 12), c("black", 9), c("orange", 2), c("green", 3), c("purple", 4)])
    action = NormalLevel().choose(GAME, state, 0, random.Random(1))
    assert action == Action(kind="pass", args=(c("black", 12),))


def test_the_normal_player_ducks_under_the_winning_card_and_dumps_points_when_void() -> None:
    state = playing([[c("orange", 9)], [c("orange", 12), c("orange", 8), c("orange", 2)], [c("orange", 5)]])
    play(state, 0, c("orange", 9), "chocolate")
    assert NormalLevel().choose(GAME, state, 1, random.Random(1)).args == (c("orange", 8),)
    state = playing([[c("orange", 9)], [c("black", 12), c("green", 2)], [c("orange", 5)]])
    play(state, 0, c("orange", 9), "chocolate")
    assert NormalLevel().choose(GAME, state, 1, random.Random(1)).args == (c("black", 12),)


NAMES = ("Ana", "Bob", "Cy")


def hand_over(taken: list[list[int]], courage: list[int] | None = None) -> list[Event]:
    state = GAME.new_game(len(taken), {}, 1)
    state.taken, state.hands = taken, [[] for _ in taken]
    state.courage = courage or [31] * len(taken)
    return GAME._score_hand(state)


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("haunted-house") == set()
    points = list(HALLOWEEN_CARDS) + list(PRANKS)
    line = hand_over([[points[0]], points[1:3], []])[0]
    assert line.in_words(NAMES, 1) == "Hand over: Ana loses 1; you lose 2; Cy loses 0."
    scare = hand_over([points[:14], [], []])[0]
    assert scare.in_words(NAMES, 0) == "You took 14 point cards and scare everyone: the others lose 13."
    assert scare.in_words(NAMES, 1) == "Ana took 14 point cards and scares everyone: the others lose 13."
    over = hand_over([[points[0]], [], []], courage=[1, 10, 10])[-1]
    assert over.in_words(NAMES) == "Bob and Cy share the win with 10 points of courage left."
    assert over.in_words(NAMES, 2) == "Bob and you share the win with 10 points of courage left."
