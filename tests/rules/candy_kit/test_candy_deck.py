"""The variant games' view of the Best Candy deck: the groups §0 of the rulings names,
sub-decks, two decks that never merge, and the draw pile's reshuffle (G7, G8)."""

from __future__ import annotations

from rules.candy_kit import candy_deck
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import GameState


def test_rulings_0_halloween_cards_are_black_1_to_7_9_11_12() -> None:
    cards = [DECK[c] for c in candy_deck.HALLOWEEN_CARDS]
    assert {c.colour for c in cards} == {"black"}
    assert sorted(c.rank for c in cards) == [1, 2, 3, 4, 5, 6, 7, 9, 11, 12]


def test_rulings_0_candy_cards_are_the_twelve_listed() -> None:
    cards = {(DECK[c].colour, DECK[c].rank) for c in candy_deck.CANDY_CARDS}
    expected = {("black", r) for r in (1, 4, 8, 10, 11)} | {("green", r) for r in (3, 4, 6, 9)}
    expected |= {("purple", r) for r in (2, 7, 9)}
    assert cards == expected


def test_rulings_0_pranks_non_treats_and_named_cards() -> None:
    assert sorted(DECK[c].rank for c in candy_deck.PRANKS) == [-1] * 4
    assert sorted(DECK[c].rank for c in candy_deck.NON_TREATS) == [0] * 4
    assert DECK[candy_deck.CANDY_CORN].name == "Candy Corn"
    assert DECK[candy_deck.VAMPIRE_TEETH].name == "Vampire Teeth"
    assert DECK[candy_deck.THE_ROCK].name == "The Rock"


def test_a_sub_deck_keeps_only_the_colours_and_ranks_asked_for() -> None:
    deck = candy_deck.select(("orange",), range(1, 13), king_size=False)
    assert len(deck) == 12
    assert all(DECK[c].colour == "orange" and 1 <= DECK[c].rank <= 12 for c in deck)
    assert candy_deck.select()[-1] == KING_SIZE
    assert len(candy_deck.select()) == 57


def test_rulings_g8_two_copies_of_a_card_never_merge_but_read_the_same() -> None:
    one = candy_deck.select()
    both = candy_deck.two_decks(one)
    assert len(both) == len(set(both)) == 2 * len(one)
    for card in one:
        copy = candy_deck.COPY + card
        assert candy_deck.card_of(copy) == candy_deck.card_of(card)
        assert (candy_deck.copy_of(card), candy_deck.copy_of(copy)) == (0, 1)
        assert candy_deck.face_value(copy) == candy_deck.face_value(card) == DECK[card].rank


def test_rulings_g7_an_empty_draw_pile_is_made_from_the_discards_less_the_top_card() -> None:
    state = GameState(players=2, seed=5)
    pile: list[int] = []
    discard = [1, 2, 3, 4]
    drawn = candy_deck.draw(state, pile, discard)
    assert discard == [4], "the discard pile's top card stays"
    assert drawn in (1, 2, 3)
    assert sorted([*pile, drawn]) == [1, 2, 3]
    assert state.draws == 1, "the reshuffle is a seeded chance event"


def test_rulings_g7_a_draw_is_skipped_when_nothing_can_be_drawn() -> None:
    state = GameState(players=2, seed=5)
    discard = [9]
    assert candy_deck.draw(state, [], discard) is None
    assert discard == [9]


def test_the_same_seed_reshuffles_the_same_way() -> None:
    first = [candy_deck.draw(GameState(players=2, seed=11), [], list(range(20))) for _ in range(2)]
    assert first[0] == first[1]


def test_rulings_g8_both_copies_of_a_card_carry_the_same_name() -> None:
    from rules.candy_kit.cards import card_text

    for card in candy_deck.select():
        assert candy_deck.text_of(card) == candy_deck.text_of(candy_deck.COPY + card) == card_text(card)


def test_redeal_hidden_deals_only_the_unseen_cards_again_and_keeps_known_ones_and_sizes() -> None:
    import random

    pile = [10, 11, 12, 13]
    hands = [[1, 2, 3], [4, 5, 6], [7, 8]]
    known = [[], [5], []]
    candy_deck.redeal_hidden(pile, hands, 0, random.Random(3).shuffle, known)
    assert hands[0] == [1, 2, 3], "the seat's own hand stays"
    assert hands[1][0] == 5, "a card everyone saw stays where it is"
    assert [len(h) for h in hands] == [3, 3, 2]
    assert len(pile) == 4
    assert sorted(pile + hands[1] + hands[2]) == [4, 5, 6, 7, 8, 10, 11, 12, 13]
    again_pile, again_hands = [13, 12, 11, 10], [[1, 2, 3], [6, 5, 4], [8, 7]]
    candy_deck.redeal_hidden(again_pile, again_hands, 0, list.sort, known)
    sorted_pile, sorted_hands = [10, 11, 12, 13], [[1, 2, 3], [4, 5, 6], [7, 8]]
    candy_deck.redeal_hidden(sorted_pile, sorted_hands, 0, list.sort, known)
    assert (again_pile, again_hands) == (sorted_pile, sorted_hands), "sorted: the same whatever the real places"
