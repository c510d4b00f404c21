"""Bobbing for Apples: one test per rule sentence and ruling of §14 of the variant rulings."""

from __future__ import annotations

import random

import pytest

from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, NON_TREATS, PRANKS, card_at
from rules.candy_kit.cards import KING_SIZE
from rules.contract import Action, act
from rules.games.bobbing_for_apples import GAME
from rules.games.bobbing_for_apples.game import DECK, deals_per_hand, value_of
from rules.games.bobbing_for_apples.scoring import hand_points
from rules.games.bobbing_for_apples.stash import reaches, takeable
from rules.games.bobbing_for_apples.state import NOBODY, BobbingState
from rules.kit.errors import RuleError
from rules.registry import get

G = {rank: card_at("green", rank) for rank in range(1, 13)}
OR = {rank: card_at("orange", rank) for rank in range(1, 13)}
P = {rank: card_at("purple", rank) for rank in range(1, 13)}
B = {rank: card_at("black", rank) for rank in range(1, 13)}
PRANK = PRANKS[0]
PRANK_2 = PRANKS[1]

Item = tuple[list[int], int, bool, int]


def loose(card: int) -> Item:
    return ([card], value_of(card), False, NOBODY)


def built(cards: list[int], builder: int = NOBODY) -> Item:
    return (cards, sum(value_of(c) for c in cards), False, builder)


def pair(cards: list[int], builder: int = NOBODY) -> Item:
    return (cards, value_of(cards[0]), True, builder)


def rigged(hands: list[list[int]], stash: list[Item], pile: list[int] | None = None, **options: bool) -> BobbingState:
    state = GAME.new_game(len(hands), options, 3)
    state.hands = [list(h) for h in hands]
    state.items = [list(cards) for cards, _v, _p, _b in stash]
    state.values = [v for _c, v, _p, _b in stash]
    state.paired = [p for _c, _v, p, _b in stash]
    state.builders = [b for _c, _v, _p, b in stash]
    state.pile = list(pile or [])
    state.turn, state.dealer, state.last_taker, state.king_out = 0, len(hands) - 1, NOBODY, False
    state.captures = [[] for _ in hands]
    return state


def legal(state: BobbingState, seat: int = 0) -> list[str]:
    return [a.token() for a in GAME.legal_actions(state, seat)]


def play(state: BobbingState, *tokens: str, seat: int = 0) -> None:
    for token in tokens:
        GAME.apply(state, seat, Action.parse(token))


# ---- players, deck, deal ----------------------------------------------------------------


def test_two_to_four_players_on_the_candy_cards_shelf() -> None:
    assert get("bobbing-for-apples") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.family == "candy-cards"
    with pytest.raises(RuleError):
        GAME.new_game(5, {}, 1)


def test_deck_is_53_cards_without_the_four_non_treats() -> None:
    assert len(DECK) == 53
    assert not set(NON_TREATS) & set(DECK)


def test_values_prank_minus_one_king_size_thirteen_treat_its_rank() -> None:
    assert value_of(PRANK) == -1
    assert value_of(KING_SIZE) == 13
    assert value_of(G[7]) == 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_five_face_up_to_the_stash_and_four_to_each_player(players: int) -> None:
    state = GAME.new_game(players, {}, 11)
    assert [len(item) for item in state.items] == [1] * 5
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.pile) == 53 - 5 - 4 * players
    everything = [c for item in state.items for c in item] + [c for h in state.hands for c in h] + state.pile
    assert sorted(everything) == sorted(DECK)


def test_when_all_hands_are_empty_the_dealer_deals_four_more_each() -> None:
    state = rigged([[G[3]], []], [loose(OR[9])], pile=list(DECK[:8]))
    state.hands[1] = []
    play(state, f"give.{G[3]}")
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.deal_number == 2
    assert "deals 4 more cards" in state.log[-1].text


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_the_48_cards_divide_exactly_six_deals_at_two_four_at_three_three_at_four(players: int, deals: int) -> None:
    assert deals_per_hand(players) == deals
    state = GAME.new_game(players, {}, 5)
    rng = random.Random(5)
    seen = 1
    while state.hand_number == 1:
        seen = max(seen, state.deal_number)
        seat = state.turn
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert seen == deals


# ---- ruling 1: dealer and first player --------------------------------------------------


