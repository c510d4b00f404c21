"""Scary: each rule sentence of its rulebook section and each ruling of §5 (and §18.3-18.4)."""

from __future__ import annotations

import random

import pytest

from rules.ai.levels import NormalLevel
from rules.candy_kit.candy_deck import CANDY_CORN, PRANKS, VAMPIRE_TEETH, card_at
from rules.candy_kit.cards import KING_SIZE, SUITS
from rules.contract import Action, act
from rules.games.scary import GAME
from rules.games.scary.ai import normal
from rules.games.scary.game import DECK_CARDS, GOOD, TRUMP_SUITS, Scary, trick_winner
from rules.games.scary.state import HandSheet, ScaryState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


FILLER = [c("orange", 2), c("orange", 6), c("purple", 11), c("orange", 10), c("purple", 2)]


def playing(
    hands: list[list[int]],
    *,
    trump: str = "chocolate",
    ghost: int = 0,
    called: int | None = None,
    trick_number: int = 1,
    leader: int = 0,
    contract: int = 11,
) -> ScaryState:
    """A hand in play: `ghost` (seat 0) with `trump`, `leader` to lead trick `trick_number` (0-based)."""
    state = GAME.new_game(5, {}, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.stash = []
    state.trump = trump
    state.ghost = ghost
    state.contract = contract
    state.called = called
    holder = next((s for s in range(5) if called is not None and called in state.hands[s]), ghost)
    state.friend = holder
    state.trick_number = trick_number
    state.leader = state.turn = leader
    return state


def play(state: ScaryState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def cards_legal(state: ScaryState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat)}


def names(state: ScaryState, seat: int, card: int) -> set[str]:
    return {str(a.args[1]) for a in GAME.legal_actions(state, seat) if a.args[0] == card and len(a.args) == 2}


def auction_won(seed: int = 2, bid: tuple[int, str] = (11, "chocolate")) -> ScaryState:
    """A new hand where the first bidder bids `bid` and the other four pass."""
    state = GAME.new_game(5, {}, seed)
    first = state.turn
    GAME.apply(state, first, act("bid", *bid))
    for _ in range(4):
        GAME.apply(state, state.turn, act("pass"))
    return state


# ---- the game and its deck -----------------------------------------------------------------


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf() -> None:
    assert get("scary") is GAME
    assert isinstance(GAME, Scary)
    assert GAME.family == "candy-tricks"


def test_the_game_is_for_exactly_five_players() -> None:
    for players in (4, 6):
        with pytest.raises(RuleError):
            GAME.new_game(players, {}, 1)


def test_the_deck_is_53_cards_without_the_four_pranks() -> None:
    assert len(DECK_CARDS) == 53
    assert not set(PRANKS) & set(DECK_CARDS)


def test_good_candy_is_the_21_cards_ranked_8_to_13() -> None:
    assert len(GOOD) == 21
    assert KING_SIZE in GOOD
    assert c("green", 8) in GOOD
    assert c("green", 7) not in GOOD


def test_each_player_gets_10_cards_and_3_go_face_down_to_the_stash() -> None:
    state = GAME.new_game(5, {}, 3)
    assert [len(h) for h in state.hands] == [10] * 5
    assert len(state.stash) == 3
    assert sorted([*state.stash, *(x for h in state.hands for x in h)]) == sorted(DECK_CARDS)
    assert GAME.view(state, 0).stash_size == 3


# ---- ruling 1: dealer ------------------------------------------------------------------------


def test_ruling_1_the_dealer_is_drawn_at_random_and_the_deal_passes_left() -> None:
    dealers = {GAME.new_game(5, {}, seed).dealer for seed in range(40)}
    assert dealers == set(range(5))
    state = playing([[], [], [], [], []], trick_number=10)
    first = state.dealer
    state.taken = [[] for _ in range(5)]
    GAME._score_hand(state)
    assert state.dealer == (first + 1) % 5


# ---- ruling 2: the auction -----------------------------------------------------------------


def test_ruling_2_bidding_starts_left_of_the_dealer_and_goes_left() -> None:
    state = GAME.new_game(5, {}, 4)
    first = (state.dealer + 1) % 5
    assert GAME.to_act(state) == frozenset({first})
    GAME.apply(state, first, act("bid", 11, "fruit"))
    assert GAME.to_act(state) == frozenset({(first + 1) % 5})


def test_ruling_2_a_bid_is_a_count_of_good_candy_from_11_to_21_with_a_suit_never_halloween() -> None:
    state = GAME.new_game(5, {}, 4)
    legal = GAME.legal_actions(state, state.turn)
    bids = [a for a in legal if a.kind == "bid"]
    assert {int(a.args[0]) for a in bids} == set(range(11, 22))
    assert {str(a.args[1]) for a in bids} == set(SUITS) - {"halloween"}
    assert act("pass") in legal
    for bad, reason in (
        (act("bid", 10, "fruit"), "from 11 to 21"),
        (act("bid", 22, "fruit"), "from 11 to 21"),
        (act("bid", 12, "halloween"), "Halloween cannot be trump"),
    ):
        before = state.model_dump_json()
        with pytest.raises(RuleError, match=reason):
            GAME.apply(state, state.turn, bad)
        assert state.model_dump_json() == before


def test_ruling_2_a_new_bid_needs_a_higher_count_changing_only_the_suit_is_no_raise() -> None:
    state = GAME.new_game(5, {}, 4)
    GAME.apply(state, state.turn, act("bid", 13, "fruit"))
    with pytest.raises(RuleError, match="from 14 to 21"):
        GAME.apply(state, state.turn, act("bid", 13, "candy"))
    GAME.apply(state, state.turn, act("bid", 14, "candy"))
    assert GAME.view(state, None).bid_counts.count(14) == 1


def test_ruling_2_a_pass_is_final_the_auction_skips_that_player() -> None:
    state = GAME.new_game(5, {}, 4)
    first = state.turn
    GAME.apply(state, first, act("pass"))
    for _ in range(4):
        GAME.apply(state, state.turn, act("bid", 11 + sum(x is not None for x in state.bid_counts), "nuts"))
    assert state.turn != first
    assert state.turn == (first + 1) % 5


def test_ruling_2_when_four_have_passed_the_last_bidder_is_the_ghost() -> None:
    state = GAME.new_game(5, {}, 4)
    first = state.turn
    GAME.apply(state, first, act("bid", 11, "fruit"))
    second = state.turn
    GAME.apply(state, second, act("bid", 12, "sour"))
    for _ in range(4):
        GAME.apply(state, state.turn, act("pass"))
    assert state.ghost == second
    assert state.contract == 12
    assert state.phase == "discard"


def test_ruling_2_nobody_may_bid_above_21_so_after_21_only_passing_is_left() -> None:
    state = GAME.new_game(5, {}, 4)
    GAME.apply(state, state.turn, act("bid", 21, "fruit"))
    assert GAME.legal_actions(state, state.turn) == [act("pass")]


# ---- ruling 3: no bid ------------------------------------------------------------------------


def test_ruling_3_if_all_five_pass_the_next_dealer_deals_again_and_nobody_scores() -> None:
    state = GAME.new_game(5, {}, 4)
    dealer = state.dealer
    for _ in range(5):
        GAME.apply(state, state.turn, act("pass"))
    assert state.phase == "bid"
    assert state.dealer == (dealer + 1) % 5
    assert state.scores == [0] * 5
    assert [len(h) for h in state.hands] == [10] * 5
    assert state.passed == [False] * 5
    assert any(e.text == "Everyone passed: the cards are dealt again." for e in state.log)


def test_ruling_3_four_passes_before_any_bid_leave_the_fifth_player_to_bid_or_pass() -> None:
    state = GAME.new_game(5, {}, 4)
    for _ in range(4):
        GAME.apply(state, state.turn, act("pass"))
    last = state.turn
    GAME.apply(state, last, act("bid", 11, "gummy"))
    assert state.ghost == last


# ---- ruling 4: the stash ---------------------------------------------------------------------


def test_ruling_4_the_ghost_takes_the_stash_privately_then_lays_3_cards_away_face_down() -> None:
    state = auction_won()
    ghost = state.ghost
    assert ghost is not None
    stash = list(state.from_stash)
    assert len(state.hands[ghost]) == 13
    assert set(stash) <= set(state.hands[ghost])
    assert GAME.view(state, ghost).my_stash == tuple(stash)
    other = (ghost + 1) % 5
    assert GAME.view(state, other).my_stash == ()
    assert all(e.seats == (ghost,) for e in state.log if e.kind == "stash")
    assert GAME.to_act(state) == frozenset({ghost})
    away = state.hands[ghost][:3]
    for card in away:
        GAME.apply(state, ghost, act("discard", card))
    assert len(state.hands[ghost]) == 10
    assert state.discards == away
    assert GAME.view(state, ghost).my_discards == tuple(away)
    assert GAME.view(state, other).my_discards == ()
    assert all(e.seats == (ghost,) for e in state.log if e.kind == "discard")
    assert state.phase == "call"


def test_ruling_4_cards_laid_away_count_for_nobody() -> None:
    state = playing([[], [], [], [], []], trick_number=10, contract=11)
    state.discards = [KING_SIZE, c("black", 12), c("green", 12)]
    state.taken = [[c("orange", 8), c("orange", 9)] * 5, [], [], [], []]
    GAME._score_hand(state)
    assert state.last_hand is not None
    assert state.last_hand.good == 10
    assert not state.last_hand.made


# ---- ruling 5: trump -------------------------------------------------------------------------


def test_ruling_5_trump_is_the_winning_bids_suit() -> None:
    state = auction_won(bid=(11, "sour"))
    assert state.trump == "sour"
    assert GAME.view(state, None).trump == "sour"


# ---- ruling 6: the friend --------------------------------------------------------------------


def called_after_auction(card_of_seat: int | None) -> tuple[ScaryState, int]:
    """The ghost lays away its first three cards and names a card of `card_of_seat`'s hand
    (None: one the ghost laid away)."""
    state = auction_won()
    ghost = state.ghost
    assert ghost is not None
    for card in list(state.hands[ghost][:3]):
        GAME.apply(state, ghost, act("discard", card))
    named = state.discards[0] if card_of_seat is None else state.hands[card_of_seat][0]
    GAME.apply(state, ghost, act("call", named))
    return state, ghost


def test_ruling_6_the_named_cards_holder_is_the_friend_and_nobody_is_told() -> None:
    state, ghost = called_after_auction(None)
    holder = (state.ghost or 0) + 2
    state, ghost = called_after_auction(holder % 5)
    friend = state.friend
    assert friend == holder % 5
    assert GAME.view(state, None).called == state.called
    assert GAME.view(state, None).friend is None
    assert GAME.view(state, ghost).friend is None
    for other in range(5):
        if other not in (ghost, friend):
            assert GAME.view(state, other).friend is None
    assert GAME.view(state, friend).friend == friend
    assert not any(str(friend) in e.text and "friend" in e.kind for e in state.log)


def test_ruling_6_a_named_card_of_the_ghosts_own_hand_or_laid_away_means_the_ghost_plays_alone() -> None:
    for mine in ("hand", "laid away"):
        state, ghost = called_after_auction(None)
        if mine == "hand":
            state, ghost = called_after_auction(state.ghost)
        assert state.friend == ghost
        assert GAME.view(state, ghost).friend == ghost
        assert GAME.view(state, (ghost + 1) % 5).friend is None


def test_ruling_6_the_friend_is_revealed_when_the_named_card_is_played() -> None:
    named = c("orange", 9)
    hands = [[c("orange", 3)], [named], [c("orange", 4)], [c("orange", 5)], [c("orange", 7)]]
    state = playing(hands, called=named, trick_number=9, trump="fruit")
    assert GAME.view(state, 3).friend is None
    play(state, 0, c("orange", 3), "chocolate")
    play(state, 1, named)
    assert state.revealed
    assert GAME.view(state, 3).friend == 1
    assert "{p1} is the ghost's friend!" in [e.text for e in state.log]


def test_ruling_6_otherwise_the_friend_is_revealed_at_the_end_of_the_hand() -> None:
    state = playing([[], [], [], [], []], called=c("green", 9), trick_number=10)
    state.friend = 2
    state.taken = [[] for _ in range(5)]
    events = GAME._score_hand(state)
    assert state.last_hand is not None
    assert state.last_hand.friend == 2
    assert "{p2} was the ghost's friend: the named card never came out." in [e.text for e in events]


# ---- ruling 7: the first lead ---------------------------------------------------------------


def test_ruling_7_the_ghost_leads_trick_1_with_no_trump_no_vampire_teeth_and_no_king_size() -> None:
    state = auction_won()
    ghost = state.ghost
    assert ghost is not None
    for card in list(state.hands[ghost][:3]):
        GAME.apply(state, ghost, act("discard", card))
    GAME.apply(state, ghost, act("call", KING_SIZE))
    assert GAME.to_act(state) == frozenset({ghost})
    hand = [c("orange", 2), c("green", 1), VAMPIRE_TEETH, KING_SIZE, c("orange", 8)]
    state = playing([hand, [], [], [], []], trick_number=0, trump="chocolate")
    assert cards_legal(state, 0) == {c("green", 1)}
    with pytest.raises(RuleError, match="first lead may not carry trump"):
        play(state, 0, c("orange", 2), "chocolate")


def test_ruling_7_with_nothing_else_the_first_lead_is_any_card_but_the_vampire_teeth() -> None:
    hand = [c("orange", 2), VAMPIRE_TEETH, KING_SIZE]
    state = playing([hand, [], [], [], []], trick_number=0, trump="chocolate")
    assert cards_legal(state, 0) == {c("orange", 2), KING_SIZE}


# ---- ruling 8: naming the suit ---------------------------------------------------------------


def test_ruling_8_the_leader_names_one_suit_of_the_led_card() -> None:
    state = playing([[c("green", 10)], [], [], [], []], trump="chocolate")
    assert names(state, 0, c("green", 10)) == {"caramel", "fruit", "nuts"}


def test_ruling_8_from_trick_2_on_a_led_card_carrying_trump_names_trump() -> None:
    state = playing([[c("green", 10)], [], [], [], []], trump="fruit", trick_number=1)
    assert names(state, 0, c("green", 10)) == {"fruit"}
    state = playing([[c("orange", 1), c("green", 10)], [], [], [], []], trump="fruit", trick_number=0)
    # in trick 1 a forced trump lead (nothing else held) names any of its suits
    assert names(state, 0, c("green", 10)) == {"caramel", "fruit", "nuts"}


def test_ruling_8_a_king_size_lead_names_any_of_the_ten_suits_trump_included() -> None:
    state = playing([[KING_SIZE], [], [], [], []], trump="candy")
    assert names(state, 0, KING_SIZE) == set(SUITS)


def test_ruling_8_a_non_treat_lead_leaves_the_suit_to_the_first_suited_card() -> None:
    rock = c("purple", 0)
    hands = [[rock], [c("black", 0)], [c("green", 12), c("orange", 2)], [c("green", 1)], [c("orange", 3)]]
    state = playing(hands, trump="chocolate")
    assert [a.args for a in GAME.legal_actions(state, 0)] == [(rock,)]
    play(state, 0, rock)
    play(state, 1, c("black", 0))
    assert state.trick_suit is None
    assert names(state, 2, c("green", 12)) == {"sour", "fruit"}
    play(state, 2, c("green", 12), "fruit")
    assert state.trick_suit == "fruit"
    assert cards_legal(state, 3) == {c("green", 1)}


# ---- ruling 9: following ---------------------------------------------------------------------


def test_ruling_9_a_player_holding_the_named_suit_must_follow_it() -> None:
    hands = [[c("orange", 2)], [c("orange", 3), c("green", 1)], [], [], []]
    state = playing(hands, trump="fruit")
    play(state, 0, c("orange", 2), "chocolate")
    assert cards_legal(state, 1) == {c("orange", 3)}
    with pytest.raises(RuleError, match="follow Chocolate"):
        play(state, 1, c("green", 1))


def test_ruling_9_non_treats_and_the_king_size_are_always_legal_and_the_king_size_never_required() -> None:
    rock = c("purple", 0)
    hands = [[c("orange", 2)], [c("orange", 3), rock, KING_SIZE, c("green", 1)], [], [], []]
    state = playing(hands, trump="fruit")
    play(state, 0, c("orange", 2), "chocolate")
    assert cards_legal(state, 1) == {c("orange", 3), rock, KING_SIZE}


# ---- ruling 10: no trump in trick 1 ----------------------------------------------------------


def test_ruling_10_no_card_carrying_trump_in_trick_1_while_another_legal_card_is_held() -> None:
    hands = [[c("green", 1)], [c("green", 2), c("green", 7), c("orange", 2)], [], [], []]
    state = playing(hands, trump="caramel", trick_number=0)
    play(state, 0, c("green", 1), "fruit")
    assert cards_legal(state, 1) == {c("green", 2)}
    with pytest.raises(RuleError, match="No trump in the first trick"):
        play(state, 1, c("green", 7))


def test_ruling_10_trump_is_allowed_in_trick_1_when_it_is_the_only_way_to_follow() -> None:
    hands = [[c("green", 1)], [c("green", 7), c("orange", 2)], [], [], []]
    state = playing(hands, trump="caramel", trick_number=0)
    play(state, 0, c("green", 1), "fruit")
    assert cards_legal(state, 1) == {c("green", 7)}


def test_ruling_10_trump_is_allowed_in_trick_1_when_nothing_else_may_be_played_and_it_counts_as_trump() -> None:
    hands = [
        [c("green", 1)],
        [c("orange", 10), VAMPIRE_TEETH],
        [c("green", 12)],
        [c("orange", 2)],
        [c("orange", 3)],
    ]
    state = playing(hands, trump="caramel", trick_number=0)
    play(state, 0, c("green", 1), "fruit")
    assert cards_legal(state, 1) == {c("orange", 10)}
    play(state, 1, c("orange", 10))
    play(state, 2, c("green", 12))
    play(state, 3, c("orange", 2))
    play(state, 4, c("orange", 3))
    assert state.last_winner == 1


# ---- ruling 11-12: the Vampire Teeth and the Candy Corn --------------------------------------


def test_ruling_11_the_vampire_teeth_may_not_be_played_in_tricks_1_and_10() -> None:
    for number in (0, 9):
        hands = [[c("orange", 2)], [VAMPIRE_TEETH, c("green", 1)], [], [], []]
        state = playing(hands, trump="fruit", trick_number=number)
        play(state, 0, c("orange", 2), "chocolate")
        assert VAMPIRE_TEETH not in cards_legal(state, 1)
        with pytest.raises(RuleError, match="first or the last trick"):
            play(state, 1, VAMPIRE_TEETH)


def test_ruling_11_in_tricks_2_to_9_the_vampire_teeth_may_be_played_at_any_time_even_instead_of_following() -> None:
    hands = [[c("orange", 2)], [VAMPIRE_TEETH, c("orange", 3)], [], [], []]
    state = playing(hands, trump="fruit", trick_number=4)
    play(state, 0, c("orange", 2), "chocolate")
    assert cards_legal(state, 1) == {VAMPIRE_TEETH, c("orange", 3)}


def test_ruling_11_the_vampire_teeth_must_be_played_once_the_candy_corn_is_in_the_trick() -> None:
    hands = [[CANDY_CORN], [VAMPIRE_TEETH, c("green", 6)], [], [], []]
    state = playing(hands, trump="fruit", trick_number=3)
    play(state, 0, CANDY_CORN, "candy")
    assert cards_legal(state, 1) == {VAMPIRE_TEETH}
    with pytest.raises(RuleError, match="Candy Corn is in this trick"):
        play(state, 1, c("green", 6))


def test_ruling_11_a_holder_must_play_the_vampire_teeth_in_trick_9() -> None:
    hands = [[c("orange", 2), c("orange", 4)], [VAMPIRE_TEETH, c("orange", 3)], [], [], []]
    state = playing(hands, trump="fruit", trick_number=8)
    play(state, 0, c("orange", 2), "chocolate")
    assert cards_legal(state, 1) == {VAMPIRE_TEETH}
    leading = playing([[VAMPIRE_TEETH, c("orange", 3)], [], [], [], []], trump="gummy", trick_number=8)
    assert [a.args for a in GAME.legal_actions(leading, 0)] == [(VAMPIRE_TEETH, "gummy")]


def test_ruling_12_the_candy_corn_calls_nothing_in_trick_1() -> None:
    hands = [[CANDY_CORN], [VAMPIRE_TEETH, c("green", 6), c("orange", 4)], [], [], []]
    state = playing(hands, trump="nuts", trick_number=0)
    play(state, 0, CANDY_CORN, "candy")
    assert cards_legal(state, 1) == {c("green", 6)}


# ---- ruling 13: who wins -------------------------------------------------------------------


def test_ruling_13_the_king_size_wins_even_over_the_vampire_teeth_and_trump() -> None:
    cards = [c("orange", 2), VAMPIRE_TEETH, KING_SIZE, c("orange", 12)]
    assert trick_winner(cards, "chocolate", "chocolate") == 2


def test_ruling_13_the_vampire_teeth_beat_trump_when_the_candy_corn_is_not_in_the_trick() -> None:
    assert trick_winner([c("orange", 2), c("orange", 12), VAMPIRE_TEETH], "chocolate", "chocolate") == 2


def test_ruling_13_with_the_candy_corn_in_the_trick_the_vampire_teeth_cannot_win() -> None:
    cards = [c("black", 8), CANDY_CORN, VAMPIRE_TEETH, c("black", 10)]
    assert trick_winner(cards, "candy", "chocolate") == 3


def test_ruling_13_when_the_teeth_named_the_suit_and_nothing_else_counts_the_candy_corn_takes_the_trick() -> None:
    hands = [[VAMPIRE_TEETH], [CANDY_CORN], [c("orange", 2)], [c("orange", 6)], [c("orange", 10)]]
    state = playing(hands, trump="nuts", trick_number=3)
    play(state, 0, VAMPIRE_TEETH, "gummy")
    for seat, card in ((1, CANDY_CORN), (2, c("orange", 2)), (3, c("orange", 6)), (4, c("orange", 10))):
        play(state, seat, card)
    assert state.last_winner == 1
    assert any("caught the Vampire Teeth" in e.text for e in state.log)


def test_ruling_13_otherwise_the_highest_trump_wins() -> None:
    assert trick_winner([c("orange", 12), c("green", 1), c("green", 2)], "chocolate", "fruit") == 2


def test_ruling_13_without_trump_the_highest_card_of_the_named_suit_wins() -> None:
    assert trick_winner([c("orange", 2), c("orange", 12), c("green", 12)], "chocolate", "candy") == 1


def test_ruling_13_equal_ranks_go_to_the_card_played_first() -> None:
    assert trick_winner([c("green", 9), c("purple", 9)], "candy", "fruit") == 0


def bo_takes_the_first_trick() -> ScaryState:
    """Fruit trump; Ana leads the Chocolate 2 naming Chocolate and Bo (seat 1) wins with the
    Chocolate/Coconut/Nuts 9, the only good candy in the trick."""
    hands = [
        [c("orange", 2), c("orange", 4)],
        [c("orange", 9), c("orange", 5)],
        [c("green", 5), c("green", 6)],
        [c("orange", 3), c("orange", 7)],
        [c("purple", 4), c("purple", 5)],
    ]
    state = playing(hands, trump="fruit")
    for seat, card in enumerate((c("orange", 2), c("orange", 9), c("green", 5), c("orange", 3), c("purple", 4))):
        play(state, seat, card, "chocolate" if seat == 0 else None)
    return state


def test_ruling_13_the_winner_takes_the_trick_and_leads_next() -> None:
    state = bo_takes_the_first_trick()
    assert state.last_winner == 1
    assert GAME.to_act(state) == frozenset({1})
    assert c("orange", 9) in state.taken[1]
    assert GAME.view(state, None).good_taken[1] == 1


# ---- ruling 14: scoring ----------------------------------------------------------------------


def scored(friend: int, good_ghost: int, good_friend: int, contract: int = 11) -> ScaryState:
    state = playing([[], [], [], [], []], trick_number=10, contract=contract)
    state.friend = friend
    goods = sorted(GOOD)
    state.taken = [[] for _ in range(5)]
    state.taken[0] = goods[:good_ghost]
    if friend != 0:
        state.taken[friend] = goods[good_ghost : good_ghost + good_friend]
    GAME._score_hand(state)
    return state


def test_ruling_14_a_made_bid_gives_the_ghost_13_and_the_friend_10() -> None:
    state = scored(friend=2, good_ghost=6, good_friend=5)
    assert state.scores == [13, 0, 10, 0, 0]
    assert state.last_hand is not None
    assert state.last_hand.made


def test_ruling_14_a_lone_ghost_who_makes_the_bid_scores_13() -> None:
    assert scored(friend=0, good_ghost=12, good_friend=0).scores == [13, 0, 0, 0, 0]


def test_ruling_14_a_missed_bid_gives_each_ghostbuster_8() -> None:
    assert scored(friend=2, good_ghost=6, good_friend=4).scores == [0, 8, 0, 8, 8]
    assert scored(friend=0, good_ghost=10, good_friend=0).scores == [0, 8, 8, 8, 8]


# ---- ruling 15 and the end -------------------------------------------------------------------


def test_the_game_ends_after_a_hand_in_which_anyone_has_31_and_the_most_points_win() -> None:
    state = playing([[], [], [], [], []], trick_number=10)
    state.scores = [20, 25, 18, 0, 0]
    state.friend = 2
    state.taken = [sorted(GOOD)[:11], [], [], [], []]
    GAME._score_hand(state)
    assert state.scores == [33, 25, 28, 0, 0]
    assert state.phase == "over"
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0,)


