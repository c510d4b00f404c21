"""Bobbing for Apples' scoring of a hand (rulings §14.10): 21 points a hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, card_at
from rules.candy_kit.cards import KING_SIZE

MOST_CARDS = 3
MOST_HALLOWEEN = 3
#: The cards worth points by themselves: green 11, green 5, green 2, the King Size, each 12.
CARD_POINTS: Final[dict[int, int]] = {
    card_at("green", 11): 4,
    card_at("green", 5): 3,
    card_at("green", 2): 2,
    KING_SIZE: 2,
    **{card_at(colour, 12): 1 for colour in ("black", "green", "orange", "purple")},
}
_HALLOWEEN: Final = frozenset(HALLOWEEN_CARDS)


def halloween_count(cards: Sequence[int]) -> int:
    return sum(1 for card in cards if card in _HALLOWEEN)


def card_points(card: int) -> int:
    return CARD_POINTS.get(card, 0)


def _sole_most(counts: Sequence[int]) -> int | None:
    """The one seat with strictly the most, or None when the most is shared (it scores nobody)."""
    most = max(counts)
    leaders = [seat for seat, count in enumerate(counts) if count == most]
    return leaders[0] if len(leaders) == 1 else None


def hand_points(captures: Sequence[Sequence[int]]) -> list[int]:
    """Per seat: 3 for the most cards, 3 for the most Halloween cards (a tie scores nobody), and
    the points of the named cards taken."""
    points = [sum(card_points(card) for card in taken) for taken in captures]
    most = _sole_most([len(taken) for taken in captures])
    if most is not None:
        points[most] += MOST_CARDS
    most = _sole_most([halloween_count(taken) for taken in captures])
    if most is not None:
        points[most] += MOST_HALLOWEEN
    return points
