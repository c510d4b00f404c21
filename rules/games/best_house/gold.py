"""The gold trick-or-treater cards of Best House on the Block, as data (rulings §1, the deck).

Twenty cards, one worth 2 and one worth 3 for each of the ten suits (PROPOSED in
best-candy.md: the rulebook gives no count). A gold card is known by its id, 0-19.
"""

from __future__ import annotations

from rules.candy_kit.cards import SUITS, suit_name

#: Each gold card's suit and value, by id: suit-deck order, the 2 before the 3.
GOLD_SUIT: tuple[str, ...] = tuple(suit for suit in SUITS for _value in (2, 3))
GOLD_VALUE: tuple[int, ...] = tuple(value for _suit in SUITS for value in (2, 3))
GOLD_CARDS: tuple[int, ...] = tuple(range(len(GOLD_SUIT)))


def gold_text(gold: int) -> str:
    """How a gold card is named to players: "3 Chocolate"."""
    return f"{GOLD_VALUE[gold]} {suit_name(GOLD_SUIT[gold])}"
