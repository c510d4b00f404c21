"""Secret Stash: each rule sentence of its rulebook section and each ruling of §6 (and G1, G11, G12)."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.candy_kit.candy_deck import CARD_TEXT, card_at
from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import act
from rules.games.secret_stash import GAME
from rules.games.secret_stash.ai import ROLLOUT, normal
from rules.games.secret_stash.game import DECK_CARDS, POWER, VALUES, SecretStash, names, score_hand
from rules.games.secret_stash.state import StashState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines


def c(colour: str, rank: int) -> int:
    return card_at(colour, rank)


def test_the_game_is_registered_under_its_id_on_the_candy_tricks_shelf() -> None:
    assert get("secret-stash") is GAME
    assert isinstance(GAME, SecretStash)
    assert GAME.family == "candy-tricks"


def playing(
    hands: list[list[int]],
    contract: str,
    leader: int = 0,
    declarer: int = 0,
    bid: int = 1,
    stash: list[int] | None = None,
) -> StashState:
    """A hand in play: `declarer` bid `bid`, looked, declared `contract`; `leader` to lead."""
    state = GAME.new_game(3, {}, 1)
    state.phase = "play"
    state.hands = [list(h) for h in hands]
    state.stash = list(stash or [])
    state.declarer, state.bid, state.looked, state.contract = declarer, bid, True, contract
    state.leader = state.turn = leader
    return state


def play(state: StashState, seat: int, card: int, suit: str | None = None) -> None:
    GAME.apply(state, seat, act("play", card) if suit is None else act("play", card, suit))


def trick_winner(contract: str, lead: tuple[int, str | None], second: int, third: int) -> int | None:
    """Who wins a trick of one card each: seat 0 leads `lead` (the card and the suit it names),
    seats 1 and 2 follow with `second` and `third`."""
    card, suit = lead
    state = playing([[card], [second], [third]], contract)
    play(state, 0, card, suit)
    play(state, 1, second)
    play(state, 2, third)
    return state.last_winner


def cards_legal(state: StashState, seat: int) -> set[int]:
    return {int(a.args[0]) for a in GAME.legal_actions(state, seat)}


def phase(state: StashState) -> str:
    """The phase, read afresh (a move changes it)."""
    return state.phase


def first_bidder(state: StashState) -> int:
    return (state.dealer + 1) % 3


def bid(state: StashState, kind: str, *args: int) -> None:
    GAME.apply(state, state.turn, act(kind, *args))


def auction_won(bid_: int = 3) -> StashState:
    """Seed 2's first bidder bids `bid_` tricks (0: nil) and, after a number, the other two pass:
    that bidder declares, and is to look at the stash or not."""
    state = GAME.new_game(3, {}, 2)
    if bid_ == 0:
        bid(state, "nil")
    else:
        bid(state, "bid", bid_)
        bid(state, "pass")
        bid(state, "pass")
    return state


def look_and_lay_three(state: StashState) -> list[int]:
    """The declarer looks at the stash and lays the first three cards of their hand there."""
    declarer = state.turn
    GAME.apply(state, declarer, act("look"))
    laid = list(state.hands[declarer])[:3]
    for card in laid:
        GAME.apply(state, declarer, act("lay", card))
    return laid


# ---- The rulebook's sentences ------------------------------------------------------------------


def test_the_deck_is_the_33_cards_ranked_5_to_13() -> None:
    assert len(DECK_CARDS) == 33
    assert KING_SIZE in DECK_CARDS
    assert set(DECK_CARDS) == {c(col, r) for col in ("black", "green", "orange", "purple") for r in range(5, 13)} | {
        KING_SIZE
    }


def test_each_player_is_dealt_10_cards_and_3_go_face_down_to_the_stash() -> None:
    state = GAME.new_game(3, {}, 3)
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert len(state.stash) == 3
    assert sorted([*state.stash, *(x for h in state.hands for x in h)]) == sorted(DECK_CARDS)


def test_the_game_is_for_three_players_only() -> None:
    for players in (2, 4):
        with pytest.raises(RuleError):
            GAME.new_game(players, {}, 1)


def test_bidding_starts_with_the_player_left_of_the_dealer() -> None:
    for seed in range(6):
        state = GAME.new_game(3, {}, seed)
        assert GAME.to_act(state) == frozenset({first_bidder(state)})


def test_each_new_bid_tops_the_best_bid_so_far() -> None:
    state = GAME.new_game(3, {}, 2)
    bid(state, "bid", 4)
    assert [a.args[0] for a in GAME.legal_actions(state, state.turn) if a.kind == "bid"] == [5, 6, 7, 8, 9, 10]
    with pytest.raises(RuleError, match="Bid more than the highest bid so far: 5 to 10 tricks"):
        bid(state, "bid", 4)


def test_nil_may_be_bid_only_on_a_players_first_turn() -> None:
    state = GAME.new_game(3, {}, 2)
    first = state.turn
    bid(state, "bid", 1)
    bid(state, "bid", 2)
    bid(state, "bid", 3)
    assert state.turn == first
    assert act("nil") not in GAME.legal_actions(state, first)
    with pytest.raises(RuleError, match="only allowed on your first turn"):
        bid(state, "nil")


def test_a_nil_bid_ends_the_auction_and_the_nil_bidder_declares() -> None:
    state = GAME.new_game(3, {}, 2)
    bid(state, "bid", 6)
    nil_bidder = state.turn
    assert act("nil") in GAME.legal_actions(state, nil_bidder)
    bid(state, "nil")
    assert phase(state) == "stash"
    assert state.declarer == nil_bidder
    assert state.bid == 0
    assert GAME.to_act(state) == frozenset({nil_bidder})


def test_the_highest_bidder_declares_once_the_other_two_have_passed() -> None:
    state = GAME.new_game(3, {}, 2)
    a = state.turn
    bid(state, "bid", 3)
    bid(state, "pass")
    assert phase(state) == "auction"
    bid(state, "pass")
    assert phase(state) == "stash"
    assert state.declarer == a
    assert state.bid == 3


def test_the_declarer_may_look_at_the_stash_and_exchange_cards() -> None:
    state = auction_won()
    declarer = state.turn
    dealt = list(state.stash)
    GAME.apply(state, declarer, act("look"))
    assert phase(state) == "exchange"
    assert len(state.hands[declarer]) == 13
    assert set(dealt) <= set(state.hands[declarer])


def test_the_declarer_may_announce_not_looking_at_the_stash() -> None:
    state = auction_won()
    declarer = state.turn
    GAME.apply(state, declarer, act("no-look"))
    assert phase(state) == "declare"
    assert state.looked is False
    assert state.log[-1].text == f"{{p{declarer}}} plays without looking at the stash."


def test_the_declarer_declares_a_trump_suit_a_grand_or_a_no_trump_hand() -> None:
    state = declaring(bid_=3)
    declared = {a.args[0] for a in GAME.legal_actions(state, state.turn)}
    assert declared == {*VALUES}
    assert len(declared) == 12


def test_a_nil_bidder_must_declare_a_no_trump_hand() -> None:
    state = declaring(bid_=0)
    assert GAME.legal_actions(state, state.turn) == [act("declare", "notrump")]
    with pytest.raises(RuleError, match="You bid nil, so you must declare No-trump"):
        GAME.apply(state, state.turn, act("declare", "grand"))


def declaring(bid_: int) -> StashState:
    state = auction_won(bid_)
    GAME.apply(state, state.turn, act("no-look"))
    return state


def test_the_13_and_12s_are_the_top_trumps_from_13_to_orange_green_purple_black_12() -> None:
    top = [KING_SIZE, c("orange", 12), c("green", 12), c("purple", 12), c("black", 12)]
    for higher, lower in itertools.pairwise(top):
        state = playing([[lower], [higher], [c("green", 5)]], "gummy")
        play(state, 0, lower, "trump")
        play(state, 1, higher)
        play(state, 2, c("green", 5))
        assert state.last_winner == 1


def test_grand_hands_have_only_the_13_and_12s_as_trump() -> None:
    # The orange 9 shows Chocolate, yet a Grand has no trump suit: a 12 beats it as trump.
    state = playing([[c("orange", 9)], [c("black", 12)], [c("orange", 6)]], "grand")
    assert {a.args[1] for a in GAME.legal_actions(state, 0)} == {"chocolate", "coconut", "nuts"}
    play(state, 0, c("orange", 9), "chocolate")
    assert cards_legal(state, 1) == {c("black", 12)}
    play(state, 1, c("black", 12))
    play(state, 2, c("orange", 6))
    assert state.last_winner == 1


def test_no_trump_hands_have_no_trumps() -> None:
    # The 12 wins as the highest Chocolate, not as a trump.
    assert trick_winner("notrump", (c("orange", 6), "chocolate"), c("orange", 12), c("green", 11)) == 1
    assert trick_winner("notrump", (c("orange", 6), "chocolate"), c("green", 12), c("green", 11)) == 0


def test_the_declarer_leads_the_first_trick() -> None:
    state = declaring(bid_=3)
    declarer = state.turn
    GAME.apply(state, declarer, act("declare", "grand"))
    assert phase(state) == "play"
    assert state.leader == declarer
    assert GAME.to_act(state) == frozenset({declarer})


def test_each_hand_value_is_the_rulebooks_table() -> None:
    assert VALUES == {
        "grand": 13,
        "coconut": 12,
        "marshmallow": 12,
        "gummy": 11,
        "sour": 11,
        "halloween": 10,
        "nuts": 10,
        "fruit": 9,
        "caramel": 9,
        "chocolate": 8,
        "candy": 8,
        "notrump": 7,
    }


def test_each_player_scores_the_hand_value_times_the_multipliers_they_earned() -> None:
    won = [[c("orange", 12), c("green", 12)], [KING_SIZE, c("purple", 12)], [c("black", 12)]]
    sheets = score_hand(0, 5, False, "coconut", [6, 3, 1], won)
    # Declarer: no King Size 3 + two 12s + most tricks 3 + no look 1 + bid made 2.
    assert [s.multiplier for s in sheets] == [11, 1, 4]
    assert [s.points for s in sheets] == [132, 12, 48]
    assert (sheets[0].no_king_size, sheets[0].twelves, sheets[0].most_tricks) == (3, 2, 3)
    assert (sheets[0].no_look, sheets[0].bid_made) == (1, 2)


def test_players_tied_for_the_most_tricks_earn_one_multiplier_each() -> None:
    sheets = score_hand(0, 4, True, "candy", [4, 4, 2], [[KING_SIZE], [], []])
    assert [s.most_tricks for s in sheets] == [1, 1, 0]


def test_a_nil_declarer_with_no_trick_scores_130_with_no_other_bonus() -> None:
    sheets = score_hand(1, 0, False, "notrump", [6, 0, 4], [[c("orange", 12)], [], [KING_SIZE]])
    assert sheets[1].points == 130
    assert sheets[1].nil


def test_a_nil_declarer_who_takes_a_trick_scores_0() -> None:
    sheets = score_hand(1, 0, True, "notrump", [5, 1, 4], [[], [c("orange", 12)], [KING_SIZE]])
    assert sheets[1].points == 0


def test_a_declarer_who_fails_the_bid_scores_0() -> None:
    sheets = score_hand(0, 8, True, "grand", [7, 2, 1], [[KING_SIZE], [c("orange", 12)], []])
    assert sheets[0].points == 0
    assert sheets[0].bid_made == 0


def test_the_top_score_after_three_hands_wins_the_game() -> None:
    state, _dealers = random_game(5)
    assert phase(state) == "over"
    assert state.hand_number == 3
    result = GAME.result(state)
    assert result is not None
    top = max(state.scores)
    assert result.winners == tuple(s for s in range(3) if state.scores[s] == top)


def random_game(seed: int) -> tuple[StashState, list[int]]:
    """A whole game of random moves; the dealer of each counted hand in order."""
    state = GAME.new_game(3, {}, seed)
    rng = random.Random(seed)
    dealers = [state.dealer]
    hand = state.hand_number
    while GAME.result(state) is None:
        seat = next(iter(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if state.hand_number != hand:
            hand = state.hand_number
            dealers.append(state.dealer)
    return state, dealers


# ---- The rulings of §6 --------------------------------------------------------------------------


def test_ruling_1_the_first_dealer_is_drawn_and_each_player_deals_once() -> None:
    firsts = {GAME.new_game(3, {}, seed).dealer for seed in range(20)}
    assert firsts == {0, 1, 2}
    for seed in range(4):
        _, dealers = random_game(seed)
        assert sorted(dealers) == [0, 1, 2]
        assert dealers[1] == (dealers[0] + 1) % 3
        assert dealers[2] == (dealers[1] + 1) % 3


def test_ruling_2_turns_cycle_among_players_who_have_not_passed_and_a_pass_is_final() -> None:
    state = GAME.new_game(3, {}, 4)
    a = state.turn
    b, third = (a + 1) % 3, (a + 2) % 3
    bid(state, "pass")
    bid(state, "bid", 2)
    assert state.turn == third
    bid(state, "bid", 3)
    assert state.turn == b  # a passed for good and is skipped
    assert a not in GAME.to_act(state)
    assert GAME.legal_actions(state, a) == []


def test_ruling_2_a_bid_is_a_number_of_tricks_from_1_to_10() -> None:
    state = GAME.new_game(3, {}, 4)
    bids = [a.args[0] for a in GAME.legal_actions(state, state.turn) if a.kind == "bid"]
    assert bids == list(range(1, 11))
    bid(state, "bid", 10)
    assert [a.kind for a in GAME.legal_actions(state, state.turn)] == ["pass", "nil"]


def test_ruling_2_after_two_passes_with_no_bid_the_third_player_still_bids() -> None:
    state = GAME.new_game(3, {}, 4)
    third = (state.turn + 2) % 3
    bid(state, "pass")
    bid(state, "pass")
    assert phase(state) == "auction"
    assert state.turn == third
    bid(state, "bid", 1)
    assert state.declarer == third
    assert phase(state) == "stash"


def test_ruling_3_if_all_three_pass_the_same_dealer_deals_again_and_the_hand_does_not_count() -> None:
    state = GAME.new_game(3, {}, 4)
    dealer, before = state.dealer, [list(h) for h in state.hands]
    for _ in range(3):
        bid(state, "pass")
    assert state.dealer == dealer
    assert state.hand_number == 1
    assert state.redeals == 1
    assert phase(state) == "auction"
    assert state.hands != before
    assert f"Everyone passes: {{p{dealer}}} deals again." in [e.text for e in state.log]


def test_ruling_4_after_a_look_the_declarer_lays_any_three_cards_back_keeping_ten() -> None:
    state = auction_won()
    declarer = state.turn
    dealt = list(state.stash)
    GAME.apply(state, declarer, act("look"))
    own = [x for x in state.hands[declarer] if x not in dealt]
    GAME.apply(state, declarer, act("lay", own[0]))
    GAME.apply(state, declarer, act("take-back", own[0]))  # a laid card may come back before the third
    for card in (own[1], dealt[0], own[2]):
        GAME.apply(state, declarer, act("lay", card))
    assert phase(state) == "declare"
    assert sorted(state.stash) == sorted((own[1], dealt[0], own[2]))
    assert len(state.hands[declarer]) == 10
    assert state.log[-1].text == f"{{p{declarer}}} lays 3 cards face down in the stash."


def test_ruling_4_swapping_no_card_lays_the_same_three_back() -> None:
    state = auction_won()
    declarer = state.turn
    dealt = list(state.stash)
    kept = list(state.hands[declarer])
    GAME.apply(state, declarer, act("look"))
    for card in dealt:
        GAME.apply(state, declarer, act("lay", card))
    assert state.hands[declarer] == kept
    assert sorted(state.stash) == sorted(dealt)


def test_ruling_4_the_stash_stays_hidden_until_the_hand_ends_and_the_declarer_alone_sees_it() -> None:
    state = GAME.new_game(3, {}, 2)
    declarer = state.turn
    assert all(GAME.view(state, s).stash is None for s in (0, 1, 2, None))
    bid(state, "bid", 3)
    bid(state, "pass")
    bid(state, "pass")
    look_and_lay_three(state)
    assert GAME.view(state, declarer).stash == tuple(state.stash)
    assert all(GAME.view(state, s).stash is None for s in (0, 1, 2, None) if s != declarer)
    assert GAME.view(state, None).stash_size == 3


def test_ruling_4_a_declarer_who_does_not_look_never_sees_the_stash() -> None:
    state = declaring(bid_=3)
    assert all(GAME.view(state, s).stash is None for s in (0, 1, 2))


def test_ruling_4_the_stash_is_shown_to_all_at_hand_end_and_its_cards_count_for_nobody() -> None:
    stash = [KING_SIZE, c("orange", 12), c("green", 12)]
    state = playing([[c("orange", 6)], [c("orange", 5)], [c("green", 5)]], "chocolate", stash=stash)
    state.tricks = [5, 3, 1]
    play(state, 0, c("orange", 6), "trump")
    play(state, 1, c("orange", 5))
    play(state, 2, c("green", 5))
    assert state.hand_number == 2
    view = GAME.view(state, None)
    assert view.last_stash == tuple(stash)
    assert [s.no_king_size for s in view.last_hand] == [3, 3, 3]  # the King Size lay in the stash
    assert [s.twelves for s in view.last_hand] == [0, 0, 0]
    assert any(e.text.startswith("The stash held ") for e in state.log)


def test_ruling_5_nil_bid_and_no_trump_hand_are_named_apart() -> None:
    state = declaring(bid_=0)
    label = GAME.label(state, state.turn, act("declare", "notrump"))
    assert label == "Declare No-trump (×7)"
    assert GAME.label(state, state.turn, act("nil")) == "Bid nil (take no trick)"


def test_ruling_6_in_a_suit_hand_the_trump_suits_5_to_11_follow_the_12s_by_rank() -> None:
    assert trick_winner("chocolate", (c("orange", 11), "trump"), c("black", 12), c("orange", 5)) == 1
    assert trick_winner("chocolate", (c("orange", 5), "trump"), c("orange", 9), c("orange", 6)) == 1


def test_ruling_7_in_suit_and_grand_hands_a_12_is_trump_only_and_does_not_follow_its_printed_suits() -> None:
    # Halloween led, Chocolate trump: the black 12 (Halloween/Gummy) is a trump, not a Halloween card.
    state = playing([[c("black", 5)], [c("black", 12), c("green", 5)], [c("black", 6)]], "chocolate")
    play(state, 0, c("black", 5), "halloween")
    assert cards_legal(state, 1) == {c("black", 12), c("green", 5)}  # void in Halloween: anything goes
    state = playing([[c("black", 5)], [c("black", 12), c("green", 5)], [c("black", 6)]], "grand")
    play(state, 0, c("black", 5), "halloween")
    assert cards_legal(state, 1) == {c("black", 12), c("green", 5)}
    assert names(c("black", 12), "grand") == ("trump",)
    assert names(KING_SIZE, "chocolate") == ("trump",)


def test_ruling_7_in_no_trump_the_12s_are_ordinary_cards() -> None:
    state = playing([[c("black", 5)], [c("black", 12), c("green", 5)], [c("black", 6)]], "notrump")
    play(state, 0, c("black", 5), "halloween")
    assert cards_legal(state, 1) == {c("black", 12)}
    assert set(names(c("black", 12), "notrump")) == {"halloween", "gummy"}


def test_ruling_7_in_no_trump_the_king_size_names_any_suit_when_led_may_always_be_played_and_wins() -> None:
    state = playing([[KING_SIZE], [c("orange", 12)], [c("green", 11)]], "notrump")
    assert len({a.args[1] for a in GAME.legal_actions(state, 0)}) == 10
    play(state, 0, KING_SIZE, "chocolate")
    play(state, 1, c("orange", 12))
    play(state, 2, c("green", 11))
    assert state.last_winner == 0
    state = playing([[c("orange", 6)], [KING_SIZE, c("orange", 12)], [c("green", 11)]], "notrump")
    play(state, 0, c("orange", 6), "chocolate")
    assert cards_legal(state, 1) == {KING_SIZE, c("orange", 12)}  # never required to follow, always allowed
    play(state, 1, KING_SIZE)
    play(state, 2, c("green", 11))
    assert state.last_winner == 1


def test_ruling_8_when_trump_is_led_any_trump_must_be_played_if_held() -> None:
    state = playing([[c("orange", 6)], [c("purple", 6), c("green", 7)], [c("green", 5)]], "chocolate")
    play(state, 0, c("orange", 6), "trump")  # a card carrying trump leads trump
    assert cards_legal(state, 1) == {c("purple", 6)}  # Coconut/Chocolate is a trump
    with pytest.raises(RuleError, match="You hold trump: follow trump"):
        play(state, 1, c("green", 7))


def test_ruling_8_a_card_carrying_trump_still_follows_its_other_suits_and_counts_as_trump() -> None:
    state = playing([[c("orange", 10)], [c("purple", 11), c("green", 5)], [c("orange", 8), c("green", 6)]], "chocolate")
    assert [a.args[1] for a in GAME.legal_actions(state, 0)] == ["caramel"]
    play(state, 0, c("orange", 10), "caramel")
    play(state, 1, c("purple", 11))
    assert cards_legal(state, 2) == {c("orange", 8)}  # Chocolate/Caramel follows Caramel
    play(state, 2, c("orange", 8))
    assert state.last_winner == 2  # and wins as a trump over the higher Caramel


def test_ruling_9_equal_ranks_go_to_the_earlier_card_and_the_winner_leads_next() -> None:
    state = playing(
        [[c("orange", 9), c("orange", 5)], [c("purple", 9), c("purple", 5)], [c("green", 5), c("green", 6)]],
        "notrump",
    )
    play(state, 0, c("orange", 9), "nuts")
    play(state, 1, c("purple", 9))
    play(state, 2, c("green", 5))
    assert state.last_winner == 0
    assert GAME.to_act(state) == frozenset({0})


def test_ruling_11_everyone_earns_no_king_size_when_it_lies_in_the_final_stash() -> None:
    sheets = score_hand(0, 3, True, "sour", [4, 3, 3], [[], [], []])
    assert [s.no_king_size for s in sheets] == [3, 3, 3]


def test_ruling_11_each_12_taken_earns_one_and_the_declarer_alone_earns_no_look_and_bid_made() -> None:
    sheets = score_hand(2, 3, False, "sour", [3, 3, 4], [[c("orange", 12), c("green", 12)], [], [KING_SIZE]])
    assert [s.twelves for s in sheets] == [2, 0, 0]
    assert [s.no_look for s in sheets] == [0, 0, 1]
    assert [s.bid_made for s in sheets] == [0, 0, 2]


def test_ruling_11_defenders_score_even_when_the_declarer_fails() -> None:
    sheets = score_hand(0, 9, True, "halloween", [2, 5, 3], [[], [KING_SIZE], [c("orange", 12)]])
    assert sheets[0].points == 0
    assert sheets[1].points == 10 * 3  # most tricks
    assert sheets[2].points == 10 * (3 + 1)


def test_ruling_12_defenders_of_a_nil_bid_score_7_times_their_multipliers() -> None:
    sheets = score_hand(0, 0, True, "notrump", [0, 6, 4], [[], [KING_SIZE, c("green", 12)], []])
    assert sheets[0].points == 130
    assert sheets[1].points == 7 * (1 + 3)
    assert sheets[2].points == 7 * 3


def test_ruling_13_no_trump_after_a_number_bid_scores_as_a_bid_with_value_7() -> None:
    sheets = score_hand(0, 4, True, "notrump", [5, 3, 2], [[c("orange", 12)], [KING_SIZE], []])
    assert not sheets[0].nil
    assert sheets[0].points == 7 * (3 + 1 + 3 + 2)


def test_ruling_14_a_tie_for_the_highest_total_shares_the_win() -> None:
    state = GAME.new_game(3, {}, 1)
    state.phase = "over"
    state.scores = [90, 90, 40]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 1)
    assert result.summary == "{p0} and {p1} share the win with 90 points."


# ---- What is public and what is secret (digital notes, G11) ----------------------------------------


def test_bids_the_declaration_the_look_and_the_12s_taken_are_public() -> None:
    state = playing(
        [[c("orange", 12), c("orange", 6)], [c("orange", 5), c("orange", 7)], [c("green", 5), c("green", 6)]],
        "grand",
    )
    state.bids = [1, None, None]
    play(state, 0, c("orange", 12), "trump")
    play(state, 1, c("orange", 5))
    play(state, 2, c("green", 5))
    for seat in (None, 1, 2):
        view = GAME.view(state, seat)
        assert view.bids == (1, None, None)
        assert (view.declarer, view.bid, view.looked, view.contract) == (0, 1, True, "grand")
        assert view.top_taken == ((c("orange", 12),), (), ())
        assert view.tricks == (1, 0, 0)
    assert GAME.view(state, None).my_hand is None


def test_the_exchange_is_logged_as_a_count_never_by_name() -> None:
    state = auction_won()
    laid = look_and_lay_three(state)
    texts = " ".join(e.text for e in state.log)
    assert "lays 3 cards face down" in texts
    assert not any(CARD_TEXT[card] in texts for card in laid)


def test_a_defender_cannot_tell_the_stash_from_the_other_hand() -> None:
    state = auction_won()
    declarer = state.turn
    look_and_lay_three(state)
    defender = (declarer + 1) % 3
    stashes = {tuple(GAME.determinize(state, defender, random.Random(k)).stash) for k in range(20)}
    assert len(stashes) > 1
    assert {tuple(GAME.determinize(state, declarer, random.Random(k)).stash) for k in range(5)} == {tuple(state.stash)}


def test_bad_input_gets_a_clear_message_and_leaves_the_state_untouched() -> None:
    state = GAME.new_game(3, {}, 2)
    before = state.model_dump_json()
    with pytest.raises(RuleError, match="The auction is on"):
        GAME.apply(state, state.turn, act("declare", "grand"))
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, (state.turn + 1) % 3, act("pass"))
    assert state.model_dump_json() == before


# ---- Computer players -----------------------------------------------------------------------------


def test_the_normal_player_as_nil_declarer_lays_its_highest_cards_in_the_stash() -> None:
    state = auction_won(0)
    declarer = state.turn
    GAME.apply(state, declarer, act("look"))
    view = GAME.view(state, declarer)
    choice = normal(GAME, view, GAME.legal_actions(state, declarer), random.Random(1))
    assert choice.kind == "lay"
    assert DECK[int(choice.args[0])].rank == max(DECK[x].rank for x in state.hands[declarer])


def test_the_normal_player_never_takes_a_laid_card_back() -> None:
    state = auction_won(2)
    declarer = state.turn
    GAME.apply(state, declarer, act("look"))
    rng = random.Random(3)
    while state.phase == "exchange":
        choice = normal(GAME, GAME.view(state, declarer), GAME.legal_actions(state, declarer), rng)
        assert choice.kind == "lay"
        GAME.apply(state, declarer, choice)
    assert len(state.stash) == 3


class _NoNoise(random.Random):
    """Never draws a playout's random move (`random()` is always high); ties still use the seed."""

    def random(self) -> float:
        return 0.99