def test_ruling_15_tied_leaders_share_the_win() -> None:
    state = playing([[], [], [], [], []], trick_number=10)
    state.scores = [18, 23, 23, 0, 0]
    state.friend = 3
    state.taken = [[] for _ in range(5)]
    GAME._score_hand(state)
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (1, 2)
    assert result.summary == "{p1} and {p2} share the win with 31 points."


def test_below_31_the_next_hand_is_dealt() -> None:
    state = scored(friend=2, good_ghost=6, good_friend=5)
    assert state.phase == "bid"
    assert state.hand_number == 2


# ---- secrecy, bad input, the search's guesses ---------------------------------------------


def test_the_stash_and_the_laid_away_cards_stay_secret_from_everyone_but_the_ghost() -> None:
    state, ghost = called_after_auction(None)
    for seat in [None, *range(5)]:
        view = GAME.view(state, seat)
        if seat == ghost:
            assert view.my_discards == tuple(state.discards)
        else:
            assert view.my_discards == ()
            assert view.my_stash == ()
    public = [e.text for e in state.visible_log(None)]
    assert not any("lays away" in t or "finds" in t for t in public)


def test_a_guess_of_the_hidden_cards_keeps_what_the_seat_sees_and_moves_the_friend_with_the_named_card() -> None:
    state, ghost = called_after_auction(random.Random(1).randrange(5))
    rng = random.Random(5)
    for seat in range(5):
        for _ in range(5):
            guess = GAME.determinize(state, seat, rng)
            assert GAME.view(guess, seat) == GAME.view(state, seat)
            assert guess.called is not None
            holder = next((s for s in range(5) if guess.called in guess.hands[s]), ghost)
            assert guess.friend == holder


