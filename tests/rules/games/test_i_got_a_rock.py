"""I Got a Rock: one test per rule sentence and ruling of §12 of the variant rulings."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.candy_kit.candy_deck import NON_TREATS, THE_ROCK
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.i_got_a_rock import GAME
from rules.games.i_got_a_rock.game import DECK as ROCK_DECK
from rules.games.i_got_a_rock.game import pair_off, rank
from rules.games.i_got_a_rock.state import RockState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def card(colour: str, rank_: int) -> int:
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank_)


def fresh(players: int = 3, seed: int = 1) -> RockState:
    return GAME.new_game(players, {}, seed)


def everywhere(state: RockState) -> list[int]:
    return [c for hand in state.hands for c in hand] + state.pairs


def test_the_game_is_registered_on_the_candy_cards_shelf_for_2_to_10_players() -> None:
    assert get("i-got-a-rock") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 10)
    assert {n for n, _ in GAME.configurations()} == set(range(2, 11))


def test_rulings_12_deck_is_53_cards_without_the_king_size_and_three_non_treats_but_with_the_rock() -> None:
    assert len(ROCK_DECK) == 53
    assert KING_SIZE not in ROCK_DECK
    assert THE_ROCK in ROCK_DECK
    assert [c for c in NON_TREATS if c in ROCK_DECK] == [THE_ROCK]


def test_rulings_12_every_rank_but_0_has_four_cards_so_all_but_the_rock_pair_off() -> None:
    ranks = Counter(rank(c) for c in ROCK_DECK)
    assert ranks[0] == 1
    assert all(count == 4 for r, count in ranks.items() if r != 0)


def test_rulings_12_deal_the_whole_deck_is_dealt_and_some_get_one_card_more() -> None:
    for players in (2, 3, 7, 10):
        state = fresh(players)
        assert sorted(everywhere(state)) == sorted(ROCK_DECK)
        assert state.log[0].text.startswith("Hand 1: {p")
        assert "deals all 53 cards" in state.log[0].text


def test_rulings_12_deal_goes_one_at_a_time_from_the_dealers_left() -> None:
    state = fresh(3)
    # Before pairing, 53 cards over 3 players: the two on the dealer's left get 18, the dealer 17.
    pairs_per_seat = [0, 0, 0]
    for event in state.log:
        if event.kind == "pairs":
            seat = int(event.text[2])
            pairs_per_seat[seat] = int(event.text.split("discards ")[1].split(" ")[0])
    dealt = [len(state.hands[s]) + 2 * pairs_per_seat[s] for s in range(3)]
    left = (state.dealer + 1) % 3
    assert dealt[state.dealer] == 17
    assert dealt[left] == 18


def test_rulings_12_1_the_first_dealer_is_drawn_and_the_deal_passes_left_among_players_still_in() -> None:
    dealers = {fresh(4, seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    state = fresh(4)
    state.dealer = 0
    state.hands = [[], [], [], [THE_ROCK]]
    state.out_in_hand = [None, 1, None, None]
    state.hand_number = 2
    GAME._check_end(state)
    assert state.out_in_hand[3] == 2
    assert state.dealer == 2, "seat 1 is out, so the deal goes from 0 to 2"


def test_rulings_12_2_pairs_are_discarded_automatically_and_four_of_a_kind_makes_two_pairs() -> None:
    fives = [card(colour, 5) for colour in ("black", "green", "orange", "purple")]
    hand = [*fives, card("black", 7), THE_ROCK]
    pairs = pair_off(hand)
    assert len(pairs) == 2
    assert sorted(hand) == sorted([card("black", 7), THE_ROCK])
    state = fresh(5)
    for hand in state.hands:
        assert len({rank(c) for c in hand}) == len(hand), "no hand keeps a pair after the deal"


def test_rulings_12_3_the_dealer_offers_first_to_the_next_player_on_the_left_who_holds_cards() -> None:
    for seed in range(10):
        state = fresh(4, seed)
        if state.hands[state.dealer] and all(state.hands):
            assert state.offerer == state.dealer
            assert GAME.to_act(state) == {(state.dealer + 1) % 4}
            return
    pytest.fail("no seed dealt everyone cards")


def test_rulings_12_3_the_taker_picks_a_face_down_position_1_to_n() -> None:
    state = fresh(3)
    taker = min(GAME.to_act(state))
    offered = len(state.hands[state.offerer])
    assert [a.token() for a in GAME.legal_actions(state, taker)] == [f"take.{n}" for n in range(1, offered + 1)]
    with pytest.raises(RuleError, match=f"a number from 1 to {offered}"):
        GAME.apply(state, taker, act("take", offered + 1))


def test_rulings_12_3_the_offered_order_is_shuffled_by_the_rules_so_a_position_is_not_the_holders_order() -> None:
    taken = set()
    for seed in range(12):
        state = fresh(2, seed)
        taker = min(GAME.to_act(state))
        offerer = state.offerer
        first = sorted(state.hands[offerer])[0]
        GAME.apply(state, taker, act("take", 1))
        taken.add(state.last_given[offerer] == first)
    assert taken == {True, False}, "position 1 is not always the holder's first card"


def test_rulings_12_digital_only_the_taker_and_the_offerer_see_which_card_moved() -> None:
    state = fresh(4)
    taker = min(GAME.to_act(state))
    offerer = state.offerer
    events = GAME.apply(state, taker, act("take", 1))
    private = [e for e in events if e.seats is not None]
    assert [e.seats for e in private] == [(taker, offerer)]
    public = [e.text for e in events if e.seats is None]
    assert f"{{p{taker}}} takes a card from {{p{offerer}}}." in public
    bystander = next(s for s in range(4) if s not in (taker, offerer))
    assert GAME.view(state, bystander).last_taken is None
    assert GAME.view(state, taker).last_taken == GAME.view(state, offerer).last_given


def test_rulings_12_4_a_new_pair_is_discarded_at_once_face_up() -> None:
    state = fresh(2)
    taker = min(GAME.to_act(state))
    offerer = state.offerer
    state.hands[offerer] = [card("black", 5), THE_ROCK]
    state.hands[taker] = [card("green", 5), card("green", 7)]
    # Whichever place is picked, seed the take so the 5 moves.
    for n in (1, 2):
        trial = GAME.copy_state(state)
        GAME.apply(trial, taker, act("take", n))
        if trial.last_taken[taker] == card("black", 5):
            assert trial.hands[taker] == [card("green", 7)]
            assert trial.pairs[-2:] == [card("green", 5), card("black", 5)]
            return
    pytest.fail("neither place held the 5")


def test_rulings_12_5_the_taker_becomes_the_next_offerer() -> None:
    state = fresh(3)
    state.hands = [[card("black", 5), THE_ROCK], [card("green", 7)], [card("orange", 9)]]
    state.offerer = 0
    GAME.apply(state, 1, act("take", 1))
    assert state.offerer == 1
    assert GAME.to_act(state) == {2}


def test_rulings_12_6_a_player_with_no_cards_is_safe_and_skipped() -> None:
    state = fresh(3)
    state.hands = [[card("black", 5)], [card("green", 5), card("green", 7)], [card("orange", 7), THE_ROCK]]
    state.offerer = 0
    events = GAME.apply(state, 1, act("take", 1))
    assert state.hands[0] == []
    assert any(e.kind == "safe" and "{p0}" in e.text for e in events)
    assert state.offerer == 1
    assert GAME.to_act(state) == {2}, "the offer skips the safe player"


def test_rulings_12_7_the_last_player_holding_cards_holds_only_the_rock_and_is_out_and_a_new_hand_is_dealt() -> None:
    state = fresh(3)
    state.hands = [[card("black", 5)], [card("green", 5)], [THE_ROCK]]
    state.offerer = 0
    GAME.apply(state, 1, act("take", 1))
    assert state.out_in_hand == [None, None, 1]
    assert state.hand_number == 2
    assert sorted(everywhere(state)) == sorted(ROCK_DECK)
    assert state.hands[2] == [], "the player who is out gets no cards"


def test_rulings_12_8_in_the_two_player_hand_the_first_to_empty_their_hand_wins_the_game() -> None:
    state = fresh(2)
    state.hands = [[card("black", 5)], [card("green", 5), THE_ROCK]]
    state.offerer = 0
    GAME.apply(state, 1, act("take", 1))
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)
    assert GAME.to_act(state) == frozenset()


def test_places_follow_how_long_each_player_stayed_in() -> None:
    state = fresh(4)
    state.out_in_hand = [2, None, 1, 3]
    state.hand_number = 3
    state.winner = 1
    result = GAME.result(state)
    assert result is not None
    assert result.places == (3, 1, 4, 2)


def test_blind_information_determinize_keeps_sizes_and_never_puts_a_pair_in_one_hand() -> None:
    state = fresh(6)
    for seat in range(6):
        for k in range(5):
            world = GAME.determinize(state, seat, random.Random(k))
            assert world.hands[seat] == state.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            for hand in world.hands:
                assert len({rank(c) for c in hand}) == len(hand)
            assert sorted(everywhere(world)) == sorted(ROCK_DECK)


def test_the_hand_ends_when_the_dealer_has_no_cards_after_pairing_and_the_next_one_offers() -> None:
    state = fresh(3)
    state.hands = [[], [card("green", 5)], [card("black", 5), THE_ROCK]]
    state.dealer = 0
    state.offerer = GAME.first_holding(state, 0)
    assert state.offerer == 1
    assert GAME.to_act(state) == {2}


def test_help_speaks_of_every_decision_made_where_the_rulebook_is_silent() -> None:
    text = " ".join(GAME.help_pages)
    assert "If the dealer has no cards left after the first pairs" in text
    assert "if a taker has just emptied their hand" in text
    assert "placed by how long they stayed in" in text


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("i-got-a-rock") == set()
    state = fresh(3, 2)
    events = GAME.apply(state, min(GAME.to_act(state)), act("take", 1))
    take, took = events[0], events[1]
    assert took.said is not None
    roles = dict(took.said.roles)
    taker, giver = roles["who"], roles["giver"]
    assert take.in_words(NAMES, taker) == f"You take a card from {NAMES[giver]}."
    assert take.in_words(NAMES, giver) == f"{NAMES[taker]} takes a card from you."
    assert took.in_words(NAMES, giver).startswith(f"{NAMES[taker]} took ")
    assert state.log[0].in_words(NAMES, state.dealer) == "Hand 1: You deal all 53 cards to 3 players."
    pairs = next(e for e in state.log if e.kind == "pairs")
    assert pairs.said is not None
    assert pairs.in_words(NAMES, dict(pairs.said.roles)["who"]).startswith("You discard ")
