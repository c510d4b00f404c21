"""Ghosts of Christmas card data, in one place.

48 cards, 1 to 12 in four suits; Hearts always trump. The names of the other
three suits (Holly, Bells, Stars) are PROPOSED: the house card set. With three
players the 1, 2 and 3 of every suit leave the deck.

A card is an int in states (`suit index * 12 + rank - 1`) so hands stay small
and fast; its token (`holly9`) is what actions and views show.
"""

from __future__ import annotations

#: Suit words in deck order; the first is the trump suit.
SUITS: tuple[str, ...] = ("hearts", "holly", "bells", "stars")
SUIT_NAMES: dict[str, str] = {"hearts": "Hearts", "holly": "Holly", "bells": "Bells", "stars": "Stars"}
TRUMP = "hearts"
HIGHEST_RANK = 12
#: Ranks taken out of every suit for a three-player game.
LEFT_OUT_WITH_THREE: tuple[int, ...] = (1, 2, 3)

#: The eras in scoring order; Beyond only with the Beyond variant.
ERAS: tuple[str, ...] = ("past", "present", "future", "beyond")
ERA_NAMES: dict[str, str] = {
    "past": "the Past",
    "present": "the Present",
    "future": "the Future",
    "beyond": "the Beyond",
}
#: Era names as headings.
ERA_TITLES: dict[str, str] = {era: name.removeprefix("the ") for era, name in ERA_NAMES.items()}
ERA_INDEX: dict[str, int] = {era: index for index, era in enumerate(ERAS)}

#: Doors a bid may take: any number of purple doors up to the tricks in a hand, and one red door at most.
MAX_PURPLE = 12

DECK_SIZE = len(SUITS) * HIGHEST_RANK

#: Per card id: its suit word, its rank, its suit as a set (for the trick core), its token and its name.
SUIT_OF: tuple[str, ...] = tuple(SUITS[card // HIGHEST_RANK] for card in range(DECK_SIZE))
RANK_OF: tuple[int, ...] = tuple(card % HIGHEST_RANK + 1 for card in range(DECK_SIZE))
SUIT_SET_OF: tuple[frozenset[str], ...] = tuple(frozenset((suit,)) for suit in SUIT_OF)
TOKEN_OF: tuple[str, ...] = tuple(f"{SUIT_OF[card]}{RANK_OF[card]}" for card in range(DECK_SIZE))
CARD_BY_TOKEN: dict[str, int] = {token: card for card, token in enumerate(TOKEN_OF)}


def card_id(suit: str, rank: int) -> int:
    return SUITS.index(suit) * HIGHEST_RANK + rank - 1


def card_name(card: int) -> str:
    """`9 of Holly`."""
    return f"{RANK_OF[card]} of {SUIT_NAMES[SUIT_OF[card]]}"


def token_name(token: str) -> str:
    return card_name(CARD_BY_TOKEN[token])


def deck(players: int) -> list[int]:
    """The cards used at this player count, in id order."""
    left_out = LEFT_OUT_WITH_THREE if players == 3 else ()
    return [card for card in range(DECK_SIZE) if RANK_OF[card] not in left_out]


def eras_in_play(beyond: bool) -> int:
    """Number of eras (tricks per round): three, or four with Beyond."""
    return 4 if beyond else 3


def rounds_per_hand(beyond: bool) -> int:
    return 3 if beyond else 4
