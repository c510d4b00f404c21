"""Best Candy's trick rules: leading, choosing the trick suit, following, winning, the next lead."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.candy_kit.cards import SUITS
from rules.games.best_candy import GAME
from rules.kit.errors import RuleError
from tests.rules.games.test_best_candy_support import (
    KING,
    card,
    legal_cards,
    legal_plays,
    play,
    play_action,
    trick_state,
)

MILK_BAR = card("orange", 2)  # chocolate
CUPS = card("orange", 3)  # chocolate, nuts
CRISPY = card("orange", 6)  # chocolate
CHOC_COCO = card("purple", 6)  # coconut, chocolate
COOKIE_BAR = card("orange", 8)  # chocolate, caramel
ROCKY_ROAD = card("orange", 12)  # chocolate, marshmallow, nuts
VANILLA = card("orange", 10)  # caramel
APPLE = card("green", 1)  # fruit
FRUIT_DROPS = card("green", 12)  # sour, fruit
LICORICE = card("black", 8)  # candy
PEPPERMINTS = card("purple", 2)  # candy
WAX_LIPS = card("black", 2)  # halloween
PRANK = card("black", -1)
PRANK_2 = card("orange", -1)
NON_TREAT = card("black", 0)
NON_TREAT_2 = card("purple", 0)


# ---- leading ------------------------------------------------------------------


def test_the_leader_may_lead_any_card_including_trump() -> None:
    state = trick_state([[APPLE, LICORICE, PRANK, NON_TREAT, KING], [VANILLA]], trump="fruit")
    assert legal_cards(state, 0) == {APPLE, LICORICE, PRANK, NON_TREAT, KING}


def test_leading_a_treat_chooses_the_trick_suit_among_its_suits() -> None:
    state = trick_state([[COOKIE_BAR], [VANILLA]], trump="fruit")
    assert legal_plays(state, 0) == {(COOKIE_BAR, "chocolate"), (COOKIE_BAR, "caramel")}
    play(state, 0, COOKIE_BAR, "caramel")
    assert state.trick_suit == "caramel"


def test_leading_a_card_that_carries_trump_must_choose_trump() -> None:
    state = trick_state([[ROCKY_ROAD], [VANILLA]], trump="nuts")
    assert legal_plays(state, 0) == {(ROCKY_ROAD, "nuts")}
    with pytest.raises(RuleError, match="carries trump, so the trick suit must be Nuts"):
        play(state, 0, ROCKY_ROAD, "chocolate")


def test_leading_the_king_size_chooses_any_suit_except_trump() -> None:
    state = trick_state([[KING], [VANILLA]], trump="fruit")
    assert legal_plays(state, 0) == {(KING, s) for s in SUITS if s != "fruit"}
    with pytest.raises(RuleError, match="except trump"):
        play(state, 0, KING, "fruit")


def test_leading_a_prank_or_non_treat_chooses_no_suit() -> None:
    state = trick_state([[PRANK, NON_TREAT], [VANILLA]], trump="fruit")
    assert legal_plays(state, 0) == {(PRANK, None), (NON_TREAT, None)}
    play(state, 0, NON_TREAT)
    assert state.trick_suit is None


def test_after_a_suitless_lead_the_first_suited_card_chooses_the_trick_suit() -> None:
    hands = [[NON_TREAT, APPLE], [PRANK_2, VANILLA], [COOKIE_BAR, LICORICE], [PEPPERMINTS]]
    state = trick_state(hands, trump="fruit")
    play(state, 0, NON_TREAT)
    play(state, 1, PRANK_2)
    assert state.trick_suit is None
    assert legal_plays(state, 2) == {(COOKIE_BAR, "chocolate"), (COOKIE_BAR, "caramel"), (LICORICE, "candy")}
    play(state, 2, COOKIE_BAR, "caramel")
    assert state.trick_suit == "caramel"


def test_until_a_trick_suit_is_chosen_any_card_may_be_played() -> None:
    state = trick_state([[PRANK, APPLE], [PRANK_2, NON_TREAT_2, VANILLA, KING], [LICORICE]], trump="fruit")
    play(state, 0, PRANK)
    assert legal_cards(state, 1) == {PRANK_2, NON_TREAT_2, VANILLA, KING}


def test_only_the_leader_is_forced_to_name_trump_the_first_suited_card_after_a_suitless_lead_is_free() -> None:
    state = trick_state([[NON_TREAT, APPLE], [COOKIE_BAR, LICORICE], [PEPPERMINTS]], trump="caramel")
    play(state, 0, NON_TREAT)
    assert {s for c, s in legal_plays(state, 1) if c == COOKIE_BAR} == {"chocolate", "caramel"}
    play(state, 1, COOKIE_BAR, "chocolate")
    assert state.trick_suit == "chocolate"


def test_a_leader_whose_card_carries_trump_must_still_name_trump() -> None:
    state = trick_state([[COOKIE_BAR, LICORICE], [NON_TREAT]], trump="caramel")
    assert {s for c, s in legal_plays(state, 0) if c == COOKIE_BAR} == {"caramel"}


def test_the_king_size_played_before_a_trick_suit_is_chosen_picks_any_suit_but_trump() -> None:
    state = trick_state([[PRANK, APPLE], [KING, VANILLA]], trump="fruit")
    play(state, 0, PRANK)
    assert {s for c, s in legal_plays(state, 1) if c == KING} == {s for s in SUITS if s != "fruit"}


def test_play_goes_to_the_left_of_the_leader() -> None:
    state = trick_state([[APPLE], [VANILLA], [LICORICE]], trump="nuts", leader=2)
    assert GAME.to_act(state) == frozenset({2})
    play(state, 2, LICORICE, "candy")
    assert GAME.to_act(state) == frozenset({0})
    play(state, 0, APPLE)
    assert GAME.to_act(state) == frozenset({1})


# ---- following ----------------------------------------------------------------


def test_a_player_must_follow_the_trick_suit_when_able() -> None:
    state = trick_state([[MILK_BAR], [CRISPY, APPLE, VANILLA]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {CRISPY}


def test_not_following_when_able_is_refused_with_the_suit_named() -> None:
    state = trick_state([[MILK_BAR], [CRISPY, APPLE]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    with pytest.raises(RuleError) as refused:
        play(state, 1, APPLE)
    assert refused.value.message == "You must follow suit: you hold a Chocolate card."


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    state = trick_state([[MILK_BAR], [APPLE, VANILLA, PRANK_2, NON_TREAT]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {APPLE, VANILLA, PRANK_2, NON_TREAT}


def test_a_card_with_the_trick_suit_and_trump_must_be_played_when_it_is_the_only_follower() -> None:
    state = trick_state([[MILK_BAR], [CUPS, APPLE]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {CUPS}


def test_the_king_size_never_has_to_be_played_to_follow() -> None:
    state = trick_state([[MILK_BAR], [KING, APPLE]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    # Holding only the King Size, a player counts as unable to follow.
    assert legal_cards(state, 1) == {KING, APPLE}


def test_the_king_size_may_be_played_instead_of_a_card_of_the_trick_suit() -> None:
    state = trick_state([[MILK_BAR], [KING, CRISPY, APPLE]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_plays(state, 1) == {(KING, None), (CRISPY, None)}


def test_non_treats_may_always_be_played_even_when_able_to_follow() -> None:
    state = trick_state([[MILK_BAR], [CRISPY, NON_TREAT, APPLE]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert legal_cards(state, 1) == {CRISPY, NON_TREAT}


def test_a_prank_cannot_be_played_by_a_player_able_to_follow() -> None:
    state = trick_state([[MILK_BAR], [CRISPY, PRANK_2]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert PRANK_2 not in legal_cards(state, 1)
    with pytest.raises(RuleError, match="A Prank is played only when leading"):
        play(state, 1, PRANK_2)


def test_a_prank_may_be_played_when_leading() -> None:
    state = trick_state([[PRANK, MILK_BAR], [CRISPY]], trump="nuts")
    assert PRANK in legal_cards(state, 0)


def test_a_prank_may_be_played_by_a_player_unable_to_follow() -> None:
    state = trick_state([[MILK_BAR], [APPLE, PRANK_2]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    assert PRANK_2 in legal_cards(state, 1)


def test_a_prank_may_be_played_before_the_trick_suit_is_chosen() -> None:
    state = trick_state([[NON_TREAT, APPLE], [CRISPY, PRANK_2]], trump="nuts")
    play(state, 0, NON_TREAT)
    assert PRANK_2 in legal_cards(state, 1)


def test_a_card_played_once_the_suit_is_chosen_names_no_suit() -> None:
    state = trick_state([[MILK_BAR], [CRISPY]], trump="nuts")
    play(state, 0, MILK_BAR, "chocolate")
    with pytest.raises(RuleError, match="already Chocolate"):
        play(state, 1, CRISPY, "chocolate")


def test_a_card_that_chooses_the_suit_must_say_which() -> None:
    state = trick_state([[COOKIE_BAR], [CRISPY]], trump="nuts")
    with pytest.raises(RuleError, match="chooses the trick suit: add one of Chocolate, Caramel"):
        play(state, 0, COOKIE_BAR)
    with pytest.raises(RuleError, match="does not carry Fruit"):
        play(state, 0, COOKIE_BAR, "fruit")


def test_a_card_not_in_hand_cannot_be_played() -> None:
    state = trick_state([[COOKIE_BAR], [CRISPY]], trump="nuts")
    with pytest.raises(RuleError, match="You do not hold that card"):
        play(state, 0, CRISPY, "chocolate")


# ---- winning --------------------------------------------------------------------


def finish(hands: list[list[int]], trump: str, plays: Sequence[tuple[int, str | None]], leader: int = 0) -> int:
    """Play one trick (cards from `leader` on) and return its winner; each hand keeps a spare card."""
    spare = [APPLE, VANILLA, LICORICE, PEPPERMINTS, FRUIT_DROPS]
    state = trick_state([[*h, spare[i]] for i, h in enumerate(hands)], trump=trump, leader=leader)
    for k, (card_id, suit) in enumerate(plays):
        play(state, (leader + k) % len(hands), card_id, suit)
    assert state.last_trick_winner is not None
    return state.last_trick_winner


def test_the_highest_trump_wins_the_trick() -> None:
    assert (
        finish([[ROCKY_ROAD], [CUPS], [MILK_BAR]], "nuts", [(ROCKY_ROAD, "nuts"), (CUPS, None), (MILK_BAR, None)]) == 0
    )
    state_hands = [[MILK_BAR], [CUPS], [ROCKY_ROAD]]
    assert finish(state_hands, "nuts", [(MILK_BAR, "chocolate"), (CUPS, None), (ROCKY_ROAD, None)]) == 2


def test_without_trump_the_highest_card_of_the_trick_suit_wins() -> None:
    plays = [(MILK_BAR, "chocolate"), (COOKIE_BAR, None), (CRISPY, None)]
    assert finish([[MILK_BAR], [COOKIE_BAR], [CRISPY]], "sour", plays) == 1


def test_an_off_suit_trump_beats_a_higher_trick_suit_card() -> None:
    plays = [(ROCKY_ROAD, "chocolate"), (APPLE, None)]
    assert finish([[ROCKY_ROAD], [APPLE]], "fruit", plays) == 1


def test_a_card_with_the_trick_suit_and_trump_counts_as_trump() -> None:
    # Trick suit chocolate, trump nuts: the 3 (chocolate+nuts) beats the 8 (chocolate+caramel).
    plays = [(COOKIE_BAR, "chocolate"), (CUPS, None)]
    assert finish([[COOKIE_BAR], [CUPS]], "nuts", plays) == 1


def test_off_suit_cards_never_win() -> None:
    plays = [(MILK_BAR, "chocolate"), (VANILLA, None)]
    assert finish([[MILK_BAR], [VANILLA]], "fruit", plays) == 0


def test_equal_ranks_go_to_the_card_played_first() -> None:
    plays = [(MILK_BAR, "chocolate"), (CRISPY, None), (CHOC_COCO, None)]
    assert finish([[MILK_BAR], [CRISPY], [CHOC_COCO]], "sour", plays) == 1


def test_when_no_suited_card_is_played_the_leader_wins() -> None:
    plays = [(NON_TREAT, None), (PRANK_2, None), (NON_TREAT_2, None)]
    assert finish([[NON_TREAT_2], [NON_TREAT], [PRANK_2]], "sour", plays, leader=1) == 1


def test_the_king_size_counts_as_the_trick_suit_and_outranks_it() -> None:
    plays = [(ROCKY_ROAD, "chocolate"), (KING, None)]
    assert finish([[ROCKY_ROAD], [KING]], "sour", plays) == 1


def test_the_king_size_loses_to_trump_when_the_trick_suit_is_not_trump() -> None:
    plays = [(KING, "chocolate"), (APPLE, None)]
    assert finish([[KING], [APPLE]], "fruit", plays) == 1


def test_the_king_size_beats_trump_when_the_trick_suit_is_trump() -> None:
    plays = [(FRUIT_DROPS, "fruit"), (KING, None)]
    assert finish([[FRUIT_DROPS], [KING]], "fruit", plays) == 1


def test_the_winner_puts_the_trick_into_their_take_pile() -> None:
    state = trick_state([[MILK_BAR, APPLE], [CRISPY, VANILLA]], trump="sour")
    play(state, 0, MILK_BAR, "chocolate")
    play(state, 1, CRISPY)
    assert sorted(state.taken[1]) == sorted([MILK_BAR, CRISPY])
    assert state.tricks_won == [0, 1]
    assert state.trick == []


def test_the_winner_leads_the_next_trick_when_no_prank_was_played() -> None:
    state = trick_state([[MILK_BAR, APPLE], [CRISPY, VANILLA], [LICORICE, FRUIT_DROPS]], trump="sour")
    play(state, 0, MILK_BAR, "chocolate")
    play(state, 1, CRISPY)
    play(state, 2, LICORICE)
    assert state.leader == 1
    assert GAME.to_act(state) == frozenset({1})


def test_a_trick_with_a_prank_passes_the_next_lead_to_the_winners_right() -> None:
    state = trick_state([[MILK_BAR, APPLE], [CRISPY, VANILLA], [PRANK, FRUIT_DROPS]], trump="sour")
    play(state, 0, MILK_BAR, "chocolate")
    play(state, 1, CRISPY)
    play(state, 2, PRANK)
    assert state.last_trick_winner == 1
    assert state.leader == 0  # the seat before the winner in turn order


def test_the_lead_passes_right_around_the_table_from_seat_zero() -> None:
    state = trick_state([[PRANK, APPLE], [CRISPY, VANILLA], [MILK_BAR, FRUIT_DROPS]], trump="sour")
    play(state, 0, PRANK)
    play(state, 1, CRISPY, "chocolate")
    play(state, 2, MILK_BAR)
    assert state.last_trick_winner == 1
    assert state.leader == 0
    state = trick_state([[ROCKY_ROAD, APPLE], [PRANK, VANILLA], [CRISPY, FRUIT_DROPS]], trump="sour")
    play(state, 0, ROCKY_ROAD, "chocolate")
    play(state, 1, PRANK)
    play(state, 2, CRISPY)
    assert state.last_trick_winner == 0
    assert state.leader == 2


# ---- words ----------------------------------------------------------------------


def test_labels_name_the_card_and_the_suit_it_chooses() -> None:
    state = trick_state([[COOKIE_BAR], [CRISPY]], trump="nuts")
    assert GAME.label(state, 0, play_action(COOKIE_BAR, "caramel")) == "Play 8 Chocolate/Caramel, Caramel trick"
    play(state, 0, COOKIE_BAR, "caramel")
    assert GAME.label(state, 1, play_action(CRISPY)) == "Play 6 Chocolate"
    assert GAME.label(state, 1, play_action(PRANK)) == "Play Prank (Toilet-Papered House)"