def test_the_hard_players_playouts_play_the_cards_normal_would() -> None:
    # Random playouts valued every bid and contract by random cards; the search now plays
    # the rest of the hand the way its rivals really play.
    compared = 0
    for seed in range(4):
        state = GAME.new_game(3, {}, seed)
        rng = random.Random(seed)
        while GAME.result(state) is None and state.hand_number == 1:
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            choice = normal(GAME, GAME.view(state, seat), legal, rng)
            if state.phase == "play" and len(legal) > 1:
                power = POWER[state.contract or ""]
                played = ROLLOUT(GAME, state, seat, legal, _NoNoise(seed))
                # As strong a card (two cards of one power are alike to normal: it draws lots).
                assert power[int(played.args[0])] == power[int(choice.args[0])]
                compared += 1
            GAME.apply(state, seat, choice)
    assert compared > 20


def test_a_nil_bidder_may_look_at_the_stash_too_and_not_looking_adds_nothing_to_a_nil() -> None:
    state = auction_won(0)
    declarer = state.turn
    assert GAME.legal_actions(state, declarer) == [act("look"), act("no-look")]
    sheets = score_hand(declarer, 0, False, "notrump", [0 if s == declarer else 5 for s in range(3)], [[], [], []])
    assert sheets[declarer].points == 130
    assert sheets[declarer].no_look == 1


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("secret-stash") == set()
    state = GAME.new_game(3, {}, 2)
    first = state.turn
    (one,) = GAME.apply(state, first, act("bid", 6))
    assert one.in_words(NAMES, first) == "You bid 6 tricks."
    assert one.in_words(NAMES, (first + 1) % 3) == f"{NAMES[first]} bids 6 tricks."
    nil_bidder = state.turn
    (nil,) = GAME.apply(state, nil_bidder, act("nil"))
    assert (
        nil.in_words(NAMES, nil_bidder) == "You bid nil: no tricks at all. The auction is over; you declare No-trump."
    )
    state = auction_won(3)
    looked = GAME.apply(state, state.turn, act("look"))
    assert [e.in_words(NAMES, state.turn) for e in looked] == ["You look at the stash."]
