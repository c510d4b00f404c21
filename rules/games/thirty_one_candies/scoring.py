"""What a 31 Candies hand is worth (rulings §9.3-9.4).

For each of the ten suits, add the ranks of the hand's cards that carry it; the King Size
counts in every suit with 13, Pranks and Non-Treats in none. The hand is worth the suit total
nearest to 31 (totals above 31 are allowed, so the largest is not always the best).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.candy_kit.candy_deck import card_of
from rules.candy_kit.cards import SUITS

TARGET = 31


def suit_totals(cards: Iterable[int]) -> dict[str, int]:
    totals = dict.fromkeys(SUITS, 0)
    for physical in cards:
        card = card_of(physical)
        if card.is_king_size:
            for suit in SUITS:
                totals[suit] += card.rank
        else:
            for suit in card.suits:
                totals[suit] += card.rank
    return totals


def hand_value(cards: Iterable[int]) -> tuple[int, str]:
    """The suit total nearest to 31 and its suit (between equally near totals, the first suit
    in suit-deck order)."""
    totals = suit_totals(cards)
    suit = min(SUITS, key=lambda s: abs(TARGET - totals[s]))
    return totals[suit], suit


def distance(cards: Iterable[int]) -> int:
    """How far the hand is from 31: 30 and 32 are equally good."""
    return abs(TARGET - hand_value(cards)[0])
