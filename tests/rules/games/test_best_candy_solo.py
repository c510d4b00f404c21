"""Solo Best Candy: the automaton opponent, exactly as the rulebook and the data file run it."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from rules.candy_kit.cards import KING_SIZE, SUITS
from rules.contract import act
from rules.games.best_candy import GAME, solo
from rules.games.best_candy.scoring import score_hand
from rules.games.best_candy.state import OPPONENT, BestCandyState, Phase
from tests.rules.games.test_best_candy_support import KING, card, play, trick_state

MILK_BAR = card("orange", 2)  # chocolate
CUPS = card("orange", 3)  # chocolate, nuts
COOKIE_BAR = card("orange", 8)  # chocolate, caramel
ROCKY_ROAD = card("orange", 12)  # chocolate, marshmallow, nuts
APPLE = card("green", 1)  # fruit
FRUIT_CHEWS = card("green", 7)  # fruit, caramel
FRUIT_DROPS = card("green", 12)  # sour, fruit
LICORICE = card("black", 8)  # candy
PRANK = card("black", -1)
NON_TREAT = card("black", 0)


def solo_trick(human: list[int], opponent: list[int], trump: str, opening: int, suit: str) -> BestCandyState:
    """A solo hand where the opponent has just led `opening` naming `suit`; the player is to answer."""
    state = trick_state([human, opponent], trump=trump, leader=OPPONENT, players=1)
    state.trick = [opening]
    state.trick_suit = suit
    state.named_suits = [suit]
    return state


def test_a_solo_game_is_set_up_like_a_two_player_game() -> None:
    state = GAME.new_game(1, {}, 2)
    assert len(state.colours) == 2
    cards = sorted([c for h in state.hands for c in h] + state.stash)
    assert KING_SIZE in cards
    assert len(cards) == 1 + 2 * 14
    assert [len(h) for h in state.hands] == [12, 12]


def test_the_player_is_dealt_three_suit_cards_and_keeps_one() -> None:
    state = GAME.new_game(1, {}, 2)
    assert len(state.offers[0]) == 3
    GAME.apply(state, 0, act("keep", state.offers[0][2]))
    assert state.favourites[0] == [state.offers[0][2]]


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_the_opponent_keeps_every_suit_card_it_is_dealt_one_two_or_three_by_difficulty(difficulty: int) -> None:
    state = GAME.new_game(1, {"solo_difficulty": difficulty}, 2)
    assert len(state.favourites[OPPONENT]) == difficulty
    assert not set(state.favourites[OPPONENT]) & set(state.offers[0])


def test_the_standard_solo_opponent_keeps_two_suit_cards() -> None:
    assert len(GAME.new_game(1, {}, 2).favourites[OPPONENT]) == 2


@pytest.mark.parametrize("difficulty", [0, 4])
def test_solo_difficulty_is_one_to_three(difficulty: int) -> None:
    with pytest.raises(ValidationError):
        GAME.options({"solo_difficulty": difficulty})


def test_every_solo_difficulty_is_played_by_the_generic_suite() -> None:
    assert (1, {"solo_difficulty": 1}) in GAME.configurations()
    assert (1, {"solo_difficulty": 2}) in GAME.configurations()
    assert (1, {"solo_difficulty": 3}) in GAME.configurations()


def test_the_opponent_is_never_a_seat_to_act() -> None:
    state = GAME.new_game(1, {}, 3)
    rng = random.Random(3)
    while GAME.result(state) is None:
        assert GAME.to_act(state) == frozenset({0})
        GAME.apply(state, 0, rng.choice(GAME.legal_actions(state, 0)))
    assert GAME.to_act(state) == frozenset()


def test_the_opponent_takes_the_highest_ranked_card_from_the_stash() -> None:
    state = GAME.new_game(1, {}, 4)
    state.scores = [5, 0]  # the opponent scores lowest, so it drafts first
    state.stash = [card("black", 5), KING_SIZE if KING_SIZE not in state.hands[0] else card("black", 6), APPLE]
    best = state.stash[1]
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    assert best in state.hands[OPPONENT]
    assert best not in state.stash
    assert GAME.to_act(state) == frozenset({0})


def test_the_opponents_draft_pick_takes_the_first_shown_among_equal_ranks() -> None:
    assert solo.draft_pick([card("black", 9), card("green", 9), APPLE]) == card("black", 9)


def test_the_opponent_leads_the_first_trick_whoever_drafted_last() -> None:
    state = GAME.new_game(1, {}, 5)
    state.scores = [0, 5]  # the player drafts first, the opponent last
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    GAME.apply(state, 0, act("take", state.stash[0]))
    assert state.phase is Phase.TRICKS
    assert len(state.trick) == 1  # the opponent has led already
    state = GAME.new_game(1, {}, 5)
    state.scores = [5, 0]  # the opponent drafts first, the player last
    GAME.apply(state, 0, act("keep", state.offers[0][0]))
    GAME.apply(state, 0, act("take", state.stash[0]))
    assert len(state.trick) == 1


def test_the_opponent_leads_every_trick_even_after_losing_it() -> None:
    state = solo_trick([ROCKY_ROAD, APPLE], [LICORICE], trump="sour", opening=MILK_BAR, suit="chocolate")
    play(state, 0, ROCKY_ROAD)
    assert state.last_trick_winner == 0
    assert state.leader == OPPONENT
    assert state.trick == [LICORICE]


def test_the_opponent_leads_its_top_card_and_names_its_top_suit() -> None:
    state = solo_trick([APPLE, MILK_BAR], [COOKIE_BAR, LICORICE], trump="sour", opening=FRUIT_DROPS, suit="fruit")
    play(state, 0, APPLE)
    assert state.trick == [COOKIE_BAR]
    assert state.trick_suit == "chocolate"
    assert state.hands[OPPONENT] == [LICORICE]


def test_the_opponent_names_trump_when_its_card_carries_trump() -> None:
    state = solo_trick([APPLE, MILK_BAR], [COOKIE_BAR, LICORICE], trump="caramel", opening=FRUIT_DROPS, suit="fruit")
    play(state, 0, APPLE)
    assert state.trick_suit == "caramel"


def test_the_opponents_king_size_names_the_latest_suit_that_is_not_trump() -> None:
    state = solo_trick([APPLE, MILK_BAR], [KING, LICORICE], trump="fruit", opening=FRUIT_DROPS, suit="fruit")
    state.named_suits = ["fruit", "gummy", "candy"]
    play(state, 0, APPLE)
    assert state.trick == [KING]
    assert state.trick_suit == "gummy"


def test_the_opponents_king_size_before_any_suit_is_named_names_its_favourite() -> None:
    state = trick_state([[APPLE], [KING]], trump="fruit", leader=OPPONENT, players=1)
    state.favourites[OPPONENT] = ["nuts", "sour"]
    assert solo.lead(state) == (KING, "nuts")


def test_the_opponent_leads_a_prank_or_non_treat_without_a_suit() -> None:
    state = solo_trick([APPLE, MILK_BAR], [NON_TREAT, LICORICE], trump="sour", opening=FRUIT_DROPS, suit="fruit")
    play(state, 0, APPLE)
    assert state.trick == [NON_TREAT]
    assert state.trick_suit is None
    # The player's suited card then chooses the suit.
    assert {a.args[1] for a in GAME.legal_actions(state, 0)} == {"chocolate"}


def test_the_opponent_follows_with_the_first_card_from_its_top_that_may_be_played() -> None:
    state = trick_state([[MILK_BAR], [PRANK, APPLE, CUPS, FRUIT_CHEWS]], trump="sour", players=1)
    state.trick = [MILK_BAR]
    state.trick_suit = "chocolate"
    assert solo.follow(state) == (CUPS, None)
    state.trick_suit = "gummy"
    assert solo.follow(state) == (PRANK, None)
    state.trick_suit = None  # after a suitless lead, it names a suit as when leading
    state.hands[OPPONENT] = [FRUIT_CHEWS, CUPS]
    state.trump = "caramel"
    assert solo.follow(state) == (FRUIT_CHEWS, "caramel")


def test_the_opponent_scores_a_bonus_for_the_cards_of_every_suit_card_it_kept() -> None:
    state = trick_state([[MILK_BAR], [APPLE]], trump="sour", leader=0, players=1)
    state.favourites = [["candy"], ["nuts", "chocolate"]]
    state.taken[OPPONENT] = [CUPS, LICORICE, card("purple", 4)]  # chocolate+nuts, candy, caramel+nuts
    state.tricks_won = [0, 2]
    play(state, 0, MILK_BAR, "chocolate")  # the opponent answers with its last card by itself
    assert state.last_trick == [MILK_BAR, APPLE]
    assert state.last_hand[OPPONENT].favourite_cards == 2, "one for each card showing a kept suit"
    assert state.last_hand[OPPONENT].points == 2 + 2


def test_a_card_earns_the_opponents_favourite_bonus_once_even_with_two_of_its_suits() -> None:
    state = trick_state([[MILK_BAR], [APPLE]], trump="sour", leader=0, players=1)
    state.favourites = [["fruit"], ["nuts", "chocolate"]]
    state.taken[OPPONENT] = [CUPS]  # chocolate and nuts: both kept suits, one card
    sheet = score_hand(state, OPPONENT)
    assert sheet.favourite_cards == 1
    assert sheet.bonus == 1


def test_the_opponents_hand_order_is_hidden_from_the_player() -> None:
    state = GAME.new_game(1, {}, 6)
    view = GAME.view(state, 0)
    assert view.hand_sizes[OPPONENT] == 12
    assert not set(state.hands[OPPONENT]) & set(view.hand)
    orders = {tuple(GAME.determinize(state, 0, random.Random(k)).hands[OPPONENT]) for k in range(5)}
    assert len(orders) > 1


def test_solo_views_and_suits_are_consistent() -> None:
    state = GAME.new_game(1, {"solo_difficulty": 3}, 7)
    copy = GAME.determinize(state, 0, random.Random(1))
    assert len(copy.favourites[OPPONENT]) == 3
    assert not set(copy.favourites[OPPONENT]) & set(state.offers[0])
    assert sorted(copy.favourites[OPPONENT] + copy.offers[0] + copy.suit_deck) == sorted(SUITS)
    assert sorted(copy.hands[OPPONENT] + copy.stash) == sorted(state.hands[OPPONENT] + state.stash)


def test_the_opponents_pile_is_shuffled_after_it_takes_from_the_stash() -> None:
    positions = set()
    for seed in range(12):
        state = GAME.new_game(1, {}, seed)
        state.scores = [5, 0]  # the opponent drafts first
        GAME.apply(state, 0, act("keep", state.offers[0][0]))
        drafted = next(c for c in state.hands[OPPONENT] if c not in GAME.new_game(1, {}, seed).hands[OPPONENT])
        GAME.apply(state, 0, act("take", state.stash[0]))
        pile = [*state.trick, *state.hands[OPPONENT]]  # it has led its top card already
        positions.add(pile.index(drafted))
    assert len(positions) > 1
