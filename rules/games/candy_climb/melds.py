"""Candy Climb's melds (rulings §15.3-15.5): what a group of cards forms, what beats what, and
which card may still go into a meld in the making.

A meld is built one card at a time (the "meld builder" of the rulings' digital notes), so the
rules must say, for a partial selection, which hand cards can still lead to a meld that may be
played now. `pickable` answers that exactly and cheaply from counts per rank and per suit; it is
cached because a turn asks the same question several times.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from rules.candy_kit import candy_deck
from rules.candy_kit.cards import DECK, SUITS

#: The 48 cards: ranks 1-12 of the four colours (no Pranks, Non-Treats or King Size).
CLIMB_DECK: Final = candy_deck.select(ranks=range(1, 13), king_size=False)

SINGLE, PAIR, TRIPLE, FOUR, FLUSH, STRAIGHT = "single", "pair", "triple", "four", "flush", "straight"
#: Every meld type, in the order the buttons offer them.
KINDS: Final = (SINGLE, PAIR, TRIPLE, FOUR, FLUSH, STRAIGHT)
#: A same-rank meld's type by its size.
SAME_RANK: Final = {1: SINGLE, 2: PAIR, 3: TRIPLE, 4: FOUR}
RANK_SIZE: Final = {PAIR: 2, TRIPLE: 3, FOUR: 4}
#: Flushes and straight flushes hold 3 to 5 cards; so a selection never holds more than 5.
MOST = 5
LEAST_RUN = 3

BIT: Final = {suit: 1 << i for i, suit in enumerate(SUITS)}
RANK: Final = {card: DECK[card].rank for card in CLIMB_DECK}
MASK: Final = {card: sum(BIT[s] for s in DECK[card].suits) for card in CLIMB_DECK}
ALL_SUITS: Final = sum(BIT.values())


def suits_of(mask: int) -> list[str]:
    return [suit for suit in SUITS if mask & BIT[suit]]


def common(cards: Sequence[int]) -> int:
    """The suits every card carries, as a bit mask."""
    mask = ALL_SUITS
    for card in cards:
        mask &= MASK[card]
    return mask


def kinds_of(cards: Sequence[int]) -> list[str]:
    """Every type the group forms (§15.3): several at once when, say, three 7s share a suit."""
    size = len(cards)
    ranks = sorted(RANK[c] for c in cards)
    found = []
    if ranks[0] == ranks[-1] and size <= 4:
        found.append(SAME_RANK[size])
    if LEAST_RUN <= size <= MOST and common(cards):
        found.append(FLUSH)
        if ranks[-1] - ranks[0] == size - 1 and len(set(ranks)) == size:
            found.append(STRAIGHT)
    return found


def top(cards: Sequence[int]) -> int:
    """The rank a meld is beaten on: its highest card (every card of a same-rank meld is it)."""
    return max(map(RANK.__getitem__, cards))


def beats(cards: Sequence[int], kind: str, table: Sequence[int], named: str | None) -> bool:
    """§15.4-15.5: same type, same size, a higher top card (equal never beats); a single must
    also carry the suit the leader named."""
    if len(cards) != len(table) or top(cards) <= top(table):
        return False
    return kind != SINGLE or (named is not None and bool(MASK[cards[0]] & BIT[named]))


#: What the player to act must answer: None to lead, else (type, size, top rank, named suit).
Need = tuple[str, int, int, str | None] | None


def need_of(table: Sequence[int], kind: str | None, named: str | None) -> Need:
    if not table or kind is None:
        return None
    return (kind, len(table), top(table), named)


def playable_kinds(selection: Sequence[int], need: Need) -> list[str]:
    """The types the selection may be played as now."""
    if not selection:
        return []
    kinds = kinds_of(selection)
    if need is None:
        return kinds
    kind, size, high, named = need
    if kind not in kinds or len(selection) != size or top(selection) <= high:
        return []
    if kind == SINGLE and (named is None or not MASK[selection[0]] & BIT[named]):
        return []
    return [kind]


#: The suit bits of each mask, worked out once (a card shows at most three suits).
_BITS_OF: Final = tuple(tuple(bit for bit in BIT.values() if mask & bit) for mask in range(ALL_SUITS + 1))


@lru_cache(maxsize=1024)
def _hand_facts(hand: tuple[int, ...]) -> tuple[dict[int, int], dict[int, tuple[int, ...]], dict[int, frozenset[int]]]:
    """Per hand: how many cards of each rank, and per suit bit its cards and their ranks."""
    by_rank: dict[int, int] = {}
    suit_lists: dict[int, list[int]] = {bit: [] for bit in BIT.values()}
    for card in hand:
        by_rank[RANK[card]] = by_rank.get(RANK[card], 0) + 1
        for bit in _BITS_OF[MASK[card]]:
            suit_lists[bit].append(card)
    by_suit = {bit: tuple(cards) for bit, cards in suit_lists.items()}
    ranks = {bit: frozenset(RANK[c] for c in cards) for bit, cards in by_suit.items()}
    return by_rank, by_suit, ranks


@lru_cache(maxsize=8192)
def pickable(hand: tuple[int, ...], selection: tuple[int, ...], need: Need) -> tuple[int, ...]:
    """The hand cards that may join `selection` so that it can still grow into a meld that may
    be played now, in hand order. Only cards sharing the selection's rank or one of its common
    suits can join it, so only those are tried."""
    if len(selection) >= MOST:
        return ()
    if not selection:
        return hand if need is None else _answers(hand, need)
    facts = _hand_facts(hand)
    mask = common(selection)
    rank = RANK[selection[0]]
    same = all(RANK[c] == rank for c in selection)
    return tuple(
        card
        for card in hand
        if ((same and RANK[card] == rank) or MASK[card] & mask)
        and card not in selection
        and _extends((*selection, card), facts, need)
    )


def _answers(hand: tuple[int, ...], need: tuple[str, int, int, str | None]) -> tuple[int, ...]:
    """With nothing chosen yet: the cards of every meld that beats the table, worked out per
    rank and per suit rather than card by card."""
    kind, want, beat, named = need
    if kind == SINGLE:
        bit = BIT[named] if named is not None else 0
        return tuple(c for c in hand if RANK[c] > beat and MASK[c] & bit)
    by_rank, by_suit, suit_ranks = _hand_facts(hand)
    if kind in RANK_SIZE:
        return tuple(c for c in hand if RANK[c] > beat and by_rank[RANK[c]] >= want)
    if kind == FLUSH:
        good = 0
        for bit, cards in by_suit.items():
            if len(cards) >= want and any(RANK[c] > beat for c in cards):
                good |= bit
        return tuple(c for c in hand if MASK[c] & good)
    fits: set[tuple[int, int]] = set()  # (suit bit, rank) of a straight flush that beats
    for bit, present in suit_ranks.items():
        for high in range(max(beat + 1, want), 13):
            window = range(high - want + 1, high + 1)
            if all(r in present for r in window):
                fits.update((bit, r) for r in window)
    return tuple(c for c in hand if any((bit, RANK[c]) in fits for bit in _BITS_OF[MASK[c]]))


def _extends(
    group: tuple[int, ...],
    facts: tuple[dict[int, int], dict[int, tuple[int, ...]], dict[int, frozenset[int]]],
    need: Need,
) -> bool:
    by_rank, by_suit, suit_ranks = facts
    size = len(group)
    ranks = [RANK[c] for c in group]
    low, high = min(ranks), max(ranks)
    kind, want, beat, named = need if need is not None else (None, 0, 0, None)
    if kind == SINGLE:
        return size == 1 and high > beat and named is not None and bool(MASK[group[0]] & BIT[named])
    if size == 1 and kind is None:
        return True
    if low == high and (kind is None or kind in RANK_SIZE):
        if kind is None:
            if size <= 4 and by_rank[low] >= max(size, 2):
                return True
        elif size <= want and by_rank[low] >= want and low > beat:
            return True
    if kind in (None, FLUSH, STRAIGHT):
        mask = common(group)
        for bit in _BITS_OF[mask]:
            if kind in (None, FLUSH) and _flush_fits(size, high, by_suit[bit], kind, want, beat):
                return True
            if kind in (None, STRAIGHT) and _run_fits(ranks, low, high, suit_ranks[bit], kind, want, beat):
                return True
    return False


def _flush_fits(size: int, high: int, with_suit: tuple[int, ...], kind: str | None, want: int, beat: int) -> bool:
    count = len(with_suit)
    if kind is None:
        return count >= max(size, LEAST_RUN)
    if size > want or count < want:
        return False
    if high > beat:
        return True
    return size < want and any(RANK[c] > beat for c in with_suit)


def _run_fits(
    ranks: list[int], low: int, high: int, present: frozenset[int], kind: str | None, want: int, beat: int
) -> bool:
    if high - low + 1 > (MOST if kind is None else want) or len(set(ranks)) != len(ranks):
        return False
    if any(r not in present for r in range(low, high + 1)):
        return False
    run_low, run_high = low, high
    while run_low - 1 in present:
        run_low -= 1
    while run_high + 1 in present:
        run_high += 1
    length = run_high - run_low + 1
    if kind is None:
        return length >= LEAST_RUN
    return length >= want and min(run_high, low + want - 1) > beat


def melds(hand: Sequence[int], need: Need) -> list[tuple[str, tuple[int, ...]]]:
    """Every meld of `hand` that may be played now, by type (for the computer players; flushes
    are many, so a caller that only wants a few should prefer `candidates`)."""
    found: list[tuple[str, tuple[int, ...]]] = []
    sizes = range(1, MOST + 1) if need is None else (need[1],)
    for size in sizes:
        for group in combinations(sorted(hand), size):
            for kind in playable_kinds(group, need):
                found.append((kind, group))
    return found