def test_dealer_is_drawn_at_random_and_the_player_left_of_the_dealer_starts() -> None:
    dealers = {GAME.new_game(4, {}, seed).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    state = GAME.new_game(3, {}, 8)
    assert state.turn == (state.dealer + 1) % 3


def test_after_each_hand_the_deal_passes_one_seat_left() -> None:
    state = rigged([[G[3]], []], [loose(OR[9])])
    state.scores = [0, 0]
    dealer = state.dealer
    play(state, f"give.{G[3]}")
    assert state.hand_number == 2
    assert state.dealer == (dealer + 1) % 2
    assert state.turn == (state.dealer + 1) % 2


# ---- ruling 2: stash items ----------------------------------------------------------------


def test_stash_items_are_loose_cards_and_stacks_with_a_value_and_a_kind() -> None:
    state = rigged([[G[3]], [G[4]]], [loose(OR[9]), built([OR[2], OR[3]]), pair([OR[6], P[6]])])
    kinds = [(item.kind, item.value) for item in GAME.view(state, None).stash]
    assert kinds == [("loose", 9), ("built", 5), ("paired", 6)]


# ---- ruling 3: take ---------------------------------------------------------------------


def test_take_captures_the_shown_card_with_a_single_item_of_its_rank() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[7]), loose(OR[3])])
    play(state, f"take.{G[7]}", "pick.1")
    assert sorted(state.captures[0]) == sorted([G[7], OR[7]])
    assert state.items == [[OR[3]]]
    assert state.last_taker == 0
    assert state.turn == 1


def test_take_captures_a_group_of_items_adding_up_to_its_rank_a_prank_counting_minus_one() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[5]), loose(OR[3]), loose(PRANK), loose(P[11])])
    play(state, f"take.{G[7]}", "pick.1", "pick.2")
    assert state.phase == "take"  # 5 + 3 is 8: not closed yet
    play(state, "pick.3")
    assert sorted(state.captures[0]) == sorted([G[7], OR[5], OR[3], PRANK])
    assert state.items == [[P[11]]]


def test_take_needs_at_least_one_item_or_group_making_the_rank() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[5]), loose(OR[3])])
    assert f"take.{G[7]}" not in legal(state)
    assert f"take.{G[1]}" not in legal(state)
    with pytest.raises(RuleError, match="cannot take"):
        play(state, f"take.{G[7]}")


def test_take_may_not_leave_any_single_item_or_group_worth_the_rank() -> None:
    state = rigged([[G[6]], [G[2]]], [loose(OR[6]), loose(OR[2]), loose(P[4]), loose(P[9])])
    play(state, f"take.{G[6]}", "pick.1")
    assert state.phase == "take"  # 2 + 4 is still worth 6
    assert legal(state) == ["pick.2", "pick.3", "back"]  # the 9 makes no 6
    play(state, "pick.3", "pick.2")
    assert sorted(state.captures[0]) == sorted([G[6], OR[6], OR[2], P[4]])
    assert state.items == [[P[9]]]


def test_the_player_picks_the_groups_when_several_splits_exist() -> None:
    # 8 from {5, 3, 6, 2}: either 5+3 (leaving 6, 2 = 8: must take it too) or all four.
    state = rigged([[G[8]], [G[2]]], [loose(OR[5]), loose(OR[3]), loose(P[6]), loose(P[2]), loose(B[4])])
    play(state, f"take.{G[8]}", "pick.1", "pick.2")
    assert state.phase == "take"
    play(state, "pick.3", "pick.4")
    assert state.items == [[B[4]]]


def test_a_group_closes_when_it_makes_the_rank_so_pranks_picked_first_join_a_bigger_group() -> None:
    state = rigged([[G[5]], [G[2]]], [loose(OR[5]), loose(PRANK), loose(P[1]), loose(B[9])])
    play(state, f"take.{G[5]}", "pick.2", "pick.3", "pick.1")
    assert sorted(state.captures[0]) == sorted([G[5], OR[5], PRANK, P[1]])
    other = rigged([[G[5]], [G[2]]], [loose(OR[5]), loose(PRANK), loose(P[1]), loose(B[9])])
    play(other, f"take.{G[5]}", "pick.1")  # the 5 alone closes; -1 and 1 make no 5: done
    assert sorted(other.captures[0]) == sorted([G[5], OR[5]])


def test_a_take_can_include_stacks_in_its_groups() -> None:
    state = rigged([[G[11]], [G[2]]], [built([OR[2], OR[6]]), loose(P[3]), pair([B[9], P[9]])])
    play(state, f"take.{G[11]}", "pick.1", "pick.2")
    assert sorted(state.captures[0]) == sorted([G[11], OR[2], OR[6], P[3]])


