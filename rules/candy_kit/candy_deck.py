"""The Best Candy deck as the variant games use it: sub-decks, two decks together, and a draw pile.

Every game played with the Best Candy cards takes them from `rules.candy_kit.cards` (the one
card-data module) through here, so a data correction there reaches every game.

A *physical card* is an int. With one deck it is the card's id in `DECK`. With two decks
shuffled together (G8 of the variant rulings) the second copy of card `c` is `COPY + c`, so
two copies never merge in a hand, a pile or a log, while every rule reads them through
`card_of`, which is the same for both copies.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from rules.candy_kit.cards import COLOURS, DECK, KING_SIZE, Card, card_text, suit_name
from rules.contract import Action, Game, GameState

S = TypeVar("S", bound=GameState)

#: The offset of the second deck's copies (larger than any card id, King cards included).
COPY = 100


def card_of(physical: int) -> Card:
    """The printed card a physical card is a copy of."""
    return DECK[physical % COPY]


#: Each printed card's name as buttons and the log show it, worked out once (log lines are hot).
_TEXTS: tuple[str, ...] = tuple(card_text(card.id) for card in DECK)


def text_of(physical: int) -> str:
    """How a physical card is named on buttons and in the log: both copies alike (G8)."""
    return _TEXTS[physical % COPY]


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


def redeal_hidden(
    pile: list[int],
    hands: list[list[int]],
    seat: int,
    arrange: Callable[[list[int]], None],
    known: Sequence[Sequence[int]] | None = None,
) -> None:
    """Deal again, in place, every card `seat` cannot see: the draw pile and the other hands,
    less each hand's `known` cards (seen by everyone, they stay put). `arrange` orders the
    unseen cards first: shuffled for a guess at the hidden cards, sorted for a guess that
    depends only on what `seat` knows. Pile and hands keep their sizes."""
    kept = [list(known[other]) if known else [] for other in range(len(hands))]
    unseen = list(pile)
    for other, hand in enumerate(hands):
        if other != seat:
            unseen += [card for card in hand if card not in kept[other]]
    arrange(unseen)
    for other, hand in enumerate(hands):
        if other != seat:
            hands[other] = [*kept[other], *(unseen.pop() for _ in range(len(hand) - len(kept[other])))]
    pile[:] = unseen


def guess_unseen(
    game: Game[S], state: S, seat: int, rng: random.Random, redeal: Callable[[S, int, Callable[[list[int]], None]], S]
) -> S:
    """`determinize` for a game whose `redeal` deals again, in place, every card `seat` cannot
    see (arranged by the function it is given): a copy with those cards shuffled by `rng`, and
    a fresh seed, since the chance still to come is unknown too."""
    copy = redeal(game.copy_state(state), seat, rng.shuffle)
    copy.seed = rng.getrandbits(63)
    copy.draws = 0
    return copy


#: The six new white suit cards of the King-Sized expansion (rulings §17.5, W1-W2), by key:
#: a colour card stands for that colour's treats, 1 Flavor for one-suit treats, 3 Flavors for
#: three-suit treats. Pranks and Non-Treats never count for them.
NEW_WHITE_CARDS: tuple[str, ...] = (*COLOURS, "oneflavor", "threeflavors")
_WHITE_NAMES = {"oneflavor": "1 Flavor", "threeflavors": "3 Flavors"}


def white_card_name(key: str) -> str:
    """How a white suit card is named to players: "Chocolate", "Black", "3 Flavors"."""
    return _WHITE_NAMES.get(key, key.capitalize())


def carries(physical: int, key: str) -> bool:
    """Whether a card counts for a white suit card: its suit, or (new cards) its colour or its
    number of suits, treats only."""
    card = card_of(physical)
    if key in card.suits:
        return True
    if not card.is_treat:
        return False
    if key in COLOURS:
        return card.colour == key
    if key == "oneflavor":
        return len(card.suits) == 1
    return key == "threeflavors" and len(card.suits) == 3


#: Match Candy-Go's sets (rulings §13.8), from the card data's set-collection groups; the two
#: groups marked "(pair)" are bonus pairs, not sets.
MATCH_SETS: dict[str, tuple[int, ...]] = {
    group: tuple(card.id for card in DECK[: KING_SIZE + 1] if card.group == group)
    for group in dict.fromkeys(card.group for card in DECK[: KING_SIZE + 1])
    if group and not group.endswith("(pair)")
}


def card_at(colour: str, rank: int) -> int:
    """The main-deck card of this colour and rank (the rulings name cards so: "green 1")."""
    return next(card.id for card in DECK[: KING_SIZE + 1] if card.colour == colour and card.rank == rank)


def without(cards: Sequence[int], removed: Iterable[int]) -> tuple[int, ...]:
    """`cards` less the `removed` ones, in the same order (a variant's deck per player count)."""
    gone = set(removed)
    return tuple(card for card in cards if card not in gone)


#: How every card and every suit is named to players, worked out once for all the deck's games.
CARD_TEXT: tuple[str, ...] = tuple(card_text(c.id) for c in DECK)
SUIT_TEXT: dict[str, str] = {s: suit_name(s) for c in DECK for s in c.suits}


def card_move_label(action: Action) -> str:
    """A passing trick game's card move in words: pass a card, take it back, play it (naming a
    suit when the card carries several)."""
    card = int(action.args[0])
    if action.kind == "pass":
        return f"Pass {CARD_TEXT[card]}"
    if action.kind == "take-back":
        return f"Keep {CARD_TEXT[card]} after all"
    if len(action.args) == 2:
        return f"Play {CARD_TEXT[card]} as {SUIT_TEXT[str(action.args[1])]}"
    return f"Play {CARD_TEXT[card]}"


def copy_mark(hand: Sequence[int], card: int) -> str:
    """G8: " (A)" or " (B)" when the hand holds both copies of the card, else nothing."""
    twin = card + COPY if card < COPY else card - COPY
    return (" (B)" if card >= COPY else " (A)") if twin in hand else ""