def test_bad_moves_get_a_clear_message_and_leave_the_game_untouched() -> None:
    state = GAME.new_game(5, {}, 4)
    seat = state.turn
    before = state.model_dump_json()
    for bad, reason in (
        (act("discard", 3), "Only the ghost"),
        (act("play", 3), "No cards are played"),
        (act("call", 3), "after laying 3 cards away"),
        (act("dance"), "no such move"),
    ):
        with pytest.raises(RuleError, match=reason):
            GAME.apply(state, seat, bad)
        assert state.model_dump_json() == before


# ---- the computer player ---------------------------------------------------------------------


def test_normal_bids_with_a_strong_hand_and_passes_with_a_weak_one() -> None:
    state = GAME.new_game(5, {}, 4)
    seat = state.turn
    strong = [KING_SIZE, VAMPIRE_TEETH, c("orange", 12), c("orange", 11), c("orange", 9), c("orange", 8)]
    state.hands[seat] = [*strong, c("orange", 6), c("orange", 5), c("orange", 4), c("green", 12)]
    legal = GAME.legal_actions(state, seat)
    chosen = normal(GAME, GAME.view(state, seat), legal, random.Random(1))
    assert chosen == act("bid", 11, "chocolate")
    state.hands[seat] = [c("green", 1), c("green", 2), c("purple", 1), c("purple", 3), c("black", 2)]
    chosen = normal(GAME, GAME.view(state, seat), legal, random.Random(1))
    assert chosen == act("pass")


