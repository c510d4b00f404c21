"""The Best Candy deck as the variant games use it: sub-decks, two decks together, and a draw pile.

Every game played with the Best Candy cards takes them from `rules.best_candy.cards` (the one
card-data module) through here, so a data correction there reaches every game.

A *physical card* is an int. With one deck it is the card's id in `DECK`. With two decks
shuffled together (G8 of the variant rulings) the second copy of card `c` is `COPY + c`, so
two copies never merge in a hand, a pile or a log, while every rule reads them through
`card_of`, which is the same for both copies.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.best_candy.cards import COLOURS, DECK, KING_SIZE, Card
from rules.contract import GameState

#: The offset of the second deck's copies (larger than any card id, King cards included).
COPY = 100


def card_of(physical: int) -> Card:
    """The printed card a physical card is a copy of."""
    return DECK[physical % COPY]


def copy_of(physical: int) -> int:
    """0 for the first deck's copy, 1 for the second's."""
    return physical // COPY


def with_suit(suit: str) -> tuple[int, ...]:
    """The main-deck cards showing `suit`: "halloween" gives the ten Halloween cards."""
    return tuple(card.id for card in DECK if suit in card.suits)


#: Card groups the variant rulings name (§0), derived from the card data.
HALLOWEEN_CARDS: tuple[int, ...] = with_suit("halloween")
CANDY_CARDS: tuple[int, ...] = with_suit("candy")
PRANKS: tuple[int, ...] = tuple(card.id for card in DECK if card.is_prank)
NON_TREATS: tuple[int, ...] = tuple(card.id for card in DECK if card.is_non_treat)
CANDY_CORN: int = next(card.id for card in DECK if card.colour == "black" and card.rank == 1)
VAMPIRE_TEETH: int = next(card.id for card in DECK if card.colour == "black" and card.rank == 12)
THE_ROCK: int = next(card.id for card in DECK if card.colour == "purple" and card.rank == 0)


def select(
    colours: Iterable[str] = COLOURS, ranks: Iterable[int] | None = None, *, king_size: bool = True
) -> tuple[int, ...]:
    """A sub-deck: the cards of `colours` whose rank is in `ranks` (all ranks when None), in
    deck order, plus the yellow King Size unless `king_size` is False."""
    wanted_colours = set(colours)
    wanted_ranks = None if ranks is None else set(ranks)
    cards = tuple(
        card.id
        for card in DECK[: KING_SIZE + 1]
        if card.colour in wanted_colours and (wanted_ranks is None or card.rank in wanted_ranks)
    )
    return (*cards, KING_SIZE) if king_size else cards


def two_decks(cards: Sequence[int]) -> tuple[int, ...]:
    """Two copies of each card of a one-deck list, first deck first."""
    return (*cards, *(COPY + card for card in cards))


def face_value(physical: int) -> int:
    """What a card counts as a number: Prank -1, Non-Treat 0, a treat its rank, King Size 13."""
    return card_of(physical).rank


def draw(state: GameState, pile: list[int], discard: list[int]) -> int | None:
    """Take the top card of `pile` (its end). An empty pile is first made anew from the discard
    pile, less its top card, shuffled by the state's seeded chance (G7); None when that leaves
    nothing to draw. Changes the lists in place, as `_apply` does with the whole state."""
    if not pile and len(discard) > 1:
        top = discard.pop()
        pile.extend(discard)
        discard[:] = [top]
        state.chance().shuffle(pile)
    return pile.pop() if pile else None


def card_at(colour: str, rank: int) -> int:
    """The main-deck card of this colour and rank (the rulings name cards so: "green 1")."""
    return next(card.id for card in DECK if card.colour == colour and card.rank == rank)


def without(cards: Sequence[int], removed: Iterable[int]) -> tuple[int, ...]:
    """`cards` less the `removed` ones, in the same order (a variant's deck per player count)."""
    gone = set(removed)
    return tuple(card for card in cards if card not in gone)
