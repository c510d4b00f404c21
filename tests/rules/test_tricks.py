"""The shared trick-taking core."""

from __future__ import annotations

from rules.tricks import Play, can_follow, winning_play


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
