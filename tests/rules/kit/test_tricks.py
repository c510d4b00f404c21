"""The shared trick-taking core."""

from __future__ import annotations

from random import Random

from rules.kit.tricks import (
    Play,
    before_broken,
    breaks,
    can_follow,
    deal_respecting_voids,
    exchange,
    following,
    lead_after,
    others_in_order,
    pass_step,
    redeal_others,
    still_held,
    winning_play,
)


def p(seat: int, suits: str, rank: int, king: bool = False) -> Play:
    return Play(seat=seat, suits=frozenset(suits.split()) if suits else frozenset(), rank=rank, always_trick_suit=king)


def test_highest_card_of_the_trick_suit_wins_without_trump() -> None:
    assert winning_play([p(0, "red", 3), p(1, "red", 9), p(2, "blue", 12)], "red", "green") == 1


def test_any_trump_beats_the_trick_suit() -> None:
    assert winning_play([p(0, "red", 12), p(1, "green", 1), p(2, "red", 11)], "red", "green") == 1


def test_highest_trump_wins_among_trumps() -> None:
    assert winning_play([p(0, "green", 4), p(1, "green", 7), p(2, "red", 11)], "red", "green") == 1


def test_a_card_with_several_suits_counts_as_each() -> None:
    assert winning_play([p(0, "red", 5), p(1, "blue green", 2)], "red", "green") == 1
    assert winning_play([p(0, "red", 5), p(1, "blue red", 8)], "red", "green") == 1


def test_equal_ranks_go_to_the_card_played_first() -> None:
    assert winning_play([p(0, "blue", 1), p(1, "red", 6), p(2, "red", 6)], "red", None) == 1


def test_a_trick_with_no_suited_card_goes_to_the_leader() -> None:
    assert winning_play([p(0, "", 0), p(1, "blue", 9)], "red", "green") == 0
    assert winning_play([p(0, "", 0), p(1, "", 0)], None, None) == 0


def test_a_card_that_always_counts_as_the_trick_suit() -> None:
    assert winning_play([p(0, "red", 3), p(1, "", 13, king=True)], "red", "green") == 1
    assert winning_play([p(0, "green", 1), p(1, "", 13, king=True)], "red", "green") == 0


def test_can_follow() -> None:
    assert can_follow([frozenset({"red", "blue"})], "blue")
    assert not can_follow([frozenset({"red"})], "blue")
    assert not can_follow([frozenset({"red"})], None)


def test_a_card_that_always_counts_as_the_trick_suit_is_trump_in_a_trump_trick() -> None:
    king = p(1, "", 13, king=True)
    assert winning_play([p(0, "green", 12), king.in_trick("green")], "green", "green") == 1
    # In a trick of another suit it takes that suit on, and a trump still beats it.
    assert winning_play([p(0, "red", 3), king.in_trick("red"), p(2, "green", 1)], "red", "green") == 2


def test_in_trick_leaves_ordinary_cards_and_suitless_tricks_alone() -> None:
    plain = p(0, "red", 4)
    assert plain.in_trick("blue") is plain
    king = p(1, "", 13, king=True)
    assert king.in_trick(None) is king
    assert king.in_trick("blue").suits == frozenset({"blue"})


# ---- the pieces the Best Candy deck's trick games share (rulings G2-G5) ----

F = frozenset


def test_following_a_hand_holding_the_trick_suit_plays_it_or_a_free_card() -> None:
    hand = [F({"fruit"}), F({"nuts"}), F({"fruit", "halloween"}), F()]
    assert following(hand, "fruit") == [0, 2]
    assert following(hand, "fruit", free=[False, False, False, True]) == [0, 2, 3]


def test_following_is_free_before_a_suit_is_named_or_when_nothing_follows() -> None:
    hand = [F({"fruit"}), F({"nuts"})]
    assert following(hand, None) == [0, 1]
    assert following(hand, "candy") == [0, 1]


def test_a_suit_breaks_when_played_off_suit_or_with_the_trick_suit_or_naming_the_trick() -> None:
    assert breaks("halloween", F({"halloween"}), "fruit", could_follow=False)
    assert breaks("halloween", F({"fruit", "halloween"}), "fruit", could_follow=True)
    assert breaks("halloween", F({"gummy", "halloween"}), None, could_follow=False)
    assert not breaks("halloween", F({"gummy"}), "fruit", could_follow=False)


