"""Match Candy-Go: one test per rule sentence and ruling of §13 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import MATCH_SETS, card_at
from rules.candy_kit.cards import KING_SIZE
from rules.contract import act
from rules.games.match_candy_go import GAME
from rules.games.match_candy_go.game import DECK, joins
from rules.games.match_candy_go.scoring import PAIRS, hand_points
from rules.games.match_candy_go.state import MatchState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines

CHOC_2 = card_at("orange", 2)  # Chocolate
CHOC_NUTS_3 = card_at("orange", 3)  # Chocolate, Nuts
CHOC_MARSH_4 = card_at("orange", 4)  # Chocolate, Marshmallow
NUTS_CARAMEL_4 = card_at("purple", 4)  # Caramel, Nuts
FRUIT_1 = card_at("green", 1)  # Fruit
SOUR_FRUIT_12 = card_at("green", 12)  # Sour, Fruit
GUMMY_5 = card_at("green", 5)  # Gummy, Sour


def fresh(players: int = 2, seed: int = 1, **options: bool) -> MatchState:
    return GAME.new_game(players, options, seed)


def rigged(hands: list[list[int]], stacks: list[list[int]], pile: list[int]) -> MatchState:
    state = fresh(len(hands))
    state.hands = [list(h) for h in hands]
    state.stacks = [list(s) for s in stacks]
    state.pile = list(pile)
    state.turn, state.phase, state.added, state.turned = 0, "hand", [], None
    return state


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("match-candy-go") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 3)


def test_rulings_13_deck_is_49_cards_ranks_1_to_12_and_the_king_size() -> None:
    assert len(DECK) == 49
    assert KING_SIZE in DECK
    assert all(1 <= candy_deck.card_of(c).rank <= 13 for c in DECK)


def test_rulings_13_deal_two_players_9_stash_10_each_20_left_three_players_7_8_18() -> None:
    two = fresh(2)
    assert (len(two.stacks), [len(h) for h in two.hands], len(two.pile)) == (9, [10, 10], 20)
    three = fresh(3)
    assert (len(three.stacks), [len(h) for h in three.hands], len(three.pile)) == (7, [8, 8, 8], 18)


def test_rulings_13_1_the_player_left_of_the_dealer_starts() -> None:
    for seed in range(5):
        state = fresh(3, seed)
        assert state.turn == (state.dealer + 1) % 3


def test_rulings_13_2_cards_match_when_they_share_a_suit_and_the_king_size_carries_every_suit() -> None:
    assert joins(CHOC_NUTS_3, [CHOC_2])
    assert not joins(FRUIT_1, [CHOC_2])
    assert joins(KING_SIZE, [FRUIT_1])
    assert joins(FRUIT_1, [KING_SIZE])


def test_rulings_13_3_a_larger_stack_takes_a_card_only_with_a_suit_shared_by_all_king_size_left_out() -> None:
    stack = [CHOC_NUTS_3, NUTS_CARAMEL_4]  # both show Nuts
    assert joins(card_at("orange", 5), stack)  # Chocolate, Nuts
    assert not joins(CHOC_2, stack), "Chocolate is not on every card"
    assert joins(card_at("orange", 5), [CHOC_NUTS_3, KING_SIZE]), "the King Size is left out of the test"


def test_rulings_13_4_a_matching_hand_card_must_go_on_a_stack_else_one_card_is_laid_alone() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [GUMMY_5]], [[CHOC_2]], [SOUR_FRUIT_12])
    assert [a.token() for a in GAME.legal_actions(state, 0)] == [f"join.{CHOC_NUTS_3}.1"]
    with pytest.raises(RuleError, match="you must play a card onto a stack"):
        GAME.apply(state, 0, act("lay", FRUIT_1))
    nothing = rigged([[FRUIT_1], [GUMMY_5]], [[CHOC_2]], [SOUR_FRUIT_12])
    assert [a.kind for a in GAME.legal_actions(nothing, 0)] == ["lay"]


def test_rulings_13_5_a_matching_deck_card_goes_on_a_stack_of_the_players_choice() -> None:
    state = rigged([[FRUIT_1, GUMMY_5], [CHOC_2]], [[CHOC_NUTS_3], [CHOC_MARSH_4]], [card_at("orange", 6)])
    GAME.apply(state, 0, act("lay", FRUIT_1))
    assert state.phase == "deck"
    assert state.turned == card_at("orange", 6)
    assert [a.token() for a in GAME.legal_actions(state, 0)] == ["put.1", "put.2"]


def test_rulings_13_5_a_deck_card_that_matches_nothing_lies_alone() -> None:
    state = rigged([[FRUIT_1, GUMMY_5], [CHOC_2]], [[CHOC_NUTS_3]], [card_at("purple", 11)])  # Caramel
    GAME.apply(state, 0, act("lay", FRUIT_1))
    assert state.stacks[-1] == [card_at("purple", 11)]
    assert state.turn == 1


def test_rulings_13_6_adding_to_two_different_stacks_captures_both() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [GUMMY_5]], [[CHOC_2], [SOUR_FRUIT_12]], [card_at("green", 2)])
    GAME.apply(state, 0, act("join", CHOC_NUTS_3, 1))
    GAME.apply(state, 0, act("put", 2))  # Gummy Fish (Gummy, Fruit) onto the Fruit card
    assert sorted(state.captures[0]) == sorted([CHOC_2, CHOC_NUTS_3, SOUR_FRUIT_12, card_at("green", 2)])
    assert state.stacks == []


def test_rulings_13_6_a_stack_of_4_or_more_is_captured() -> None:
    three = [CHOC_2, CHOC_NUTS_3, card_at("orange", 6)]
    state = rigged([[card_at("orange", 8), FRUIT_1], [GUMMY_5]], [three], [card_at("purple", 11)])
    GAME.apply(state, 0, act("join", card_at("orange", 8), 1))
    assert len(state.captures[0]) == 4


def test_rulings_13_6_one_stack_of_fewer_than_4_is_not_captured_and_laying_is_not_adding() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [GUMMY_5]], [[CHOC_2]], [card_at("purple", 11)])
    GAME.apply(state, 0, act("join", CHOC_NUTS_3, 1))
    assert state.captures[0] == []
    lay = rigged([[FRUIT_1, GUMMY_5], [CHOC_2]], [[CHOC_NUTS_3]], [card_at("green", 2)])
    GAME.apply(lay, 0, act("lay", FRUIT_1))
    GAME.apply(lay, 0, act("put", 2))  # onto the Fruit card just laid
    assert lay.captures[0] == [], "the laid card was not added to: one stack only"


def test_rulings_13_7_with_three_players_the_turn_up_step_is_skipped_once_the_deck_is_gone() -> None:
    state = rigged([[FRUIT_1, GUMMY_5], [CHOC_2], [SOUR_FRUIT_12]], [[CHOC_NUTS_3]], [])
    GAME.apply(state, 0, act("lay", FRUIT_1))
    assert state.turn == 1
    assert state.turned is None


def test_rulings_13_8_a_set_scores_1_per_card_only_when_one_player_holds_all_of_it() -> None:
    twist = list(MATCH_SETS["Twist candies"])
    assert hand_points([twist, []], pair_bonus=False) == [3, 0]
    assert hand_points([twist[:2], twist[2:]], pair_bonus=False) == [1, 0], "no set: the junk rule only"


def test_rulings_13_9_the_most_junk_gains_half_of_it_rounded_down_and_ties_each_gain() -> None:
    assert hand_points([[FRUIT_1, CHOC_2, GUMMY_5], [SOUR_FRUIT_12]], pair_bonus=False) == [1, 0]
    assert hand_points([[FRUIT_1, CHOC_2], [SOUR_FRUIT_12, GUMMY_5]], pair_bonus=False) == [1, 1]


def test_rulings_13_10_the_pair_bonus_gives_1_per_named_pair_held_even_without_its_set() -> None:
    cups = list(PAIRS[0])
    assert cups == [CHOC_NUTS_3, CHOC_MARSH_4]
    assert hand_points([cups, []], pair_bonus=True) == [1 + 1, 0]
    assert hand_points([cups, []], pair_bonus=False) == [1, 0]
    assert fresh(2, pair_bonus=True).pair_bonus


def test_rulings_13_hand_end_the_dealer_takes_what_is_left_and_one_hand_per_player() -> None:
    state = rigged([[FRUIT_1], []], [[CHOC_2]], [])
    state.dealer = 1
    GAME.apply(state, 0, act("lay", FRUIT_1))
    assert sorted(state.last_points) == sorted(hand_points([[], [CHOC_2, FRUIT_1]], False))
    assert state.hand_number == 2
    assert state.dealer == 0


def test_rulings_13_11_after_one_hand_per_player_the_highest_total_wins_ties_shared() -> None:
    state = rigged([[FRUIT_1], []], [[CHOC_2]], [])
    state.hand_number, state.scores, state.dealer = 2, [5, 5], 1
    GAME.apply(state, 0, act("lay", FRUIT_1))
    assert state.over
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1,)


def test_blind_information_determinize_deals_the_deck_and_the_other_hand_again() -> None:
    state = fresh(2)
    view = GAME.view(state, 0)
    others = {tuple(sorted(GAME.determinize(state, 0, random.Random(k)).hands[1])) for k in range(5)}
    assert len(others) > 1
    assert GAME.view(GAME.determinize(state, 0, random.Random(9)), 0) == view


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "Laying a new stack is not adding to one." in text
    assert "the second step is skipped" in text
    assert "tied players each gain" in text
    assert "tied players share the win" in text


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("match-candy-go") == set()
    state = fresh(3, 1)
    deal = state.log[-1]
    assert (
        deal.in_words(NAMES, state.dealer)
        == "Hand 1: You deal; 7 cards start the stash and " + NAMES[state.turn] + " goes first."
    )
    assert deal.in_words(NAMES, state.turn).endswith("7 cards start the stash and you go first.")
    seat = state.turn
    events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert events[0].said is not None
    assert events[0].in_words(NAMES, seat).startswith(("You play ", "You lay "))
