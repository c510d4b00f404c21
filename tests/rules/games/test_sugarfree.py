"""Sugarfree: one test per rule sentence and ruling of §11 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, copy_mark
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.sugarfree import GAME
from rules.games.sugarfree.game import TARGET, playable
from rules.games.sugarfree.state import SugarfreeState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


PRANK = card("black", -1)
NON_TREAT = card("black", 0)
CHOC_2 = card("orange", 2)  # Chocolate
CHOC_NUTS_3 = card("orange", 3)  # Chocolate, Nuts
FRUIT_1 = card("green", 1)  # Fruit
GUMMY_2 = card("green", 2)  # Gummy, Fruit
SOUR_12 = card("green", 12)  # Sour, Fruit


def fresh(players: int = 3, seed: int = 1) -> SugarfreeState:
    return GAME.new_game(players, {}, seed)


def rigged(hands: list[list[int]], top: int, turn: int = 0) -> SugarfreeState:
    state = fresh(len(hands))
    state.hands = [list(h) for h in hands]
    state.discard = [top]
    used = {c for h in hands for c in h} | {top}
    state.pile = [c for c in candy_deck.select() if c not in used]
    state.turn, state.phase, state.named = turn, "play", None
    return state


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("sugarfree") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 8)


def test_rulings_11_one_deck_for_2_to_4_players_and_two_decks_for_5_to_8() -> None:
    for players in range(2, 9):
        state = fresh(players)
        everything = [c for h in state.hands for c in h] + state.discard + state.pile
        assert len(everything) == (114 if players >= 5 else 57)
        assert len(set(everything)) == len(everything), "two copies never merge"
        assert state.two_decks == (players >= 5)


def test_rulings_11_deal_7_each_and_one_face_up() -> None:
    state = fresh(4)
    assert [len(h) for h in state.hands] == [7] * 4
    assert len(state.discard) == 1


def test_rulings_11_1_the_player_left_of_the_dealer_starts_and_play_goes_left() -> None:
    state = rigged([[CHOC_2, FRUIT_1], [CHOC_NUTS_3, SOUR_12], [FRUIT_1 + COPY, PRANK]], CHOC_NUTS_3 + COPY, turn=0)
    GAME.apply(state, 0, act("play", CHOC_2))
    assert state.turn == 1
    for seed in range(5):
        fresh_state = fresh(5, seed)
        assert fresh_state.turn == (fresh_state.dealer + 1) % 5


def test_rulings_11_2_a_card_is_playable_when_it_shares_the_rank_or_a_suit_or_is_wild() -> None:
    assert playable(CHOC_NUTS_3, CHOC_2, None), "shares Chocolate"
    assert playable(card("black", 2), CHOC_2, None), "same rank"
    assert not playable(FRUIT_1, CHOC_2, None)
    for wild in (PRANK, NON_TREAT, KING_SIZE):
        assert playable(wild, CHOC_2, None)


def test_rulings_11_3_a_player_with_a_playable_card_must_play_one() -> None:
    state = rigged([[CHOC_NUTS_3, FRUIT_1], [SOUR_12], [GUMMY_2]], CHOC_2)
    assert [a.token() for a in GAME.legal_actions(state, 0)] == [f"play.{CHOC_NUTS_3}"]
    with pytest.raises(RuleError, match="you must play one"):
        GAME.apply(state, 0, act("draw"))


def test_rulings_11_4_with_nothing_playable_draw_until_a_card_fits_then_play_it_at_once() -> None:
    state = rigged([[FRUIT_1, SOUR_12], [GUMMY_2], [PRANK]], CHOC_2)
    state.pile = [card("purple", 6), card("purple", 5), card("purple", 10)]  # drawn from the end
    assert GAME.legal_actions(state, 0) == [act("draw")]
    events = GAME.apply(state, 0, act("draw"))
    assert state.discard[-1] == card("purple", 6), "the Chocolate card found is played at once"
    assert sorted(state.hands[0]) == sorted([FRUIT_1, SOUR_12, card("purple", 10), card("purple", 5)])
    assert state.turn == 1
    secret = [e for e in events if e.seats is not None]
    assert [e.seats for e in secret] == [(0,)], "only the drawer sees the cards drawn"
    assert "{p0} cannot play and draws 3 cards." in [e.text for e in events]


def test_rulings_11_4_if_the_deck_and_the_reshuffle_are_empty_the_turn_passes() -> None:
    state = rigged([[FRUIT_1], [GUMMY_2, SOUR_12], [PRANK]], CHOC_2)
    state.pile = []
    GAME.apply(state, 0, act("draw"))
    assert state.turn == 1
    assert state.hands[0] == [FRUIT_1]


def test_decision_a_hand_where_nobody_can_play_or_draw_ends_and_everyone_scores() -> None:
    state = rigged([[FRUIT_1], [SOUR_12]], CHOC_2)
    state.pile = []
    GAME.apply(state, 0, act("draw"))
    GAME.apply(state, 1, act("draw"))
    assert state.last_out is None
    assert state.last_points == [1, 12]
    assert state.hand_number == 2


def test_rulings_11_5_after_a_non_treat_anything_may_follow_and_its_player_may_add_one_card_of_any_kind() -> None:
    state = rigged([[NON_TREAT, FRUIT_1, SOUR_12], [GUMMY_2], [CHOC_2]], CHOC_2 + COPY)
    GAME.apply(state, 0, act("play", NON_TREAT))
    assert state.turn == 0
    assert {a.token() for a in GAME.legal_actions(state, 0)} == {f"play.{FRUIT_1}", f"play.{SOUR_12}", "stop"}
    GAME.apply(state, 0, act("play", FRUIT_1))
    assert state.turn == 1


def test_rulings_11_5_the_extra_card_may_be_skipped() -> None:
    state = rigged([[NON_TREAT, FRUIT_1], [GUMMY_2], [CHOC_2]], CHOC_2 + COPY)
    GAME.apply(state, 0, act("play", NON_TREAT))
    GAME.apply(state, 0, act("stop"))
    assert state.turn == 1
    assert all(playable(c, NON_TREAT, None) for c in (GUMMY_2, FRUIT_1, SOUR_12)), "anything follows it"


def test_rulings_11_5_a_wild_extra_card_has_its_own_effect() -> None:
    state = rigged([[NON_TREAT, card("orange", 0), FRUIT_1], [GUMMY_2], [CHOC_2]], CHOC_2 + COPY)
    GAME.apply(state, 0, act("play", NON_TREAT))
    GAME.apply(state, 0, act("play", card("orange", 0)))
    assert state.phase == "extra", "another Non-Treat allows another extra card"
    assert state.turn == 0


def test_rulings_11_6_a_prank_makes_the_next_player_draw_2_and_lose_their_turn() -> None:
    state = rigged([[PRANK, FRUIT_1], [GUMMY_2], [CHOC_2, SOUR_12]], CHOC_2 + COPY)
    GAME.apply(state, 0, act("play", PRANK))
    assert len(state.hands[1]) == 3
    assert state.turn == 2
    assert {a.token() for a in GAME.legal_actions(state, 2)} == {f"play.{CHOC_2}", f"play.{SOUR_12}"}, (
        "the player after them may play any card on the Prank"
    )


def test_rulings_11_6_with_two_players_the_pranks_player_plays_again() -> None:
    state = rigged([[PRANK, FRUIT_1], [GUMMY_2]], CHOC_2)
    GAME.apply(state, 0, act("play", PRANK))
    assert state.turn == 0
    assert len(state.hands[1]) == 3


def test_rulings_11_7_the_king_sizes_player_names_a_suit_the_next_card_must_show_it_or_be_wild() -> None:
    state = rigged([[KING_SIZE, FRUIT_1], [GUMMY_2, SOUR_12, CHOC_2, PRANK], [CHOC_2 + COPY]], CHOC_NUTS_3)
    GAME.apply(state, 0, act("play", KING_SIZE))
    assert state.phase == "name"
    assert len(GAME.legal_actions(state, 0)) == 10
    GAME.apply(state, 0, act("name", "sour"))
    assert state.named == "sour"
    assert {a.token() for a in GAME.legal_actions(state, 1)} == {f"play.{SOUR_12}", f"play.{PRANK}"}


def test_rulings_11_7_with_two_decks_the_other_king_size_is_wild_anyway() -> None:
    assert playable(KING_SIZE + COPY, KING_SIZE, "sour")


def test_rulings_11_8_a_wild_starting_card_lets_the_first_player_play_anything_without_draw_or_suit() -> None:
    for top in (KING_SIZE, PRANK, NON_TREAT):
        state = rigged([[FRUIT_1, SOUR_12], [GUMMY_2], [CHOC_2]], top)
        assert len(GAME.legal_actions(state, 0)) == 2
        assert [len(h) for h in state.hands] == [2, 1, 1]


def test_rulings_11_9_the_hand_ends_at_once_even_on_a_last_prank_or_non_treat() -> None:
    for last in (PRANK, NON_TREAT):
        state = rigged([[last], [GUMMY_2, SOUR_12], [CHOC_2]], CHOC_2 + COPY)
        GAME.apply(state, 0, act("play", last))
        assert state.last_out == 0
        assert state.last_points == [0, 14, 2]
        assert state.hand_number == 2


def test_rulings_11_10_others_score_face_values_left_cumulatively_prank_minus_1_king_size_13() -> None:
    state = rigged([[CHOC_2], [PRANK, KING_SIZE], [NON_TREAT, SOUR_12]], CHOC_NUTS_3)
    state.scores = [5, 5, 5]
    GAME.apply(state, 0, act("play", CHOC_2))
    assert state.last_points == [0, 12, 12]
    assert state.scores == [5, 17, 17]


def test_rulings_11_game_ends_after_a_hand_reaching_113_lowest_wins_and_ties_share() -> None:
    state = rigged([[CHOC_2], [KING_SIZE], [KING_SIZE + COPY]], CHOC_NUTS_3)
    state.scores = [50, 100, 50]
    GAME.apply(state, 0, act("play", CHOC_2))
    assert state.over
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert max(state.scores) >= TARGET
    tied = rigged([[CHOC_2], [KING_SIZE], [NON_TREAT]], CHOC_NUTS_3)
    tied.scores = [60, 100, 60]
    GAME.apply(tied, 0, act("play", CHOC_2))
    tied_result = GAME.result(tied)
    assert tied_result is not None
    assert tied_result.winners == (0, 2)


def test_rulings_g7_an_empty_deck_is_made_again_from_the_discard_pile_less_its_top() -> None:
    state = rigged([[FRUIT_1], [GUMMY_2], [SOUR_12]], CHOC_2)
    state.discard = [card("purple", 5), card("purple", 6), CHOC_2]
    state.pile = []
    GAME.apply(state, 0, act("draw"))
    assert state.discard[0] == CHOC_2, "the old top stays at the bottom of the discard pile"
    assert state.discard[-1] == card("purple", 6), "the reshuffled deck held the one Chocolate card"


def test_rulings_g8_both_copies_play_alike_and_are_marked_only_when_one_hand_holds_both() -> None:
    assert playable(CHOC_2 + COPY, CHOC_NUTS_3, None) == playable(CHOC_2, CHOC_NUTS_3, None)
    assert copy_mark([CHOC_2, CHOC_2 + COPY], CHOC_2) == " (A)"
    assert copy_mark([CHOC_2, CHOC_2 + COPY], CHOC_2 + COPY) == " (B)"
    assert copy_mark([CHOC_2, FRUIT_1], CHOC_2) == ""
    state = fresh(5)
    state.hands[state.turn] = [CHOC_2, CHOC_2 + COPY]
    assert GAME.label(state, state.turn, act("play", CHOC_2 + COPY)) == "Play 2 Chocolate (B)"


def test_blind_information_determinize_keeps_the_discard_pile_and_deals_the_rest_again() -> None:
    state = fresh(3)
    view = GAME.view(state, 0)
    hands = {tuple(sorted(GAME.determinize(state, 0, random.Random(k)).hands[1])) for k in range(6)}
    assert len(hands) > 1
    for k in range(4):
        world = GAME.determinize(state, 0, random.Random(k))
        assert GAME.view(world, 0) == view
        assert world.discard == state.discard


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "If every player in turn can neither play nor draw" in text
    assert "players tied for the fewest share the win" in text
    assert "(A) and (B)" in text


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("sugarfree") == set()
    state = GAME.new_game(3, {}, 1)
    first, dealer = state.turn, state.dealer
    deal = state.log[-1]
    assert deal.in_words(NAMES, first).endswith(" starts the discard pile and you go first.")
    assert deal.in_words(NAMES, dealer).startswith("Hand 1 (one deck): You deal 7 cards each; ")
    events = GAME.apply(state, first, GAME.legal_actions(state, first)[0])
    assert all(e.said is not None for e in events if "{p" in e.text)
    assert events[0].in_words(NAMES, first).startswith(("You play ", "You cannot play and draw "))
