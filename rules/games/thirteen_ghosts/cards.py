"""The 13 Ghost cards as data (house card set: no published card list was found).

Blue cards ask a yes/no question about a Crypt, red cards attack with a bonus,
green cards do something else. Every text here is our own wording; correct the
set in this one module if the printed cards turn up.

A card *id* names one physical card: `set * 13 + number - 1`. Two or three
players use set 0 only; with four players each team has its own set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = Literal["blue", "red", "green"]
Effect = Literal["question", "copy", "shield", "peek_top", "peek_bottom", "extra_turn"]

NUMBERS = tuple(range(1, 14))
#: Every number 1-13 as a bit mask (bit n set = number n still possible).
ALL_NUMBERS = sum(1 << n for n in NUMBERS)


@dataclass(frozen=True)
class Ghost:
    number: int
    colour: Colour
    effect: Effect
    #: A few words for buttons and the table.
    short: str
    #: What the card does, in full (our words).
    text: str
    #: Crypt numbers that answer "yes" (questions only).
    yes: tuple[int, ...] = ()

    @property
    def is_question(self) -> bool:
        return self.effect == "question"

    @property
    def attacks(self) -> bool:
        """Red cards end their ability with an attack."""
        return self.colour == "red"

    @property
    def yes_mask(self) -> int:
        return sum(1 << n for n in self.yes)


def _question(number: int, short: str, text: str, yes: tuple[int, ...]) -> Ghost:
    return Ghost(number, "blue", "question", short, text, yes)


GHOSTS: dict[int, Ghost] = {
    g.number: g
    for g in (
        _question(1, "Multiple of 3?", "Ask: does your Crypt hold 3, 6, 9 or 12?", (3, 6, 9, 12)),
        Ghost(
            2,
            "green",
            "copy",
            "Copy",
            "Use the ability of any card already played face up this round (never a 2, never a "
            "revealed Crypt) as though you had just played it. If there is none, nothing happens.",
        ),
        _question(3, "Even?", "Ask: is your Crypt an even number?", (2, 4, 6, 8, 10, 12)),
        Ghost(
            4,
            "red",
            "shield",
            "Shield + attack",
            "Attack, and until your next turn begins you do not answer questions (blue abilities). "
            "Only you are shielded, never your teammate.",
        ),
        _question(5, "4 or lower?", "Ask: is your Crypt 1, 2, 3 or 4?", (1, 2, 3, 4)),
        _question(6, "1, 2, 12 or 13?", "Ask: is your Crypt one of 1, 2, 12, 13?", (1, 2, 12, 13)),
        _question(7, "8 or higher?", "Ask: is your Crypt 8 or more?", (8, 9, 10, 11, 12, 13)),
        Ghost(
            8,
            "red",
            "peek_top",
            "Peek top 2 + attack",
            "Secretly look at the two top cards of the pile (the other team's pile with four players), "
            "put them back in the order you like, then attack.",
        ),
        _question(9, "Prime?", "Ask: is your Crypt a prime (2, 3, 5, 7, 11 or 13)?", (2, 3, 5, 7, 11, 13)),
        Ghost(
            10,
            "red",
            "peek_bottom",
            "Peek bottom 2 + attack",
            "Secretly look at the two bottom cards of the pile (the other team's pile with four players), "
            "leave them where they are, then attack.",
        ),
        _question(11, "5, 6, 8 or 9?", "Ask: is your Crypt one of 5, 6, 8, 9?", (5, 6, 8, 9)),
        _question(12, "5 to 9?", "Ask: is your Crypt from 5 up to 9?", (5, 6, 7, 8, 9)),
        Ghost(
            13,
            "green",
            "extra_turn",
            "Extra turn",
            "When this turn is over (after your draw), play one more full turn.",
        ),
    )
}

RED = tuple(n for n, g in GHOSTS.items() if g.colour == "red")


def number_of(card: int) -> int:
    """The number printed on card id `card`."""
    return card % 13 + 1


def set_of(card: int) -> int:
    return card // 13


def card_id(card_set: int, number: int) -> int:
    return card_set * 13 + number - 1


def numbers_in(mask: int) -> list[int]:
    """The numbers whose bits are set in `mask`, ascending."""
    return [n for n in NUMBERS if mask >> n & 1]
