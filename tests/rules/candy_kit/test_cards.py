"""The Best Candy deck and suit deck data, checked against the rulebook and the data file."""

from __future__ import annotations

from collections import Counter

from rules.candy_kit.cards import BY_COLOUR, COLOURS, KING_SIZE, MAIN_DECK, SUIT_DECK, SUITS, Kind, card_text
from tests.rules.games.test_best_candy_support import card

# The expansion's King cards follow the main deck in the same data (tests/rules/games/test_best_candy_kings.py).
DECK = MAIN_DECK


def test_the_main_deck_has_57_cards() -> None:
    assert len(DECK) == 57
    assert [c.id for c in DECK] == list(range(57))


def test_each_of_the_four_colours_is_a_ranked_set_from_minus_one_to_twelve() -> None:
    assert set(COLOURS) == {"black", "green", "orange", "purple"}
    for colour in COLOURS:
        assert sorted(DECK[c].rank for c in BY_COLOUR[colour]) == list(range(-1, 13))


def test_the_only_other_card_is_the_yellow_king_size_13() -> None:
    others = [c for c in DECK if c.colour not in COLOURS]
    assert len(others) == 1
    king = others[0]
    assert (king.colour, king.rank, king.kind, king.id) == ("yellow", 13, Kind.KING_SIZE, KING_SIZE)


def test_pranks_are_rank_minus_one_and_have_no_suit() -> None:
    pranks = [c for c in DECK if c.is_prank]
    assert len(pranks) == 4
    assert all(c.rank == -1 and c.suits == () for c in pranks)


def test_non_treats_are_rank_zero_and_have_no_suit() -> None:
    non_treats = [c for c in DECK if c.is_non_treat]
    assert len(non_treats) == 4
    assert all(c.rank == 0 and c.suits == () for c in non_treats)


def test_treats_are_ranked_1_to_12_with_one_to_three_of_the_ten_suits() -> None:
    treats = [c for c in DECK if c.is_treat]
    assert len(treats) == 48
    assert sorted(SUITS) == sorted(SUIT_DECK)
    assert len(SUITS) == 10
    for treat in treats:
        assert 1 <= treat.rank <= 12
        assert 1 <= len(treat.suits) <= 3
        assert len(set(treat.suits)) == len(treat.suits)
        assert set(treat.suits) <= set(SUITS)


def test_the_king_size_has_no_suit() -> None:
    assert DECK[KING_SIZE].suits == ()


def test_the_suit_deck_has_one_card_for_each_of_the_ten_suits() -> None:
    assert sorted(SUIT_DECK) == sorted(SUITS)


def test_each_suit_card_number_counts_the_main_deck_cards_with_that_suit() -> None:
    counted = Counter(suit for c in DECK for suit in c.suits)
    assert dict(counted) == SUIT_DECK
    assert SUIT_DECK == {
        "chocolate": 12,
        "candy": 12,
        "fruit": 9,
        "caramel": 11,
        "halloween": 10,
        "nuts": 10,
        "gummy": 9,
        "sour": 9,
        "coconut": 8,
        "marshmallow": 8,
    }


def test_the_52_card_deck_without_non_treats_and_king_size_totals_134_points_and_minus_4() -> None:
    # The total a variant's rules give (Appetite): one-suit cards 0, two-suit cards 2,
    # three-suit cards their rank, Pranks -1. The corrected data must add up to it.
    deck = [c for c in DECK if not (c.is_non_treat or c.is_king_size)]
    assert len(deck) == 52
    points = {1: 0, 2: 2}
    plus = sum(c.rank if len(c.suits) == 3 else points[len(c.suits)] for c in deck if c.is_treat)
    minus = sum(1 for c in deck if c.is_prank)
    assert (plus, minus) == (134, 4)


def test_the_data_correction_green_5_and_green_11_carry_no_fruit() -> None:
    assert DECK[card("green", 5)].suits == ("gummy", "sour")
    assert DECK[card("green", 11)].suits == ("gummy", "sour")


def test_cards_the_rulebook_names_are_where_it_says() -> None:
    assert DECK[card("black", 1)].name == "Candy Corn"
    assert DECK[card("black", 12)].name == "Vampire Teeth"
    assert DECK[card("purple", 0)].name == "The Rock"
    candy_bars = {card("orange", r) for r in (2, 5, 6, 8, 11, 12)} | {KING_SIZE}
    assert {c.id for c in DECK if c.group == "Candy bars"} == candy_bars


def test_the_top_suit_comes_first() -> None:
    assert DECK[card("black", 4)].suits[0] == "halloween"
    assert DECK[card("purple", 6)].suits == ("coconut", "chocolate")


def test_match_candy_go_groups_have_the_rulebook_sizes() -> None:
    sizes = Counter(c.group for c in DECK if c.group)
    assert sizes["Twist candies"] == 3
    assert sizes["Healthy snacks"] == 3
    assert sizes["Gummy creatures"] == 4
    assert sizes["Halloween toys"] == 4
    assert sizes["Treats on sticks"] == 5
    assert sizes["Balls"] == 5
    assert sizes["Candy bars"] == 7
    assert sizes["Cups (pair)"] == 2
    assert sizes["Coconut bars (pair)"] == 2


def test_card_text_names_rank_and_suits() -> None:
    assert card_text(card("orange", 8)) == "8 Chocolate/Caramel"
    assert card_text(card("green", -1)) == "Prank (Smashed Pumpkin)"
    assert card_text(card("purple", 0)) == "Non-Treat (The Rock)"
    assert card_text(KING_SIZE) == "13 King Size"
