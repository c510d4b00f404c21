"""Blind Candy Shuffle: one test per rule sentence and ruling of §8 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit import candy_deck, knocking
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.blind_candy_shuffle import GAME
from rules.games.blind_candy_shuffle.game import total
from rules.games.blind_candy_shuffle.state import BlindState
from rules.kit.errors import RuleError
from rules.registry import get


def card(colour: str, rank: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def fresh(players: int = 3, seed: int = 1, **options: bool) -> BlindState:
    return GAME.new_game(players, options, seed)


def looked(state: BlindState) -> int:
    """The player to move looks at slots 1 and 2; returns their seat."""
    seat = state.turn
    GAME.apply(state, seat, act("look", 1, 2))
    return seat


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("blind-candy-shuffle") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 8)


def test_rulings_8_deck_is_all_57_cards_four_face_down_each_and_one_face_up() -> None:
    for players in range(2, 9):
        state = fresh(players)
        assert [len(s) for s in state.slots] == [4] * players
        assert len(state.discard) == 1
        everything = [c for s in state.slots for c in s] + state.discard + state.pile
        assert sorted(everything) == sorted(candy_deck.select())


def test_rulings_8_deal_the_face_down_cards_are_unseen_even_by_their_owner() -> None:
    state = fresh(3)
    for seat in range(3):
        assert GAME.view(state, seat).slots[seat] == (None,) * 4


def test_rulings_8_lives_every_player_starts_with_3() -> None:
    assert fresh(6).lives == [3] * 6


def test_rulings_8_1_the_player_left_of_the_dealer_starts() -> None:
    for seed in range(5):
        state = fresh(5, seed)
        assert state.turn == (state.dealer + 1) % 5


def test_rulings_8_2_slots_are_numbered_1_to_4_with_no_arranging_step() -> None:
    state = fresh(2)
    assert {a.kind for a in GAME.legal_actions(state, state.turn)} == {"look"}


def test_rulings_8_3_the_first_look_shows_two_chosen_slots_to_their_owner_only() -> None:
    state = fresh(3)
    seat = state.turn
    assert len(GAME.legal_actions(state, seat)) == 6  # every pair of four slots
    events = GAME.apply(state, seat, act("look", 2, 4))
    mine = GAME.view(state, seat).slots[seat]
    assert mine == (None, state.slots[seat][1], None, state.slots[seat][3])
    other = (seat + 1) % 3
    assert GAME.view(state, other).slots[seat] == (None,) * 4
    assert GAME.view(state, None).slots[seat] == (None,) * 4
    secret = [e for e in events if e.seats is not None]
    assert [e.seats for e in secret] == [(seat,)]


def test_rulings_8_3_no_other_peeks_the_look_comes_once_a_round() -> None:
    state = fresh(2)
    seat = looked(state)
    assert all(a.kind != "look" for a in GAME.legal_actions(state, seat))
    GAME.apply(state, seat, act("take", 3))
    other = looked(state)
    GAME.apply(state, other, act("take", 3))
    assert all(a.kind != "look" for a in GAME.legal_actions(state, seat))


def test_rulings_8_4_a_turn_is_knock_or_a_draw_from_the_deck_or_the_discard() -> None:
    state = fresh(3)
    seat = looked(state)
    kinds = [a.kind for a in GAME.legal_actions(state, seat)]
    assert kinds == ["knock", "draw", "take", "take", "take", "take"]


def test_rulings_8_5_a_deck_draw_is_shown_to_the_drawer_only_then_discarded_or_put_in_a_slot() -> None:
    state = fresh(3)
    seat = looked(state)
    GAME.apply(state, seat, act("draw"))
    drawn = state.drawn
    assert drawn is not None
    assert GAME.view(state, seat).drawn == drawn
    assert GAME.view(state, (seat + 1) % 3).drawn is None
    assert [a.token() for a in GAME.legal_actions(state, seat)] == ["place.1", "place.2", "place.3", "place.4", "drop"]
    GAME.apply(state, seat, act("drop"))
    assert state.discard[-1] == drawn


def test_rulings_8_5_a_drawn_card_put_in_a_slot_sends_the_unseen_slot_card_face_up_to_the_discard() -> None:
    state = fresh(3)
    seat = looked(state)
    old = state.slots[seat][2]
    GAME.apply(state, seat, act("draw"))
    drawn = state.drawn
    GAME.apply(state, seat, act("place", 3))
    assert state.slots[seat][2] == drawn
    assert state.discard[-1] == old
    assert GAME.view(state, seat).slots[seat][2] == drawn, "the drawer saw the card they placed"
    assert GAME.view(state, (seat + 1) % 3).slots[seat][2] is None, "the others did not"


def test_rulings_8_6_a_discard_draw_must_go_into_a_slot_and_the_replaced_card_is_discarded_face_up() -> None:
    state = fresh(3)
    seat = looked(state)
    top, old = state.discard[-1], state.slots[seat][0]
    assert act("drop") not in GAME.legal_actions(state, seat)
    GAME.apply(state, seat, act("take", 1))
    assert state.slots[seat][0] == top
    assert state.discard[-1] == old
    for viewer in (None, 0, 1, 2):
        assert GAME.view(state, viewer).slots[seat][0] == top, "everyone saw where it went"


def test_rulings_8_7_a_knock_comes_after_the_look_on_any_turn_including_the_first() -> None:
    state = fresh(3)
    seat = state.turn
    assert act("knock") not in GAME.legal_actions(state, seat)
    GAME.apply(state, seat, act("look", 1, 2))
    GAME.apply(state, seat, act("knock"))
    assert state.knocker == seat


def test_rulings_8_7_after_a_knock_every_other_player_has_exactly_one_more_turn_and_nobody_else_knocks() -> None:
    state = fresh(4)
    knocker = looked(state)
    slots = list(state.slots[knocker])
    GAME.apply(state, knocker, act("knock"))
    for _ in range(3):
        seat = looked(state)
        assert seat != knocker
        assert act("knock") not in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, act("take", 4))
    assert state.last_round is not None
    assert state.last_round.hands[knocker] == slots, "the knocker plays no more"
    assert state.round == 2


def test_rulings_8_8_the_memory_aid_option_is_on_by_default_and_may_be_turned_off() -> None:
    assert fresh(2).memory_aid is True
    state = fresh(2, memory_aid=False)
    assert state.memory_aid is False
    assert GAME.view(state, 0).memory_aid is False


def test_rulings_8_9_the_score_is_the_sum_of_face_values_prank_minus_1_non_treat_0_king_size_13() -> None:
    assert total([card("black", -1), card("black", 0), KING_SIZE, card("green", 7)]) == 19


def test_rulings_8_9_all_cards_are_revealed_at_round_end() -> None:
    state = fresh(2)
    first = looked(state)
    GAME.apply(state, first, act("knock"))
    second = looked(state)
    GAME.apply(state, second, act("take", 1))
    assert state.last_round is not None
    assert all(len(hand) == 4 for hand in state.last_round.hands)
    assert all(score is not None for score in state.last_round.scores)


def test_rulings_8_10_the_lowest_total_loses_a_life_and_every_player_tied_for_lowest_loses_one() -> None:
    low = [card("black", -1), card("orange", -1), card("green", -1), card("purple", -1)]  # -4
    high = [card("black", 12), card("orange", 12), card("green", 12), KING_SIZE]  # 49
    also_low = [card("black", 0), card("orange", 0), card("green", 0), card("purple", 0)]  # 0
    state = fresh(3)
    state.slots = [list(low), list(high), list(also_low)]
    state.turn, state.looked = 1, [True, True, True]
    state.phase = "turn"
    state.discard = [card("purple", 1)]
    GAME.apply(state, 1, act("knock"))
    # Seat 2 trades a 0 for the 1 on the discard pile: 1 total; seat 0 a -1 for that 0: -3.
    GAME.apply(state, 2, act("take", 1))
    GAME.apply(state, 0, act("take", 1))
    assert state.last_round is not None
    assert state.last_round.scores == [-3, 49, 1]
    assert state.last_round.losers == [0]
    assert state.lives == [2, 3, 3]
    assert knocking.worst({0: 3, 1: 3, 2: -5}) == [0, 1], "ties for lowest all lose"


def test_rulings_8_11_if_everyone_would_be_out_at_once_no_life_is_lost_and_the_round_is_replayed() -> None:
    state = fresh(2)
    state.lives = [1, 1]
    state.slots = [[card("black", 5)] * 4, [card("black", 5)] * 4]
    state.looked, state.phase = [True, True], "turn"
    dealer = state.dealer
    first = state.turn
    GAME.apply(state, first, act("knock"))
    state.discard.append(card("black", 5))
    GAME.apply(state, 1 - first, act("take", 1))
    assert state.lives == [1, 1]
    assert state.last_round is not None
    assert state.last_round.replayed
    assert state.dealer == dealer
    assert state.round == 2


def test_rulings_8_12_on_their_honor_gives_the_first_player_out_one_extra_life_only_the_first() -> None:
    state = fresh(3, on_their_honor=True)
    state.lives = [1, 1, 2]
    knocking.settle(state, [1])
    assert state.lives[1] == 1
    knocking.settle(state, [0])
    assert state.lives[0] == 0


def test_rulings_8_13_an_empty_deck_is_made_again_from_the_discard_pile_less_its_top() -> None:
    state = fresh(2)
    seat = looked(state)
    state.discard = state.pile[:5] + state.discard
    state.pile = []
    top = state.discard[-1]
    GAME.apply(state, seat, act("draw"))
    assert state.discard == [top]
    assert len(state.pile) == 4


def test_rulings_8_game_ends_when_one_player_has_lives_left_and_that_player_wins() -> None:
    state = fresh(3)
    state.lives = [1, 1, 3]
    knocking.settle(state, [0, 1])
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (2,)
    assert result.places == (2, 2, 1)


def test_a_player_who_is_out_gets_no_cards_and_no_turn() -> None:
    state = fresh(3)
    state.lives = [3, 0, 3]
    state.dealer = 2
    knocking.next_round(state)
    GAME._deal(state)
    assert state.slots[1] == []
    assert (state.dealer, state.turn) == (0, 2), "the deal and the turn skip the player who is out"
    GAME.apply(state, 2, act("look", 1, 2))
    GAME.apply(state, 2, act("knock"))
    assert state.turn == 0


def test_blind_information_a_seat_cannot_see_unpeeked_cards_and_determinize_resamples_only_those() -> None:
    state = fresh(3)
    seat = looked(state)
    GAME.apply(state, seat, act("take", 3))
    view = GAME.view(state, seat)
    for k in range(5):
        world = GAME.determinize(state, seat, random.Random(k))
        assert GAME.view(world, seat) == view
        assert world.slots[seat][0] == state.slots[seat][0]
        assert world.slots[seat][2] == state.slots[seat][2]
    moved = {GAME.determinize(state, seat, random.Random(k)).slots[seat][3] for k in range(10)}
    assert len(moved) > 1, "an unseen slot is a guess"


def test_illegal_slot_and_move_out_of_phase_are_refused_with_a_reason() -> None:
    state = fresh(2)
    seat = state.turn
    with pytest.raises(RuleError, match="pick two different slots"):
        GAME.apply(state, seat, act("look", 1, 1))
    looked(state)
    with pytest.raises(RuleError, match="slot from 1 to 4"):
        GAME.apply(state, seat, act("take", 5))


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "same dealer" in text
    assert "each of them does" in text
    assert "share a place" in text
    assert "after your first look, on any turn" in text