WEAK = [c("green", 1), c("green", 2), c("purple", 1), c("purple", 3), c("black", 2)]


def second_bidder_after(opening: int, scores: list[int]) -> tuple[ScaryState, int]:
    """The first bidder has opened at `opening`; the next seat (holding a weak hand) is to bid."""
    state = GAME.new_game(5, {}, 4)
    first = state.turn
    state.scores = list(scores)
    GAME.apply(state, first, act("bid", opening, "chocolate"))
    seat = state.turn
    state.hands[seat] = list(WEAK)
    return state, seat


def bid_of(state: ScaryState, seat: int) -> Action:
    return normal(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(1))


def test_normal_at_a_table_bidding_blind_raises_to_20_when_the_next_bidder_leads_the_rivals() -> None:
    # Someone opened at 18, more good candy than a side takes; the seat after normal leads the
    # others, so normal leaves it only 21 or a pass: raising, it becomes the ghost that misses.
    state = GAME.new_game(5, {}, 4)
    after = (state.turn + 2) % 5
    scores = [8] * 5
    scores[after] = 16
    state, seat = second_bidder_after(18, scores)
    assert (seat + 1) % 5 == after
    chosen = bid_of(state, seat)
    assert (chosen.kind, chosen.args[:1]) == ("bid", (20,))


