"""31 Candies: one test per rule sentence and ruling of §9 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit import candy_deck, knocking
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.thirty_one_candies import GAME
from rules.games.thirty_one_candies.scoring import distance, hand_value
from rules.games.thirty_one_candies.state import ThirtyOneState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def fresh(players: int = 3, seed: int = 1, **options: bool) -> ThirtyOneState:
    return GAME.new_game(players, options, seed)


def rigged(hands: list[list[int]], discard: list[int], turn: int = 0, **options: bool) -> ThirtyOneState:
    """A state whose hands and discard pile are these; every other card is in the deck."""
    state = fresh(len(hands), **options)
    state.hands = [list(h) for h in hands]
    state.known = [[] for _ in hands]
    state.discard = list(discard)
    used = {c for h in hands for c in h} | set(discard)
    state.pile = [c for c in candy_deck.select() if c not in used]
    state.turn, state.dealer = turn, (turn - 1) % len(hands)
    return state


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("31-candies") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 8)


def test_rulings_9_deck_is_all_57_cards_and_the_deal_happens_once_three_each_one_face_up() -> None:
    for players in range(2, 9):
        state = fresh(players)
        assert [len(h) for h in state.hands] == [3] * players
        assert len(state.discard) == 1
        everything = [c for h in state.hands for c in h] + state.discard + state.pile
        assert sorted(everything) == sorted(candy_deck.select())
        assert len(everything) == 57


def test_rulings_9_lives_every_player_starts_with_3_pieces_of_candy() -> None:
    assert fresh(5).lives == [3] * 5


def test_rulings_9_1_the_player_left_of_the_dealer_starts() -> None:
    for seed in range(6):
        state = fresh(4, seed)
        assert state.turn == (state.dealer + 1) % 4
        assert GAME.to_act(state) == {state.turn}


def test_rulings_9_1_the_deal_passes_left_skipping_players_who_are_out() -> None:
    state = fresh(4)
    state.dealer, state.lives = 0, [3, 0, 3, 3]
    knocking.next_round(state)
    assert state.dealer == 2
    assert state.turn == 3


def test_rulings_9_2_a_turn_is_a_draw_then_one_discard() -> None:
    state = fresh(3)
    seat = state.turn
    assert {a.kind for a in GAME.legal_actions(state, seat)} == {"knock", "draw", "take"}
    GAME.apply(state, seat, act("draw"))
    assert len(state.hands[seat]) == 4
    assert {a.kind for a in GAME.legal_actions(state, seat)} == {"discard"}
    GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert len(state.hands[seat]) == 3
    assert state.turn == (seat + 1) % 3


def test_rulings_9_2_a_card_taken_from_the_discard_pile_may_not_leave_that_turn() -> None:
    state = fresh(3)
    seat, top = state.turn, state.discard[-1]
    GAME.apply(state, seat, act("take"))
    assert act("discard", top) not in GAME.legal_actions(state, seat)
    before = GAME.dump_state(state)
    with pytest.raises(RuleError, match="same turn"):
        GAME.apply(state, seat, act("discard", top))
    assert GAME.dump_state(state) == before


def test_rulings_9_2_a_card_drawn_from_the_deck_may_be_let_go_at_once() -> None:
    state = fresh(3)
    seat = state.turn
    GAME.apply(state, seat, act("draw"))
    drawn = state.drawn
    assert drawn is not None
    assert act("discard", drawn) in GAME.legal_actions(state, seat)


def test_rulings_9_digital_the_deck_draw_is_seen_by_the_drawer_only() -> None:
    state = fresh(3)
    seat = state.turn
    events = GAME.apply(state, seat, act("draw"))
    private = [e for e in events if e.seats is not None]
    assert private
    assert all(e.seats == (seat,) for e in private)
    assert GAME.view(state, seat).drawn == state.drawn
    assert GAME.view(state, (seat + 1) % 3).drawn is None
    assert GAME.view(state, None).hand is None


def test_rulings_9_digital_a_card_taken_from_the_discard_pile_is_public_until_let_go() -> None:
    state = fresh(3)
    seat, top = state.turn, state.discard[-1]
    GAME.apply(state, seat, act("take"))
    other = (seat + 1) % 3
    assert GAME.view(state, other).known[seat] == (top,)
    for _ in range(5):
        world = GAME.determinize(state, other, random.Random(_))
        assert top in world.hands[seat]


def test_rulings_9_3_suit_totals_add_ranks_king_size_counts_13_in_every_suit_pranks_and_non_treats_in_none() -> None:
    chocolate_2, prank, non_treat = card("orange", 2), card("black", -1), card("black", 0)
    assert hand_value([chocolate_2, KING_SIZE, card("orange", 6)]) == (21, "chocolate")
    assert hand_value([prank, non_treat, KING_SIZE])[0] == 13
    assert hand_value([prank, non_treat, card("purple", 0)])[0] == 0


def test_rulings_9_3_the_value_is_the_suit_total_nearest_31_not_the_largest() -> None:
    # Four cards, as between drawing and letting one go: Chocolate and Nuts reach 13 + 12 + 11 + 5
    # = 41 (10 away), Marshmallow only 13 + 12 = 25 (6 away): the nearer total counts.
    hand = [KING_SIZE, card("orange", 12), card("orange", 11), card("orange", 5)]
    assert hand_value(hand) == (25, "marshmallow")


def test_rulings_9_4_distance_is_how_far_from_31_so_30_and_32_are_equal() -> None:
    thirty = [card("orange", 12), card("orange", 11), card("orange", 7)]  # chocolate 30
    thirty_two = [card("orange", 12), card("orange", 11), card("orange", 9)]  # chocolate 32
    assert hand_value(thirty)[0] == 30
    assert hand_value(thirty_two)[0] == 32
    assert distance(thirty) == distance(thirty_two) == 1


def test_rulings_9_5_a_knock_replaces_the_whole_turn_on_any_turn_even_the_first() -> None:
    state = fresh(3)
    seat = state.turn
    GAME.apply(state, seat, act("knock"))
    assert state.knocker == seat
    assert state.turn == (seat + 1) % 3
    assert len(state.hands[seat]) == 3


def test_rulings_9_5_after_a_knock_every_other_player_has_one_last_turn_and_nobody_else_may_knock() -> None:
    state = fresh(4)
    knocker = state.turn
    hand = list(state.hands[knocker])
    GAME.apply(state, knocker, act("knock"))
    for _ in range(3):
        seat = state.turn
        assert seat != knocker
        assert act("knock") not in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, act("draw"))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.last_round is not None
    assert state.last_round.round == 1
    assert state.last_round.hands[knocker] == sorted(hand), "the knocker's hand was frozen"
    assert state.round == 2


def test_rulings_9_6_the_hand_farthest_from_31_loses_a_life_and_all_tied_lose() -> None:
    far = [card("black", -1), card("orange", 0), card("green", 0)]  # worth 0: 31 away
    also_far = [card("purple", -1), card("black", 0), card("green", -1)]  # also 0
    near = [card("orange", 12), card("orange", 11), card("orange", 7)]  # 30: 1 away
    state = rigged([far, near, also_far], [card("orange", -1)], turn=1)
    GAME.apply(state, 1, act("knock"))
    # Each last turn swaps one suitless card for another, so both hands stay worth 0.
    GAME.apply(state, 2, act("take"))
    GAME.apply(state, 2, act("discard", card("purple", -1)))
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", card("black", -1)))
    assert state.last_round is not None
    assert state.last_round.scores == [0, 30, 0]
    assert state.last_round.losers == [0, 2]
    assert state.lives == [2, 3, 2]


def test_rulings_9_6_losers_are_exactly_the_seats_tied_for_the_largest_distance() -> None:
    assert knocking.worst({0: 31, 1: 1, 2: 31}) == [0, 2]
    assert knocking.worst({0: 5, 1: 6}) == [1]


def test_rulings_9_7_if_everyone_would_be_out_at_once_nobody_loses_and_the_round_is_dealt_again() -> None:
    state = fresh(2)
    state.lives = [1, 1]
    dealer = state.dealer
    events, replay = knocking.settle(state, [0, 1])
    assert replay
    assert state.lives == [1, 1]
    assert not state.over
    assert any(e.kind == "replay" for e in events)
    knocking.next_round(state, replay=True)
    assert state.dealer == dealer


def test_game_ends_when_one_player_has_lives_left_and_they_win() -> None:
    state = fresh(3)
    state.lives = [1, 2, 1]
    knocking.settle(state, [0])
    assert not state.over
    knocking.settle(state, [2])
    assert state.over
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1,)
    assert GAME.to_act(state) == frozenset()


def test_places_follow_how_long_each_player_stayed_in_and_same_round_outs_share() -> None:
    state = fresh(4)
    state.lives = [1, 1, 3, 1]
    state.round = 2
    knocking.settle(state, [0])
    state.round = 5
    knocking.settle(state, [1, 3])
    result = GAME.result(state)
    assert result is not None
    assert result.places == (4, 2, 1, 2)


def test_rulings_9_8_on_their_honor_the_first_player_out_gets_one_more_life_only_the_first() -> None:
    state = fresh(3, on_their_honor=True)
    state.lives = [1, 1, 3]
    knocking.settle(state, [0])
    assert state.lives[0] == 1
    assert state.honored == [0]
    knocking.settle(state, [1])
    assert state.lives[1] == 0, "only the first player out plays on their honor"
    knocking.settle(state, [0])
    assert state.lives[0] == 0, "out at their fourth loss"
    assert state.over


def test_rulings_9_8_without_the_option_the_first_player_out_is_out() -> None:
    state = fresh(3)
    state.lives = [1, 3, 3]
    knocking.settle(state, [0])
    assert state.lives[0] == 0
    assert state.out_in_round[0] == 1


def test_decision_players_running_out_together_first_all_play_on_their_honor() -> None:
    state = fresh(3, on_their_honor=True)
    state.lives = [1, 1, 3]
    knocking.settle(state, [0, 1])
    assert state.lives == [1, 1, 3]
    assert state.honored == [0, 1]
    assert state.honor_given


def test_rulings_9_9_an_empty_deck_is_made_again_from_the_discard_pile_less_its_top() -> None:
    state = fresh(2)
    state.discard = state.pile[:10] + state.discard
    state.pile = []
    top = state.discard[-1]
    seat = state.turn
    GAME.apply(state, seat, act("draw"))
    assert state.discard == [top]
    assert len(state.pile) == 9


def test_a_player_who_is_out_is_dealt_nothing_and_skipped() -> None:
    state = fresh(3)
    state.lives = [3, 0, 3]
    state.out_in_round[1] = 1
    state.dealer = 2
    knocking.next_round(state)
    GAME._deal(state)
    assert state.hands[1] == []
    assert state.turn == 2
    GAME.apply(state, 2, act("knock"))
    assert state.turn == 0


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "same dealer" in text
    assert "each of them does" in text
    assert "share a place" in text
    assert "even your first" in text


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("31-candies") == set()
    state = GAME.new_game(3, {}, 1)
    first, dealer = state.turn, state.dealer
    deal = state.log[-1]
    assert deal.in_words(NAMES, first).endswith(" starts the discard pile and you go first.")
    assert deal.in_words(NAMES, dealer).startswith("Round 1: You deal; ")
    draw, drew = GAME.apply(state, first, act("draw"))
    assert draw.in_words(NAMES, first) == "You draw from the deck."
    assert draw.in_words(NAMES, dealer) == f"{NAMES[first]} draws from the deck."
    assert drew.said is not None
    assert drew.in_words(NAMES, first).startswith("You drew ")