def test_going_back_from_a_take_returns_the_shown_card_to_the_hand() -> None:
    state = rigged([[G[7], G[1]], [G[2]]], [loose(OR[7])])
    play(state, f"take.{G[7]}")
    assert state.taking == G[7]
    assert G[7] not in state.hands[0]
    play(state, "back")
    assert sorted(state.hands[0]) == sorted([G[7], G[1]])
    assert state.phase == "play"
    assert state.taking is None


def test_every_sum_check_agrees_with_trying_every_choice() -> None:
    from itertools import combinations

    rng = random.Random(1)
    for _ in range(500):
        values = [rng.choice([-1, 1, 2, 3, 5, 8, 12, 13]) for _ in range(rng.randint(0, 6))]
        target = rng.randint(-2, 14)
        brute = any(sum(c) == target for k in range(1, len(values) + 1) for c in combinations(values, k))
        assert reaches(values, target) == brute
        assert (target in takeable(values, [target])) == brute


# ---- ruling 4: combine ---------------------------------------------------------------------


def test_combine_adds_a_hand_card_to_a_loose_card_making_a_built_stack_of_the_sum() -> None:
    state = rigged([[G[4], G[9]], [G[2]]], [loose(OR[5])])
    play(state, f"use.{G[4]}", "combine.1")
    assert state.items == [[OR[5], G[4]]]
    assert state.values == [9]
    assert state.paired == [False]


def test_combine_onto_a_built_stack_and_a_prank_subtracts_one() -> None:
    state = rigged([[PRANK, G[9]], [G[2]]], [built([OR[5], OR[4]])])
    play(state, f"use.{PRANK}", "combine.1")
    assert state.values == [8]


def test_a_combined_value_must_be_from_1_to_13() -> None:
    state = rigged([[G[9], PRANK], [G[2]]], [loose(OR[5]), loose(P[1])])
    play(state, f"use.{G[9]}")
    assert legal(state) == ["combine.2", "back"]  # 5 + 9 = 14 is too high
    play(state, "back", f"use.{PRANK}")
    assert legal(state) == ["combine.1", "back"]  # 1 - 1 = 0 is too low
    state2 = rigged([[G[8], G[1]], [G[2]]], [loose(OR[5])])
    play(state2, f"use.{G[8]}")
    assert "combine.1" in legal(state2)  # 13 while the King Size may still come to a hand


def test_once_the_king_size_is_out_of_the_hands_stacks_go_up_to_12_only() -> None:
    state = rigged([[G[8], G[7], KING_SIZE], [G[2]]], [loose(OR[5]), loose(PRANK)])
    assert state.king_out is False
    play(state, f"give.{KING_SIZE}")
    assert state.king_out is True
    state.turn = 0
    play(state, f"use.{G[8]}")
    assert "combine.1" not in legal(state)
    play(state, "back", f"use.{G[7]}", "combine.1")
    assert state.values[0] == 12


def test_a_king_size_dealt_face_up_to_the_stash_caps_stacks_at_12_from_the_start() -> None:
    for seed in range(400):
        state = GAME.new_game(2, {}, seed)
        if any(KING_SIZE in item for item in state.items):
            assert state.king_out
            assert GAME.view(state, None).highest == 12
            return
    pytest.fail("no deal put the King Size in the stash")


def test_paired_stacks_cannot_be_built_on() -> None:
    state = rigged([[G[2], G[9]], [P[2]]], [pair([OR[5], P[5]])])
    assert f"use.{G[2]}" not in legal(state)
    unpaired = rigged([[G[2], G[9]], [P[2]]], [built([OR[5], P[5]])])
    play(unpaired, f"use.{G[2]}")
    assert legal(unpaired) == ["combine.1", "back"]


# ---- ruling 5: pair --------------------------------------------------------------------------


def test_pair_a_hand_card_with_a_loose_card_of_equal_value_makes_a_paired_stack() -> None:
    state = rigged([[G[5], G[9]], [G[2]]], [loose(OR[5])])
    play(state, f"use.{G[5]}", "pair.1")
    assert state.items == [[OR[5], G[5]]]
    assert state.values == [5]
    assert state.paired == [True]


def test_pair_onto_a_built_stack_of_equal_value_and_more_cards_of_it_join_the_pair() -> None:
    state = rigged([[G[9], P[9]], [G[2]]], [built([OR[5], OR[4]])])
    play(state, f"use.{G[9]}", "pair.1")
    assert state.paired == [True]
    assert state.values == [9]
    state.turn = 0
    play(state, f"use.{P[9]}", "pair.1")
    assert len(state.items[0]) == 4
    assert state.values == [9]


