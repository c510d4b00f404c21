"""The Best Candy on the Block cards, as data, in one place.

The deck layout (four colours of -1..12 plus one yellow 13) is the published
one; the names and suits of each card are the house (PROPOSED) card set from
shared/games/best-candy.md, so a correction touches only `_MAIN_DECK` below (as the one
of 2026-11-22 did: green 5 and green 11 lost Fruit, so the Fruit suit card counts 9).
A card is known everywhere by its id: its index in `DECK`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    PRANK = "prank"
    NON_TREAT = "non_treat"
    TREAT = "treat"
    KING_SIZE = "king_size"
    #: A King card of the King-Sized expansion: its own suit, which always counts as the trick suit.
    KING = "king"


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
#: The colour word of the expansion's King cards (a suit of their own).
KINGS_COLOUR = "king"


class Effect(StrEnum):
    """What each of the fifteen King cards does, named in our own words."""

    TAX = "tax"  # 0: takes a card of the trick before the winner
    VETO = "veto"  # 0: throws a card of the trick out to the stash
    TRADE = "trade"  # 0: carries up to two cards of its player's take pile
    RENAME = "rename"  # 1: names a new trick suit
    LEAD = "lead"  # 2: its holder leads next
    LOWEST = "lowest"  # 3: the lowest card wins, trump ignored
    TRUMP = "trump"  # 4: always trump
    FACE_DOWN = "face_down"  # 5: the rest of the trick is played face down
    TREAT = "treat"  # 6: +2 at the end of the hand
    RANDOM = "random"  # 7: the rest of the trick is played at random
    FAVOURITE = "favourite"  # 8: the winner may swap their favourite
    STASH = "stash"  # 9: the stash joins the trick
    ONE_CARD = "one_card"  # 10: the winner keeps one card only
    ROTATE = "rotate"  # 11: every card moves one seat left
    PRANK = "prank"  # 12: a Prank that lets the winner swap trump


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
    #: What a King card does (None for every other card).
    effect: Effect | None = None

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
    def is_king(self) -> bool:
        """A King card of the expansion (not the base game's King Size)."""
        return self.kind is Kind.KING

    @property
    def passes_lead(self) -> bool:
        """A Prank for the next lead and the -1: the four Pranks and the 12 of Kings."""
        return self.kind is Kind.PRANK or self.effect is Effect.PRANK

    @property
    def suited(self) -> bool:
        """Whether playing it chooses a trick suit when none is chosen yet."""
        return self.kind in (Kind.TREAT, Kind.KING_SIZE, Kind.KING)


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


# The King-Sized expansion's fifteen King cards: rank, name (our own words), effect.
_KING_CARDS: tuple[tuple[int, str, Effect], ...] = (
    (0, "Dad Tax", Effect.TAX),
    (0, "Mom Veto", Effect.VETO),
    (0, "Trade", Effect.TRADE),
    (1, "New Suit", Effect.RENAME),
    (2, "Next Lead", Effect.LEAD),
    (3, "Lowest Wins", Effect.LOWEST),
    (4, "Royal Trump", Effect.TRUMP),
    (5, "Face Down", Effect.FACE_DOWN),
    (6, "Sweet Bonus", Effect.TREAT),
    (7, "Lucky Dip", Effect.RANDOM),
    (8, "Favourite Swap", Effect.FAVOURITE),
    (9, "Stash Raid", Effect.STASH),
    (10, "Take One", Effect.ONE_CARD),
    (11, "Pass Left", Effect.ROTATE),
    (12, "Royal Prank", Effect.PRANK),
)

_MAIN: tuple[Card, ...] = tuple(
    Card(id=i, colour=colour, rank=rank, name=name, kind=_kind(rank), suits=tuple(suits.split()), group=group)
    for i, (colour, rank, name, suits, group) in enumerate(_MAIN_DECK)
)
#: Every card: the 57 of the main deck, then the 15 King cards (ids 57-71).
DECK: tuple[Card, ...] = _MAIN + tuple(
    Card(id=len(_MAIN) + k, colour=KINGS_COLOUR, rank=rank, name=name, kind=Kind.KING, suits=(), effect=effect)
    for k, (rank, name, effect) in enumerate(_KING_CARDS)
)
#: The main deck alone (what the base game and the variant games deal from).
MAIN_DECK: tuple[Card, ...] = _MAIN
KING_SIZE: int = next(card.id for card in DECK if card.is_king_size)
#: The fifteen King cards' ids, in the order above, and each effect's card.
KING_CARDS: tuple[int, ...] = tuple(card.id for card in DECK if card.is_king)
KING_OF: dict[Effect, int] = {effect: card.id for card in DECK if (effect := card.effect) is not None}


def _pick_name(card: Card) -> str:
    return str(card.effect) if card.rank == 0 else str(card.rank)


#: How a host names a King card in the option that picks them: "tax", "veto", "trade", "1" ... "12".
KING_PICK_NAMES: dict[str, int] = {_pick_name(DECK[c]): c for c in KING_CARDS}

#: The expansion's six new white suit cards, as action words: a favourite that is not a suit.
WHITE_CARDS: tuple[str, ...] = ("three_flavors", "one_flavor", *COLOURS)
#: The green combo suit cards of team play: each is a team's shared favourite, two suits.
COMBO_CARDS: dict[str, tuple[str, str]] = {
    "chocolate_nuts": ("chocolate", "nuts"),
    "candy_fruit": ("candy", "fruit"),
    "caramel_coconut": ("caramel", "coconut"),
    "gummy_sour": ("gummy", "sour"),
    "halloween_marshmallow": ("halloween", "marshmallow"),
}
_SUIT_CARD_NAMES = {
    "three_flavors": "3 Flavors",
    "one_flavor": "1 Flavor",
    **{combo: " + ".join(s.capitalize() for s in suits) for combo, suits in COMBO_CARDS.items()},
}


def favourite_matches(card_id: int, favourite: str) -> bool:
    """Whether a taken card earns the bonus of a kept suit card: a suit, or a new white card
    (treats with three suits, with one suit, or of that colour: treats only, so never a Prank,
    a Non-Treat, the King Size or a King card)."""
    card = DECK[card_id]
    if favourite in SUIT_DECK:
        return favourite in card.suits
    if not card.is_treat:
        return False
    if favourite == "three_flavors":
        return len(card.suits) == 3
    if favourite == "one_flavor":
        return len(card.suits) == 1
    return card.colour == favourite


#: Card ids of each colour's ranked set, -1 to 12.
BY_COLOUR: dict[str, tuple[int, ...]] = {
    colour: tuple(card.id for card in DECK if card.colour == colour) for colour in COLOURS
}
#: Each card's suits as a frozenset, for the trick core and follow checks.
SUIT_SETS: tuple[frozenset[str], ...] = tuple(frozenset(card.suits) for card in DECK)


def suit_name(suit: str) -> str:
    """A suit card's name: "Chocolate", and for the new white cards "3 Flavors", "Black"."""
    return _SUIT_CARD_NAMES.get(suit) or suit.capitalize()


@functools.lru_cache(maxsize=256)  # a card's name never changes (the deck is fixed); named at every label and screen
def card_text(card_id: int) -> str:
    """How a card is named on buttons and in the log: "7 Chocolate/Coconut", "Prank (Egged)"."""
    card = DECK[card_id]
    if card.is_prank:
        return f"Prank ({card.name})"
    if card.is_non_treat:
        return f"Non-Treat ({card.name})"
    if card.is_king_size:
        return "13 King Size"
    if card.is_king:
        return f"King {card.rank} ({card.name})"
    return f"{card.rank} " + "/".join(suit_name(s) for s in card.suits)


def sort_key(card_id: int) -> tuple[int, int, int]:
    """Hand order: grouped by top suit (suitless cards last), then by rank."""
    card = DECK[card_id]
    group = SUITS.index(card.suits[0]) if card.suits else len(SUITS) + int(card.is_king)
    return group, card.rank, card_id
