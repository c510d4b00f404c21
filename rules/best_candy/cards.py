"""The Best Candy on the Block cards, as data, in one place.

The deck layout (four colours of -1..12 plus one yellow 13) is the published
one; the names and suits of each card are the house (PROPOSED) card set from
shared/games/best-candy.md, so a correction touches only `_MAIN_DECK` below (as the one
of 2026-11-22 did: green 5 and green 11 lost Fruit, so the Fruit suit card counts 9).
A card is known everywhere by its id: its index in `DECK`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    PRANK = "prank"
    NON_TREAT = "non_treat"
    TREAT = "treat"
    KING_SIZE = "king_size"


#: The suit deck: one card per suit, with its printed number, which counts the
#: main-deck cards showing that suit (none for the King Size).
SUIT_DECK: dict[str, int] = {
    "chocolate": 12,
    "candy": 12,
    "fruit": 9,
    "caramel": 11,
    "halloween": 10,
    "nuts": 10,
    "gummy": 9,
    "sour": 9,
    "coconut": 8,
    "marshmallow": 8,
}


#: The ten treat suits, as action words (lower case), in suit-deck order.
SUITS: tuple[str, ...] = tuple(SUIT_DECK)


#: The four colours whose ranked sets make the main deck (the King Size is yellow).
COLOURS: tuple[str, ...] = ("black", "green", "orange", "purple")
KING_COLOUR = "yellow"


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    colour: str
    rank: int
    name: str
    kind: Kind
    #: Top suit first: the solo opponent names a card's top suit.
    suits: tuple[str, ...]
    #: Set-collection group for Match Candy-Go (a later variant), or "".
    group: str = ""

    @property
    def is_prank(self) -> bool:
        return self.kind is Kind.PRANK

    @property
    def is_non_treat(self) -> bool:
        return self.kind is Kind.NON_TREAT

    @property
    def is_treat(self) -> bool:
        return self.kind is Kind.TREAT

    @property
    def is_king_size(self) -> bool:
        return self.kind is Kind.KING_SIZE

    @property
    def suited(self) -> bool:
        """Whether playing it chooses a trick suit when none is chosen yet."""
        return self.kind in (Kind.TREAT, Kind.KING_SIZE)


# colour, rank, name, suits (top first, space separated), Match Candy-Go group
_MAIN_DECK: tuple[tuple[str, int, str, str, str], ...] = (
    ("black", -1, "Toilet-Papered House", "", ""),
    ("black", 0, "Toothbrush", "", ""),
    ("black", 1, "Candy Corn", "candy halloween", ""),
    ("black", 2, "Wax Lips", "halloween", "Halloween toys"),
    ("black", 3, "Gummy Bats", "gummy halloween", "Gummy creatures"),
    ("black", 4, "Candy Pumpkins", "halloween candy marshmallow", ""),
    ("black", 5, "Witch Fingers", "halloween sour", "Halloween toys"),
    ("black", 6, "Spider Rings", "halloween gummy", "Halloween toys"),
    ("black", 7, "Gummy Eyeballs", "halloween gummy", "Balls"),
    ("black", 8, "Black Licorice", "candy", ""),
    ("black", 9, "Marshmallow Ghosts", "marshmallow halloween", ""),
    ("black", 10, "Popcorn Ball", "caramel candy", "Balls"),
    ("black", 11, "Candy Apple", "fruit candy halloween", "Treats on sticks"),
    ("black", 12, "Vampire Teeth", "halloween gummy", "Halloween toys"),
    ("orange", -1, "Egged", "", ""),
    ("orange", 0, "Pennies", "", ""),
    ("orange", 1, "Dried Fruit", "fruit coconut", "Healthy snacks"),
    ("orange", 2, "Milk Chocolate Bar", "chocolate", "Candy bars"),
    ("orange", 3, "Peanut Butter Cups", "chocolate nuts", "Cups (pair)"),
    ("orange", 4, "Marshmallow Cups", "chocolate marshmallow", "Cups (pair)"),
    ("orange", 5, "Peanut Butter Crunch Bar", "chocolate nuts", "Candy bars"),
    ("orange", 6, "Crispy Rice Bar", "chocolate", "Candy bars"),
    ("orange", 7, "Dark Chocolate Coconut Bar", "chocolate coconut", "Coconut bars (pair)"),
    ("orange", 8, "Caramel Cookie Bar", "chocolate caramel", "Candy bars"),
    ("orange", 9, "Coconut Almond Bar", "chocolate coconut nuts", "Coconut bars (pair)"),
    ("orange", 10, "Vanilla Caramels", "caramel", ""),
    ("orange", 11, "Peanut Caramel Nougat Bar", "chocolate caramel nuts", "Candy bars"),
    ("orange", 12, "Rocky Road Bar", "chocolate marshmallow nuts", "Candy bars"),
    ("green", -1, "Smashed Pumpkin", "", ""),
    ("green", 0, "Pencil", "", ""),
    ("green", 1, "Plain Apple", "fruit", "Healthy snacks"),
    ("green", 2, "Gummy Fish", "gummy fruit", "Gummy creatures"),
    ("green", 3, "Sour Straws", "sour fruit candy", ""),
    ("green", 4, "Sour Gumdrops", "gummy candy sour", ""),
    ("green", 5, "Gummy Worms", "gummy sour", "Gummy creatures"),
    ("green", 6, "Sour Apple Lollipop", "candy sour", "Treats on sticks"),
    ("green", 7, "Fruit Chews", "fruit caramel", ""),
    ("green", 8, "Sour Belts", "sour gummy", ""),
    ("green", 9, "Jawbreaker", "candy sour", "Balls"),
    ("green", 10, "Caramel Apple", "caramel fruit nuts", "Treats on sticks"),
    ("green", 11, "Sour Gummy Kids", "gummy sour", "Gummy creatures"),
    ("green", 12, "Sour Fruit Drops", "sour fruit", ""),
    ("purple", -1, "Silly String", "", ""),
    ("purple", 0, "The Rock", "", ""),
    ("purple", 1, "Trail Mix", "nuts fruit coconut", "Healthy snacks"),
    ("purple", 2, "Peppermints", "candy", "Twist candies"),
    ("purple", 3, "Tootsie Rolls", "chocolate caramel", "Twist candies"),
    ("purple", 4, "Mary Janes", "caramel nuts", "Twist candies"),
    ("purple", 5, "Snowball Coconut Balls", "coconut marshmallow", "Balls"),
    ("purple", 6, "Chocolate Coconut Balls", "coconut chocolate", "Balls"),
    ("purple", 7, "Sprinkle Marshmallow Pop", "marshmallow candy", "Treats on sticks"),
    ("purple", 8, "Toasted Coconut Marshmallow Pop", "marshmallow coconut", "Treats on sticks"),
    ("purple", 9, "Peanut Brittle", "nuts caramel candy", ""),
    ("purple", 10, "Coconut Marshmallow Squares", "coconut marshmallow", ""),
    ("purple", 11, "Caramel Corn", "caramel", ""),
    ("purple", 12, "Pecan Pralines", "nuts caramel", ""),
    ("yellow", 13, "King Size Bar", "", "Candy bars"),
)


def _kind(rank: int) -> Kind:
    if rank == -1:
        return Kind.PRANK
    if rank == 0:
        return Kind.NON_TREAT
    if rank == 13:
        return Kind.KING_SIZE
    return Kind.TREAT


DECK: tuple[Card, ...] = tuple(
    Card(id=i, colour=colour, rank=rank, name=name, kind=_kind(rank), suits=tuple(suits.split()), group=group)
    for i, (colour, rank, name, suits, group) in enumerate(_MAIN_DECK)
)
KING_SIZE: int = next(card.id for card in DECK if card.is_king_size)
#: Card ids of each colour's ranked set, -1 to 12.
BY_COLOUR: dict[str, tuple[int, ...]] = {
    colour: tuple(card.id for card in DECK if card.colour == colour) for colour in COLOURS
}
#: Each card's suits as a frozenset, for the trick core and follow checks.
SUIT_SETS: tuple[frozenset[str], ...] = tuple(frozenset(card.suits) for card in DECK)


def suit_name(suit: str) -> str:
    return suit.capitalize()


def card_text(card_id: int) -> str:
    """How a card is named on buttons and in the log: "7 Chocolate/Coconut", "Prank (Egged)"."""
    card = DECK[card_id]
    if card.is_prank:
        return f"Prank ({card.name})"
    if card.is_non_treat:
        return f"Non-Treat ({card.name})"
    if card.is_king_size:
        return "13 King Size"
    return f"{card.rank} " + "/".join(suit_name(s) for s in card.suits)


def sort_key(card_id: int) -> tuple[int, int, int]:
    """Hand order: grouped by top suit (suitless cards last), then by rank."""
    card = DECK[card_id]
    group = SUITS.index(card.suits[0]) if card.suits else len(SUITS)
    return group, card.rank, card_id