def test_a_card_carrying_the_suit_and_the_trick_suit_breaks_even_when_following() -> None:
    assert breaks("candy", F({"sour", "candy"}), "sour", could_follow=True)
    assert not breaks("candy", F({"sour"}), "sour", could_follow=True)


def test_before_a_suit_breaks_the_leader_leads_neither_it_nor_a_barred_card_unless_nothing_else() -> None:
    hand = [F({"halloween"}), F(), F({"nuts"})]
    assert before_broken(hand, "halloween", barred=[False, True, False]) == [2]
    assert before_broken(hand[:2], "halloween", barred=[False, True]) == [0, 1]


def test_passing_goes_left_on_odd_hands_and_right_on_even_hands() -> None:
    assert [pass_step(n) for n in (1, 2, 3, 4)] == [1, -1, 1, -1]


def test_after_a_trick_with_a_prank_the_player_right_of_the_winner_leads() -> None:
    assert lead_after(2, 4, prank_in_trick=False) == 2
    assert lead_after(2, 4, prank_in_trick=True) == 1
    assert lead_after(0, 4, prank_in_trick=True) == 3


def test_a_guessed_deal_gives_no_seat_a_card_of_a_suit_it_showed_it_lacks() -> None:
    suits = {1: ("fruit",), 2: ("fruit", "nuts"), 3: ("nuts",), 4: ("candy",)}
    for seed in range(20):
        dealt = deal_respecting_voids(
            [1, 2, 3, 4], {0: 2, 1: 2}, {0: ["fruit"], 1: []}, suits.__getitem__, Random(seed)
        )
        assert dealt is not None
        assert sorted(dealt[0]) == [3, 4]
        assert sorted(dealt[1]) == [1, 2]


def test_a_guessed_deal_that_cannot_fit_the_voids_gives_up() -> None:
    suits = {1: ("fruit",), 2: ("fruit",)}
    assert deal_respecting_voids([1, 2], {0: 1, 1: 1}, {0: ["fruit"], 1: []}, suits.__getitem__, Random(1)) is None


def test_a_simultaneous_pass_moves_every_seats_picks_to_the_seat_step_places_on() -> None:
    hands = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    passed, received = exchange(hands, [[1], [4], [7], [10]], 2, int)
    assert hands == [[2, 3, 7], [5, 6, 10], [1, 8, 9], [4, 11, 12]]
    assert passed == [[1], [4], [7], [10]]
    assert received == [[7], [10], [1], [4]]


def test_cards_a_seat_passed_are_known_to_stay_with_their_receiver_while_held() -> None:
    hands = [[1, 2], [3, 4, 9], [5, 6], [7, 8]]
    assert still_held(hands, 0, [9, 10], 1) == {1: [9]}
    assert still_held(hands, 0, [], 1) == {}


def test_a_guess_of_the_other_hands_keeps_sizes_kept_cards_voids_and_the_seats_own_hand() -> None:
    suits = {c: ("fruit",) if c % 2 else ("nuts",) for c in range(1, 13)}
    hands = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    for seed in range(10):
        guess = redeal_others(hands, 0, [[], ["fruit"], [], []], {2: [7]}, suits.__getitem__, int, Random(seed))
        assert guess is not None
        assert guess[0] == [1, 2, 3]
        assert [len(h) for h in guess] == [3, 3, 3, 3]
        assert 7 in guess[2]
        assert all(c % 2 == 0 for c in guess[1])
        assert sorted(c for h in guess[1:] for c in h) == list(range(4, 13))


def test_the_others_in_sorted_order_depend_only_on_the_cards_they_hold_together() -> None:
    one = others_in_order([[1], [9, 4], [6, 2], [3, 8]], 0, {3: [3]}, int)
    two = others_in_order([[1], [2, 4], [6, 9], [3, 8]], 0, {3: [3]}, int)
    assert one == two == [[1], [2, 4], [6, 8], [3, 9]]


def test_an_auction_goes_left_skipping_seats_that_passed() -> None:
    from rules.kit.tricks import next_bidder

    assert next_bidder(0, 5, [False, True, False, False, False]) == 2
    assert next_bidder(3, 5, [False, False, False, False, True]) == 0


def test_an_auction_ends_when_all_but_the_high_bidder_passed_or_all_passed_without_a_bid() -> None:
    from rules.kit.tricks import auction_over, next_bidder

    assert auction_over([True, True, False, True, True], 2)
    assert auction_over([True] * 5, None)
    # four passes before any bid leave the last seat to speak
    assert not auction_over([True, True, True, False, True], None)
    assert next_bidder(2, 5, [True, True, True, False, True]) == 3
