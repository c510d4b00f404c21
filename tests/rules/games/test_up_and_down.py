"""Up and Down the Block: one test per rule sentence and ruling of §10 of the variant rulings."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, card_at, face_value
from rules.candy_kit.cards import KING_SIZE, SUITS
from rules.contract import act, say_winners
from rules.games.up_and_down import GAME
from rules.games.up_and_down.game import HAND_SIZES, SHARE_WIN, TURN_LIMIT, WINS, can_draw
from rules.games.up_and_down.melds import best_split, full_split, is_wild, melds_all, out_discards
from rules.games.up_and_down.state import UpDownState
from rules.kit.errors import RuleError
from rules.registry import get
from tests.rules.games.worded import unworded_lines

# Cards by colour and rank (suits from the card data).
PRANK = card_at("black", -1)
PRANK_2 = card_at("orange", -1)
PRANK_3 = card_at("green", -1)
NON_TREAT = card_at("black", 0)
CHOC_2 = card_at("orange", 2)  # Chocolate
CHOC_3 = card_at("orange", 3)  # Chocolate, Nuts
CHOC_4 = card_at("orange", 4)  # Chocolate, Marshmallow
CHOC_5 = card_at("orange", 5)  # Chocolate, Nuts
CHOC_6 = card_at("orange", 6)  # Chocolate
FIVE_B = card_at("black", 5)  # Halloween, Sour
FIVE_G = card_at("green", 5)  # Gummy, Sour
FIVE_P = card_at("purple", 5)  # Coconut, Marshmallow
FRUIT_1 = card_at("green", 1)  # Fruit
CANDY_8 = card_at("black", 8)  # Candy
CARAMEL_11 = card_at("purple", 11)  # Caramel
NUTS_12 = card_at("purple", 12)  # Nuts, Caramel
ORANGE_12 = card_at("orange", 12)  # Chocolate, Marshmallow, Nuts
ORANGE_1 = card_at("orange", 1)  # Fruit, Coconut


def fresh(players: int = 3, seed: int = 1, **options: bool) -> UpDownState:
    return GAME.new_game(players, options, seed)


def rigged(hands: list[list[int]], top: int, wild: str = "sour", turn: int = 0) -> UpDownState:
    state = fresh(len(hands))
    state.wild_cards[0] = wild
    state.hands = [list(h) for h in hands]
    state.discard = [top]
    used = {c for h in hands for c in h} | {top}
    state.pile = [c for c in candy_deck.select() if c not in used]
    state.turn, state.dealer, state.phase = turn, len(hands) - 1, "draw"
    return state


def test_the_game_is_registered_on_the_candy_cards_shelf() -> None:
    assert get("up-and-down-the-block") is GAME
    assert GAME.family == "candy-cards"
    assert (GAME.min_players, GAME.max_players) == (2, 6)


def test_rulings_10_players_2_to_3_use_one_deck_and_4_to_6_two_decks() -> None:
    for players in range(2, 7):
        state = fresh(players)
        everything = [c for h in state.hands for c in h] + state.discard + state.pile
        assert len(everything) == (114 if players >= 4 else 57)
        assert len(set(everything)) == len(everything), "two copies never merge"
        assert state.two_decks == (players >= 4)


def test_rulings_10_ten_hands_deal_from_12_cards_down_to_4_then_up_to_13_and_one_card_face_up() -> None:
    assert HAND_SIZES[:5] == (12, 10, 8, 6, 4), "down one side of the street"
    assert HAND_SIZES[5:] == (5, 7, 9, 11, 13), "up the other"
    state = fresh(6)
    for number, size in enumerate(HAND_SIZES, start=1):
        assert state.hand_number == number
        assert [len(h) for h in state.hands] == [size] * 6
        assert len(state.discard) == 1
        GAME._end_hand(state)
    assert state.over


def test_rulings_10_the_largest_deal_fits_six_players_with_two_decks() -> None:
    state = fresh(6)
    state.hand_number = 10
    GAME._deal(state)
    assert [len(h) for h in state.hands] == [13] * 6
    assert len(state.pile) == 114 - 6 * 13 - 1


def test_rulings_10_1_the_dealer_is_drawn_at_random_and_the_player_on_their_left_starts() -> None:
    dealers = {fresh(4, seed).dealer for seed in range(20)}
    assert len(dealers) > 1
    for seed in range(5):
        state = fresh(4, seed)
        assert state.turn == (state.dealer + 1) % 4


def test_rulings_10_1_the_deal_passes_one_seat_left_each_hand() -> None:
    state = fresh(3)
    dealer = state.dealer
    GAME._end_hand(state)
    assert state.dealer == (dealer + 1) % 3
    assert state.turn == (dealer + 2) % 3


def test_rulings_10_2_the_suit_deck_is_shuffled_once_so_each_suit_is_wild_exactly_once() -> None:
    state = fresh(3, seed=5)
    assert sorted(state.wild_cards) == sorted(SUITS)
    assert len({tuple(fresh(3, seed=s).wild_cards) for s in range(5)}) > 1, "shuffled"


def test_rulings_10_2_new_white_cards_option_turns_ten_of_the_sixteen() -> None:
    seen: set[str] = set()
    for seed in range(30):
        cards = fresh(3, seed, new_white_cards=True).wild_cards
        assert len(cards) == len(set(cards)) == 10
        seen.update(cards)
    assert seen == set(SUITS) | set(candy_deck.NEW_WHITE_CARDS)


def test_rulings_10_2_a_colour_card_makes_that_colours_treats_wild_and_flavors_count_suits() -> None:
    assert is_wild(CHOC_2, "orange")
    assert not is_wild(card_at("orange", -1), "orange")
    assert not is_wild(FRUIT_1, "orange")
    assert is_wild(FRUIT_1, "oneflavor")
    assert not is_wild(CHOC_3, "oneflavor")
    assert is_wild(ORANGE_12, "threeflavors")
    assert not is_wild(CHOC_3, "threeflavors")


def test_rulings_10_3_cards_of_the_wild_suit_and_the_king_size_are_wild() -> None:
    assert is_wild(FIVE_B, "sour")
    assert is_wild(FIVE_G + COPY, "sour")
    assert not is_wild(FIVE_P, "sour")
    assert all(is_wild(KING_SIZE, key) for key in SUITS)
    assert not is_wild(PRANK, "sour")
    assert not is_wild(NON_TREAT, "sour")


def test_rulings_10_3_a_wild_fills_a_gap_in_a_run_and_stands_for_any_rank_in_a_set() -> None:
    assert melds_all([CHOC_2, KING_SIZE, CHOC_4], "sour"), "King Size as the 3 of a Chocolate run"
    assert melds_all([PRANK, PRANK_2, FIVE_B], "sour"), "a wild as a third Prank"
    assert melds_all([NON_TREAT, KING_SIZE, FIVE_G], "sour"), "two wilds and a Non-Treat make a set"


def test_rulings_10_3_melds_made_only_of_wild_cards_are_allowed() -> None:
    assert melds_all([KING_SIZE, FIVE_B, FIVE_G], "sour")
    assert not melds_all([KING_SIZE, FIVE_B], "sour")


def test_rulings_10_4_a_run_is_3_plus_consecutive_ranks_sharing_one_suit() -> None:
    assert melds_all([CHOC_2, CHOC_3, CHOC_4, CHOC_5, CHOC_6], "sour")
    assert not melds_all([CHOC_2, CHOC_3], "sour"), "two cards are not a run"
    assert not melds_all([CHOC_2, CHOC_3, FIVE_P], "sour"), "not consecutive"
    # Black 8 (Candy) and orange 9-10: the three do not share one suit.
    assert not melds_all([CANDY_8, card_at("orange", 9), card_at("orange", 10)], "sour")


def test_rulings_10_4_one_card_per_rank_and_no_wrap_past_12() -> None:
    assert not melds_all([CHOC_2, CHOC_3, CHOC_3 + COPY], "sour")
    assert not melds_all([card_at("orange", 11), ORANGE_12, ORANGE_1], "sour"), "no 12-1 wrap"
    # Purple 11 (Caramel) and 12 (Nuts, Caramel): a wild can make a run only as the 10.
    assert melds_all([CARAMEL_11, NUTS_12, KING_SIZE], "sour")


def test_rulings_10_4_pranks_and_non_treats_never_go_in_runs() -> None:
    assert not melds_all([PRANK, CHOC_2, KING_SIZE, CHOC_4], "sour")
    split = best_split([NON_TREAT, CHOC_2, CHOC_3, CHOC_4], "sour")
    assert split.left == (NON_TREAT,)


def test_rulings_10_5_a_set_is_3_plus_cards_of_one_rank_pranks_and_non_treats_included() -> None:
    assert melds_all([FIVE_B, FIVE_G, FIVE_P], "chocolate")
    assert melds_all([PRANK, PRANK_2, PRANK_3], "sour")
    assert melds_all([NON_TREAT, card_at("orange", 0), card_at("green", 0), card_at("purple", 0)], "sour")


def test_rulings_10_5_both_copies_of_a_card_may_sit_in_one_set() -> None:
    assert melds_all([FIVE_P, FIVE_P + COPY, CHOC_5], "sour")


def test_rulings_10_6_a_turn_is_draw_from_the_deck_or_take_the_discard_then_discard_one() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12]], CARAMEL_11)
    assert GAME.legal_actions(state, 0) == [act("draw"), act("take")]
    top = state.pile[-1]
    GAME.apply(state, 0, act("draw"))
    assert top in state.hands[0]
    assert state.phase == "discard"
    assert {a.kind for a in GAME.legal_actions(state, 0)} == {"discard"}
    GAME.apply(state, 0, act("discard", FRUIT_1))
    assert state.discard[-1] == FRUIT_1
    assert len(state.hands[0]) == 4
    assert state.turn == 1


def test_rulings_10_6_the_card_drawn_from_the_deck_is_seen_by_the_drawer_only() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12]], CARAMEL_11)
    events = GAME.apply(state, 0, act("draw"))
    assert [e.seats for e in events] == [None, (0,)]


def test_rulings_10_6_a_card_just_taken_from_the_discard_pile_may_not_be_discarded_that_turn() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12]], CARAMEL_11)
    GAME.apply(state, 0, act("take"))
    assert act("discard", CARAMEL_11) not in GAME.legal_actions(state, 0)
    before = GAME.dump_state(state)
    with pytest.raises(RuleError, match="just took that card"):
        GAME.apply(state, 0, act("discard", CARAMEL_11))
    assert GAME.dump_state(state) == before
    GAME.apply(state, 0, act("discard", CHOC_2))
    assert state.taken is None


def test_rulings_10_6_with_two_decks_the_other_copy_of_a_taken_card_may_be_discarded() -> None:
    state = rigged([[CHOC_2 + COPY, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12], [FIVE_B]], CHOC_2)
    GAME.apply(state, 0, act("take"))
    assert act("discard", CHOC_2 + COPY) in GAME.legal_actions(state, 0)
    assert GAME.label(state, 0, act("discard", CHOC_2 + COPY)) == "Discard 2 Chocolate (B)"


def test_rulings_10_7_after_discarding_a_player_whose_cards_all_meld_may_go_out() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [CARAMEL_11]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", PRANK))
    assert state.phase == "going-out"
    assert GAME.legal_actions(state, 0) == [act("go-out"), act("play-on")]
    events = GAME.apply(state, 0, act("go-out"))
    assert state.out == 0
    assert any(e.kind == "out" and e.seats is None for e in events), "the hand is revealed to everyone"
    assert len(state.hands[0]) == 4, "the player who goes out still discarded: the hand keeps its size"


def test_rulings_10_7_going_out_is_a_choice_the_player_may_keep_playing() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [CARAMEL_11]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", PRANK))
    assert state.phase == "going-out"
    GAME.apply(state, 0, act("play-on"))
    assert state.out is None
    assert state.turn == 1


def test_rulings_10_7_going_out_is_allowed_on_any_turn_even_the_first() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, FRUIT_1], [FIVE_P], [NUTS_12]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", FRUIT_1))
    assert state.phase == "going-out"


def test_rulings_10_8_every_other_player_gets_exactly_one_more_turn_then_the_hand_ends() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [CHOC_6, 13, 14, 15]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", PRANK))
    GAME.apply(state, 0, act("go-out"))
    for seat in (1, 2):
        assert state.hand_number == 1
        assert state.turn == seat
        assert act("go-out") not in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, act("draw"))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.hand_number == 2
    assert state.last_hand is not None
    assert state.last_hand.out == 0


def test_rulings_10_8_nobody_lays_off_on_other_players_melds() -> None:
    kinds: set[str] = set()
    state = fresh(3, seed=2)
    rng = random.Random(2)
    for _ in range(300):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        kinds.update(a.kind for a in legal)
        GAME.apply(state, seat, rng.choice(legal))
    assert kinds <= {"draw", "take", "discard", "go-out", "play-on"}


def test_rulings_10_9_leftover_cards_count_face_value_prank_minus_1_wild_printed_rank_king_size_13() -> None:
    assert best_split([PRANK, NON_TREAT, CHOC_6], "sour").value == 5
    assert best_split([FIVE_B, KING_SIZE], "sour").value == 18, "two wilds alone meld nothing"
    assert face_value(KING_SIZE) == 13


def test_rulings_10_9_the_split_chosen_leaves_the_least_value_over() -> None:
    # 2-3-4-5 of Chocolate or a set of 5s: the run of four and the two 5s loose cost 10; the run
    # 2-3-4 and the set of three 5s leave nothing.
    hand = [CHOC_2, CHOC_3, CHOC_4, CHOC_5, FIVE_P, FIVE_P + COPY]
    split = best_split(hand, "caramel")
    assert split.value == 0
    assert sorted(len(m) for m in split.melds) == [3, 3]


def test_rulings_10_9_a_hand_total_may_be_negative_pranks_are_left_out_of_sets() -> None:
    split = best_split([PRANK, PRANK_2, PRANK_3, CHOC_2, CHOC_3, CHOC_4], "sour")
    assert split.value == -3
    assert sorted(split.left) == sorted([PRANK, PRANK_2, PRANK_3])


def test_rulings_10_9_scores_add_up_hand_to_hand_for_every_player_the_one_out_too() -> None:
    hands = [[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [CHOC_6, KING_SIZE, 14, 15]]
    state = rigged(hands, CHOC_5)
    state.scores = [3, 4, 5]
    state.out = 0
    GAME._end_hand(state)
    assert state.last_hand is not None
    assert state.last_hand.points == [-1, 5 + 1 + 8 + 12, 6 + 13 - 1 + 0]
    assert state.scores == [2, 30, 23]


def test_rulings_10_the_game_ends_after_hand_10_and_the_fewest_points_win() -> None:
    state = fresh(3)
    for _ in range(9):
        GAME._end_hand(state)
    state.scores = [50, 10, 30]
    state.hands = [[], [], []]
    GAME._end_hand(state)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (3, 1, 2)
    assert result.summary == "After ten hands {p1} wins with the fewest points, 10."


def test_rulings_10_11_tied_players_share_the_win() -> None:
    state = fresh(3)
    state.hand_number = 10
    state.scores = [10, 10, 30]
    state.hands = [[], [], []]
    GAME._end_hand(state)
    result = GAME.result(state)
    assert result is not None
    assert result.winners == (0, 1)
    assert "share the win" in result.summary


def test_rulings_10_10_an_empty_deck_is_rebuilt_from_the_discard_pile_less_its_top() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12]], CARAMEL_11)
    state.pile = []
    state.discard = [CHOC_6, ORANGE_12, CARAMEL_11]
    GAME.apply(state, 0, act("draw"))
    assert state.discard == [CARAMEL_11]
    assert len(state.pile) == 1
    assert sorted([*state.pile, state.hands[0][-1]]) == sorted([CHOC_6, ORANGE_12])


def test_rulings_10_10_with_nothing_to_rebuild_only_the_discard_can_be_taken() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P], [NUTS_12]], CARAMEL_11)
    state.pile = []
    assert not can_draw(state)
    assert GAME.legal_actions(state, 0) == [act("take")]
    with pytest.raises(RuleError, match="deck is empty"):
        GAME.apply(state, 0, act("draw"))


def test_decision_a_hand_nobody_goes_out_of_ends_after_the_turn_limit() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P, CHOC_6, 13, 14], [NUTS_12, 15, 16, 17]], CARAMEL_11)
    state.turns = TURN_LIMIT * 3 - 1
    events = GAME.apply(state, 0, act("draw"))
    events += GAME.apply(state, 0, act("discard", FRUIT_1))
    assert any(e.kind == "stall" for e in events)
    assert state.hand_number == 2
    assert state.last_hand is not None
    assert state.last_hand.out is None


def test_g8_two_decks_the_copies_play_alike_and_are_marked_only_when_both_are_held() -> None:
    state = rigged([[CHOC_2, CHOC_2 + COPY, CANDY_8, PRANK], [FIVE_P], [NUTS_12], [FIVE_B]], CARAMEL_11)
    GAME.apply(state, 0, act("draw"))
    assert GAME.label(state, 0, act("discard", CHOC_2)) == "Discard 2 Chocolate (A)"
    assert GAME.label(state, 0, act("discard", CANDY_8)) == "Discard 8 Candy"
    assert best_split([CHOC_2, CHOC_3, CHOC_4], "sour") == best_split([CHOC_2, CHOC_3, CHOC_4], "sour")
    assert best_split([CHOC_2 + COPY, CHOC_3, CHOC_4 + COPY], "sour").value == 0


def test_digital_the_meld_helper_shows_the_best_split_to_its_owner_only_and_can_be_turned_off() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [NUTS_12]], CARAMEL_11)
    view = GAME.view(state, 0)
    assert view.left_value == -1
    assert view.left == (PRANK,)
    assert GAME.view(state, None).left_value is None
    state.meld_helper = False
    assert GAME.view(state, 0).left_value is None
    assert GAME.view(state, 0).melds == ()


def test_digital_the_wild_suits_to_come_stay_secret_and_are_guessed_again_by_determinize() -> None:
    state = fresh(3, seed=4)
    rng = random.Random(1)
    futures = {tuple(GAME.determinize(state, 0, rng).wild_cards[1:]) for _ in range(10)}
    assert len(futures) > 1
    assert all(GAME.determinize(state, 0, rng).wild_cards[0] == state.wild_cards[0] for _ in range(3))


def test_digital_a_hand_shown_by_going_out_is_kept_by_determinize() -> None:
    state = rigged([[CHOC_2, CHOC_3, CHOC_4, PRANK], [FIVE_P, FRUIT_1, CANDY_8, NUTS_12], [CHOC_6, 13, 14, 15]], CHOC_5)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", PRANK))
    GAME.apply(state, 0, act("go-out"))
    guess = GAME.determinize(state, 1, random.Random(3))
    assert sorted(guess.hands[0]) == sorted(state.hands[0])
    assert GAME.view(guess, 1) == GAME.view(state, 1)


# ---- the meld finder against a slow search of every partition ------------------------------


def _is_meld(cards: tuple[int, ...], wild: str) -> bool:
    if len(cards) < 3:
        return False
    naturals = [candy_deck.card_of(c) for c in cards if not is_wild(c, wild)]
    if len({c.rank for c in naturals}) <= 1:
        return True  # a set (or wilds only)
    ranks = sorted(c.rank for c in naturals)
    if len(set(ranks)) != len(ranks) or ranks[0] < 1 or ranks[-1] > 12:
        return False
    if not set.intersection(*(set(c.suits) for c in naturals)):
        return False
    span = ranks[-1] - ranks[0] + 1
    return span <= len(cards) <= 12  # the wilds fill the gaps and extend within 1-12


def _partitions(cards: list[int]) -> list[list[tuple[int, ...]]]:
    if not cards:
        return [[]]
    first, rest = cards[0], cards[1:]
    out = []
    for size in range(len(rest) + 1):
        for others in itertools.combinations(rest, size):
            remaining = [c for c in rest if c not in others]
            for tail in _partitions(remaining):
                out.append([(first, *others), *tail])
    return out


def _slow_value(hand: list[int], wild: str) -> tuple[int, bool]:
    best, whole = None, False
    for parts in _partitions(hand):
        left = [c for part in parts if not _is_meld(part, wild) for c in part]
        value = sum(face_value(c) for c in left)
        best = value if best is None else min(best, value)
        whole = whole or not left
    assert best is not None
    return best, whole


def test_rulings_10_9_the_meld_finder_agrees_with_a_search_of_every_split_on_small_hands() -> None:
    deck = list(candy_deck.two_decks(candy_deck.select()))
    rng = random.Random(7)
    for _ in range(120):
        size = rng.choice((3, 4, 5, 6))
        hand = rng.sample(deck, size)
        wild = rng.choice(SUITS)
        value, whole = _slow_value(hand, wild)
        assert best_split(hand, wild).value == value, (hand, wild)
        assert melds_all(hand, wild) == whole, (hand, wild)
        if whole:
            split = full_split(hand, wild)
            assert split is not None
            assert sorted(c for m in split.melds for c in m) == sorted(hand)
            assert all(_is_meld(m, wild) for m in split.melds)


def test_rulings_10_7_out_discards_are_the_cards_whose_discard_leaves_a_whole_meld() -> None:
    deck = list(candy_deck.two_decks(candy_deck.select()))
    rng = random.Random(11)
    for _ in range(80):
        hand = rng.sample(deck, 5)
        wild = rng.choice(SUITS)
        expected = {c % COPY for c in hand if _slow_value([o for o in hand if o != c], wild)[1]}
        assert out_discards(hand, wild) == expected, (hand, wild)


def test_the_best_split_reports_cards_that_add_up() -> None:
    deck = list(candy_deck.two_decks(candy_deck.select()))
    rng = random.Random(5)
    for _ in range(50):
        hand = rng.sample(deck, 13)
        wild = rng.choice(SUITS)
        split = best_split(hand, wild)
        assert sorted([*split.left, *(c for m in split.melds for c in m)]) == sorted(hand)
        assert sum(face_value(c) for c in split.left) == split.value
        assert all(_is_meld(m, wild) for m in split.melds)


def test_digital_a_card_taken_from_the_discard_pile_stays_public_until_it_is_discarded() -> None:
    state = rigged([[CHOC_2, FRUIT_1, CANDY_8, PRANK], [FIVE_P, CHOC_6, 13, 14], [NUTS_12, 15, 16, 17]], CARAMEL_11)
    GAME.apply(state, 0, act("take"))
    GAME.apply(state, 0, act("discard", FRUIT_1))
    assert GAME.view(state, 1).known[0] == (CARAMEL_11,)
    guess = GAME.determinize(state, 1, random.Random(2))
    assert CARAMEL_11 in guess.hands[0], "the computer's guesses keep it where everyone saw it go"
    assert GAME.view(guess, 1) == GAME.view(state, 1)
    state.turn, state.phase = 0, "discard"
    GAME.apply(state, 0, act("discard", CARAMEL_11))
    assert GAME.view(state, 1).known[0] == ()


NAMES = ("Ana", "Bob", "Cy")


def test_every_line_naming_a_player_is_a_message_said_to_that_player() -> None:
    assert unworded_lines("up-and-down-the-block") == set()
    state = GAME.new_game(3, {}, 1)
    deal = state.log[-1]
    assert deal.in_words(NAMES, state.turn).endswith(" starts the discard pile and you go first.")
    assert "): You deal 12 cards each. Wild this hand: " in deal.in_words(NAMES, state.dealer)
    seat = state.turn
    draw, drew = GAME.apply(state, seat, act("draw"))
    assert draw.in_words(NAMES, seat) == "You draw from the deck."
    assert draw.in_words(NAMES, (seat + 1) % 3) == f"{NAMES[seat]} draws from the deck."
    assert drew.said is not None


def test_a_shared_win_names_every_winner_and_speaks_to_each() -> None:
    line = say_winners("win", [0, 2], WINS, SHARE_WIN, best=99)
    assert line.text == "After ten hands {p0} and {p2} share the win with the fewest points, 99."
    assert line.in_words(NAMES, 2) == "After ten hands Ana and you share the win with the fewest points, 99."
    alone = say_winners("win", [1], WINS, SHARE_WIN, best=99)
    assert alone.in_words(NAMES, 1) == "After ten hands you win with the fewest points, 99."