def test_normal_does_not_raise_blind_when_the_next_bidder_is_not_the_leading_rival() -> None:
    state = GAME.new_game(5, {}, 4)
    scores = [8] * 5
    scores[(state.turn + 3) % 5] = 16
    state, seat = second_bidder_after(18, scores)
    assert bid_of(state, seat) == act("pass")


def test_normal_at_a_careful_table_passes_with_a_weak_hand_whoever_leads() -> None:
    state = GAME.new_game(5, {}, 4)
    scores = [8] * 5
    scores[(state.turn + 2) % 5] = 16
    state, seat = second_bidder_after(12, scores)
    assert bid_of(state, seat) == act("pass")


def test_normal_raises_blind_after_a_ghost_who_missed_by_far() -> None:
    state = GAME.new_game(5, {}, 4)
    scores = [8] * 5
    scores[(state.turn + 2) % 5] = 16
    state, seat = second_bidder_after(12, scores)
    state.last_hand = HandSheet(ghost=0, friend=1, bid=21, trump="chocolate", good=6, made=False, gains=(0, 0, 8, 8, 8))
    chosen = bid_of(state, seat)
    assert (chosen.kind, chosen.args[:1]) == ("bid", (20,))


def test_normal_ghost_names_the_strongest_card_it_lacks() -> None:
    state, ghost = called_after_auction(None)
    state.phase = "call"
    state.called = None
    state.hands[ghost] = [c for c in state.hands[ghost] if c != KING_SIZE]
    state.discards = [c for c in state.discards if c != KING_SIZE]
    legal = GAME.legal_actions(state, ghost)
    assert normal(GAME, GAME.view(state, ghost), legal, random.Random(1)) == act("call", KING_SIZE)