# ---- ruling 6: give ----------------------------------------------------------------------------


def test_give_is_always_allowed_even_when_a_take_is_possible() -> None:
    state = rigged([[G[5], G[9]], [G[2]]], [loose(OR[5])])
    assert {f"give.{G[5]}", f"give.{G[9]}", f"take.{G[5]}"} <= set(legal(state))
    play(state, f"give.{G[5]}")
    assert state.items == [[OR[5]], [G[5]]]
    assert state.paired == [False, False]


# ---- ruling 7: option A ------------------------------------------------------------------------


def test_option_a_a_build_or_pair_needs_a_kept_card_of_the_new_value() -> None:
    state = rigged([[G[4], G[9], P[5]], [G[2]]], [loose(OR[5])], must_hold=True)
    assert f"use.{G[9]}" not in legal(state)  # 14 is too high anyway
    play(state, f"use.{G[4]}")  # keeps the 9
    assert legal(state) == ["combine.1", "back"]
    play(state, "back")
    assert f"use.{P[5]}" not in legal(state)  # no other 5 kept for the pair, no 10 for a stack
    free = rigged([[G[4], P[5]], [G[2]]], [loose(OR[5])])
    play(free, f"use.{P[5]}")
    assert "pair.1" in legal(free)


# ---- ruling 8: option B -------------------------------------------------------------------------


def test_option_b_after_building_your_next_turn_must_use_that_stack() -> None:
    state = rigged([[G[9], G[3], P[12]], [G[2]]], [built([OR[5], OR[4]], builder=0), loose(P[7])], stay_with_stack=True)
    moves = legal(state)
    assert f"take.{G[9]}" in moves
    assert f"use.{G[3]}" in moves
    assert not any(m.startswith("give") for m in moves)
    assert f"use.{P[12]}" not in moves  # 12 could only pair... nothing: not with the stack
    with pytest.raises(RuleError, match="stack you built"):
        play(state, f"give.{P[12]}")


def test_option_b_the_builder_is_tracked_and_building_makes_the_stack_yours() -> None:
    state = rigged([[G[4], G[9]], [G[2], P[1]]], [loose(OR[5])], stay_with_stack=True)
    play(state, f"use.{G[4]}", "combine.1")
    assert state.builders == [0]


def test_option_b_another_player_changing_the_stack_frees_you() -> None:
    state = rigged([[G[9], P[12]], [P[1], G[2]]], [built([OR[5], OR[3]], builder=0)], stay_with_stack=True)
    state.turn = 1
    play(state, f"use.{P[1]}", "combine.1", seat=1)
    assert state.builders == [1]
    assert f"give.{P[12]}" in legal(state)


def test_option_b_with_no_move_using_your_stack_you_are_free() -> None:
    state = rigged([[P[12], G[12]], [G[2]]], [built([OR[5], OR[6]], builder=0)], stay_with_stack=True)
    assert f"give.{P[12]}" in legal(state)


def test_option_b_a_take_starts_with_your_stack() -> None:
    state = rigged([[G[9]], [G[2]]], [built([OR[5], OR[4]], builder=0), loose(P[9])], stay_with_stack=True)
    play(state, f"take.{G[9]}")
    assert state.phase == "take"
    assert state.picked == [0]
    play(state, "pick.2")
    assert sorted(state.captures[0]) == sorted([G[9], OR[5], OR[4], P[9]])


def test_without_option_b_nobody_is_held_to_a_stack() -> None:
    state = rigged([[G[4], G[9]], [G[2]]], [loose(OR[5])])
    play(state, f"use.{G[4]}", "combine.1")
    assert state.builders == [NOBODY]


# ---- ruling 9: leftover stash ------------------------------------------------------------------


def test_the_last_player_to_take_gets_the_stash_left_at_the_end_of_the_hand() -> None:
    state = rigged([[G[7]], [G[2]]], [loose(OR[7]), loose(P[11])])
    play(state, f"take.{G[7]}", "pick.1")
    play(state, f"give.{G[2]}", seat=1)
    assert state.last_points == [3 + 2, 0]  # 4 cards (the most) with the green 2
    assert "{p0} gets the 2 cards left in the stash" in " ".join(e.text for e in state.log)


def test_when_nobody_took_the_dealer_gets_the_stash() -> None:
    state = rigged([[G[3]], [G[2]]], [loose(OR[9])])
    state.dealer = 1
    play(state, f"give.{G[3]}")
    play(state, f"give.{G[2]}", seat=1)
    assert state.last_points == [0, 3 + 2]  # most cards, and the green 2