def test_normal_plays_whole_games_to_the_end() -> None:
    level = NormalLevel()
    rng = random.Random(3)
    state = GAME.new_game(5, {}, 9)
    while GAME.result(state) is None:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, level.choose(GAME, state, seat, rng))
    result = GAME.result(state)
    assert result is not None
    assert max(result.scores) >= 31


def test_every_trump_suit_but_halloween_can_be_bid() -> None:
    assert set(TRUMP_SUITS) == set(SUITS) - {"halloween"}


def test_decision_after_a_non_treat_lead_the_first_suited_card_names_by_the_lead_rules() -> None:
    rock = c("purple", 0)
    hands = [[rock], [KING_SIZE], [c("green", 10)], [c("orange", 2)], [c("orange", 3)]]
    state = playing(hands, trump="fruit", trick_number=2)
    play(state, 0, rock)
    assert names(state, 1, KING_SIZE) == set(SUITS)
    play(state, 1, KING_SIZE, "sour")
    assert state.trick_suit == "sour"
    state = playing(hands, trump="fruit", trick_number=2)
    state.hands[1] = [c("green", 10)]
    play(state, 0, rock)
    # from trick 2 on a card showing trump that names the suit names trump (G3)
    assert names(state, 1, c("green", 10)) == {"fruit"}


NAMES = ("Ana", "Bob", "Cy", "Dee", "Eve")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("scary") == set()
    state, ghost = called_after_auction(None)
    call = state.log[-1]
    assert call.kind == "call"
    assert call.in_words(NAMES, ghost).startswith("You name ")
    assert call.in_words(NAMES, ghost).endswith(": whoever holds it is the ghost's secret friend. You lead.")
    assert call.in_words(NAMES, (ghost + 1) % 5).endswith(f". {NAMES[ghost]} leads.")
    state = playing([[], [], [], [], []], trick_number=10, contract=11)
    state.friend, goods = 2, sorted(GOOD)
    state.taken = [goods[:6], [], goods[6:11], [], []]
    (hand,) = [e for e in GAME._score_hand(state) if e.kind == "hand"]
    assert hand.in_words(NAMES, 2) == "Ana and you took 11 good candy of 11 bid: made! Ana +13, you +10."