# ---- ruling 10: scoring ------------------------------------------------------------------------


def test_scoring_most_cards_three_most_halloween_three_named_cards_and_each_twelve() -> None:
    halloween = [c for c in HALLOWEEN_CARDS if c not in (B[12], B[11])][:3]
    captures = [[G[11], G[5], G[2], KING_SIZE, OR[12], *halloween], [B[12], P[12], G[12]]]
    assert hand_points(captures) == [3 + 3 + 4 + 3 + 2 + 2 + 1, 3]


def test_a_tie_for_most_cards_or_most_halloween_cards_scores_nobody() -> None:
    assert hand_points([[B[2], G[1]], [B[3], G[3]]]) == [0, 0]


def test_a_hand_is_worth_21_points() -> None:
    everything = list(DECK)
    assert sum(hand_points([everything, []])) == 21


# ---- ruling 11: game end -----------------------------------------------------------------------


def test_after_a_hand_with_31_or_more_the_most_points_wins() -> None:
    state = rigged([[G[3]], [G[2]]], [loose(OR[9])])
    state.scores = [30, 20]
    state.dealer = 0
    play(state, f"give.{G[3]}")
    play(state, f"give.{G[2]}", seat=1)
    result = GAME.result(state)
    assert result is not None
    assert result.places == (1, 2)
    assert state.scores == [33 + 2, 20]


def test_tied_leaders_at_31_or_more_play_another_hand() -> None:
    state = rigged([[G[3]], [P[1]]], [loose(OR[9])])
    state.scores = [28, 31]
    state.dealer = 0
    play(state, f"give.{G[3]}")
    play(state, f"give.{P[1]}", seat=1)
    assert state.scores == [31, 31]
    assert GAME.result(state) is None
    assert state.hand_number == 2
    assert "one more hand" in " ".join(e.text for e in state.log)


def test_below_31_the_game_deals_again() -> None:
    state = rigged([[G[3]], [P[1]]], [loose(OR[9])])
    play(state, f"give.{G[3]}")
    play(state, f"give.{P[1]}", seat=1)
    assert GAME.result(state) is None
    assert state.hand_number == 2
    assert len(state.items) == 5


# ---- secrecy and bad input ------------------------------------------------------------------


def test_the_card_chosen_to_build_with_stays_secret_until_it_is_played() -> None:
    state = rigged([[G[4], G[9]], [G[2]]], [loose(OR[5])])
    play(state, f"use.{G[4]}")
    assert GAME.view(state, 0).holding == G[4]
    assert GAME.view(state, 1).holding is None
    assert GAME.view(state, None).holding is None
    other = GAME.determinize(state, 1, random.Random(2))
    assert G[4] in other.hands[0]
    play(other, "combine.1")


def test_a_card_shown_to_take_is_public() -> None:
    state = rigged([[G[7]], [G[2]]], [loose(OR[7]), loose(OR[3]), loose(OR[4])])
    play(state, f"take.{G[7]}")
    assert GAME.view(state, 1).taking == G[7]


def test_bad_moves_get_a_clear_message_and_change_nothing() -> None:
    state = rigged([[G[7]], [G[2]]], [loose(OR[7]), loose(OR[3])])
    before = GAME.dump_state(state)
    with pytest.raises(RuleError, match="not in your hand"):
        GAME.apply(state, 0, act("give", G[2]))
    with pytest.raises(RuleError, match="not your turn"):
        GAME.apply(state, 1, act("give", G[2]))
    play(state, f"take.{G[7]}")
    with pytest.raises(RuleError, match="make up the rank"):
        GAME.apply(state, 0, act("pick", 2))
    assert GAME.dump_state(state) != before
    play(state, "back")
    assert state.hands == [[G[7]], [G[2]]]
    assert state.phase == "play"
    assert state.items == [[OR[7]], [OR[3]]]


@pytest.mark.parametrize(("players", "options"), GAME.configurations())
def test_a_card_offers_build_exactly_when_it_has_somewhere_to_go(players: int, options: dict[str, bool]) -> None:
    """The quick per-value check of the move list agrees with the full list of stash targets."""
    from rules.games.bobbing_for_apples.game import build_targets, is_bound

    state = GAME.new_game(players, options, 21)
    rng = random.Random(21)
    while GAME.result(state) is None:
        seat = state.turn
        moves = GAME.legal_actions(state, seat)
        if state.phase == "play" and not is_bound(state, seat):
            for card in state.hands[seat]:
                assert (act("use", card) in moves) == bool(build_targets(state, seat, card))
        GAME.apply(state, seat, rng.choice(moves))
