"""Runs and sets in an Up and Down the Block hand (rulings §10.3-10.5, 10.7, 10.9).

A *run* is 3+ cards on consecutive ranks within 1-12, one card per rank, every natural card
sharing one suit; a *set* is 3+ cards of one rank (Pranks and Non-Treats too). A wild card
(one carrying the hand's wild suit, and the King Size) stands for any card, so every wild is
as good as every other: the search below treats the naturals one by one and the wilds as a
count. Once one meld exists, spare wilds can always join it (a set takes any number; a run
grows, or splits in two around the extra card), so only the wilds a meld *needs* are counted.

The naturals are sorted by rank, so the lowest one still free is the lowest card of any meld
it joins: a set is it plus some cards of its rank; a run climbs from it, a wild filling each
gap. Searches are memoised on (free naturals, wilds left), which keeps a 14-card hand to a
few hundred positions, and whole answers are cached per hand (the same hand is asked about
by `apply`, the screens and the computer players).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import COPY, card_of
from rules.candy_kit.cards import KING_SIZE, SUITS

#: The lowest and highest rank a run may use (no wrap; Pranks and Non-Treats never in runs).
LOW, HIGH = 1, 12
#: The shortest meld.
MELD = 3
_PRINTED = KING_SIZE + 1
_RANK = tuple(card_of(c).rank for c in range(_PRINTED))
_SUIT_BITS = tuple(sum(1 << SUITS.index(s) for s in card_of(c).suits) for c in range(_PRINTED))
#: Sorting by this puts printed cards in rank order (then id).
_ORDER = tuple(sorted(range(_PRINTED), key=lambda c: (_RANK[c], c)).index(c) for c in range(_PRINTED))
#: _RUN_PARTNERS[reach][card]: the printed cards (as bits) that could share a run with `card`
#: with at most reach - 1 wilds between them: another rank within `reach`, a suit in common.
_RUN_PARTNERS = tuple(
    tuple(
        sum(
            1 << other
            for other in range(_PRINTED)
            if LOW <= _RANK[card] <= HIGH
            and LOW <= _RANK[other] <= HIGH
            and 0 < abs(_RANK[other] - _RANK[card]) <= reach
            and _SUIT_BITS[other] & _SUIT_BITS[card]
        )
        for card in range(_PRINTED)
    )
    for reach in range(HIGH + 1)
)
_WILD_KEYS = (*SUITS, *candy_deck.NEW_WHITE_CARDS)
#: Per wild-suit card, which printed cards are wild (the King Size always is).
_WILD: dict[str, tuple[bool, ...]] = {
    key: tuple(c == KING_SIZE or candy_deck.carries(c, key) for c in range(_PRINTED)) for key in _WILD_KEYS
}


def rank_order(card: int) -> tuple[int, int]:
    """Sort key for physical cards: by rank, then card, both copies side by side."""
    return _ORDER[card % COPY], card


def is_wild(card: int, wild: str) -> bool:
    """Whether a physical card is wild this hand (§10.3)."""
    return _WILD[wild][card % COPY]


@dataclass(frozen=True)
class Split:
    """A hand cut into melds plus the cards left over, and what those count (§10.9)."""

    melds: tuple[tuple[int, ...], ...]
    left: tuple[int, ...]
    value: int


class _Hand:
    """One search's data: naturals sorted by rank, as parallel tuples indexed 0..n-1."""

    def __init__(self, printed: tuple[int, ...], wild: str) -> None:
        flags = _WILD[wild]
        self.wilds = sorted((c for c in printed if flags[c]), key=_ORDER.__getitem__)
        self.naturals = sorted((c for c in printed if not flags[c]), key=_ORDER.__getitem__)
        self.rank = tuple(_RANK[c] for c in self.naturals)
        self.suits = tuple(_SUIT_BITS[c] for c in self.naturals)
        self.full = (1 << len(self.naturals)) - 1
        # The naturals of rank r are indices start[r + 1] up to start[r + 2] (sorted by rank).
        start = [len(self.rank)] * (HIGH + 4)
        for index in range(len(self.rank) - 1, -1, -1):
            start[self.rank[index] + 1] = index
        for slot in range(len(start) - 2, -1, -1):
            start[slot] = min(start[slot], start[slot + 1])
        self.start = start

    def groups(self, mask: int, wilds: int) -> list[tuple[int, int]]:
        """Every meld the lowest free natural can join: (naturals' mask, wilds it needs)."""
        low = (mask & -mask).bit_length() - 1
        rank = self.rank[low]
        found: list[tuple[int, int]] = []
        # Sets: the card with any choice of free cards of its rank (duplicates of a printed card
        # are interchangeable, but choosing among them is cheap at these sizes).
        sets = [(1 << low, 1)]
        for j in range(low + 1, self.start[rank + 2]):
            if mask >> j & 1:
                sets += [(group | 1 << j, count + 1) for group, count in sets]
        for group, count in sets:
            need = MELD - count if count < MELD else 0
            if need <= wilds:
                found.append((group, need))
        if LOW <= rank <= HIGH:
            suits = self.suits[low]
            while suits:
                bit = suits & -suits
                suits ^= bit
                self._runs(mask, bit, low, rank, 1 << low, 1, 0, wilds, found)
        return found

    def _runs(
        self,
        mask: int,
        suit: int,
        low: int,
        top: int,
        group: int,
        count: int,
        gaps: int,
        wilds: int,
        found: list[tuple[int, int]],
    ) -> None:
        if count > 1:  # one natural and wilds is already a set
            need = gaps + max(0, MELD - (top - self.rank[low] + 1))
            if need <= wilds:
                found.append((group, need))
        # Climb to the next natural of this suit (one per printed card), wilds filling the gap.
        for step in range(1, wilds - gaps + 2):
            nxt = top + step
            if nxt > HIGH:
                break
            last = -1
            for j in range(self.start[nxt + 1], self.start[nxt + 2]):
                # Both copies of a printed card sit side by side: trying one is enough.
                if mask >> j & 1 and self.suits[j] & suit and self.naturals[j] != last:
                    last = self.naturals[j]
                    self._runs(mask, suit, low, nxt, group | 1 << j, count + 1, gaps + step - 1, wilds, found)


@lru_cache(maxsize=1 << 12)
def _hand(printed: tuple[int, ...], wild: str) -> _Hand:
    """A hand's search data, built once for every question about it (its best split, the cards
    that split leaves over, whether it melds whole, which discards let it)."""
    return _Hand(printed, wild)


@lru_cache(maxsize=1 << 15)
def _best(printed: tuple[int, ...], wild: str) -> tuple[tuple[tuple[int, int], ...], int]:
    """The cheapest split of a hand (printed cards, sorted): chosen groups and value."""
    hand = _hand(printed, wild)
    spare = len(hand.wilds)
    wild_value = sum(_RANK[c] for c in hand.wilds)
    memo: dict[tuple[int, int, bool], tuple[int, tuple[tuple[int, int], ...]]] = {}

    def cost(mask: int, wilds: int, melded: bool) -> tuple[int, tuple[tuple[int, int], ...]]:
        if not mask:
            # Spare wilds join any meld, or make one of their own when three or more.
            return (0 if melded or wilds >= MELD else wild_value), ()
        key = (mask, wilds, melded)
        if key in memo:
            return memo[key]
        low = (mask & -mask).bit_length() - 1
        left, groups = cost(mask & ~(1 << low), wilds, melded)
        best = (left + hand.rank[low], groups)
        for group, need in hand.groups(mask, wilds):
            value, rest = cost(mask & ~group, wilds - need, True)
            if value < best[0]:
                best = (value, ((group, need), *rest))
        memo[key] = best
        return best

    value, groups = cost(hand.full, spare, False)
    return groups, value


def best_split(hand: Sequence[int], wild: str) -> Split:
    """The split of `hand` into melds that leaves the least face value over (§10.9); spare
    wilds join the first meld. Ties keep the first split found (the value is what counts)."""
    printed = tuple(sorted(c % COPY for c in hand))
    groups, value = _best(printed, wild)
    return _physical(hand, wild, printed, groups, value)


#: Values of hands found without a search (`value_without`), by printed cards and wild suit;
#: emptied when full, as a cache (the computer players ask about thousands of hands a move).
_DERIVED: dict[tuple[tuple[int, ...], str], int] = {}
_DERIVED_MAX = 1 << 16


def split_value(hand: Sequence[int], wild: str) -> int:
    """What the best split of `hand` leaves over (its `best_split(...).value`, without the melds)."""
    printed = tuple(sorted(c % COPY for c in hand))
    known = _DERIVED.get((printed, wild))
    return _best(printed, wild)[1] if known is None else known


def value_without(hand: Sequence[int], card: int, wild: str) -> int:
    """`split_value` of `hand` less `card`, one of the cards `best_split(hand)` leaves over,
    without a search: that split less the card is a best split of the rest (a cheaper one, with
    the card left over, or joining a meld if wild, would beat the best split of `hand`, as no wild
    counts less than nothing). Remembered for `split_value`: the computer players ask next about
    the hand a discard leaves."""
    printed = sorted(c % COPY for c in hand)
    value = _best(tuple(printed), wild)[1] - _RANK[card % COPY]
    printed.remove(card % COPY)
    if len(_DERIVED) >= _DERIVED_MAX:
        _DERIVED.clear()
    _DERIVED[(tuple(printed), wild)] = value
    return value


@lru_cache(maxsize=1 << 15)
def _left_printed(printed: tuple[int, ...], wild: str) -> tuple[int, ...]:
    groups, value = _best(printed, wild)
    return tuple(c % COPY for c in _physical(printed, wild, printed, groups, value).left)


def left_over(hand: Sequence[int], wild: str) -> list[int]:
    """The cards of `hand` that `best_split` leaves over (the same physical cards), remembered per
    hand: the computer players ask it in every playout step."""
    if any(c >= COPY for c in hand):
        return list(best_split(hand, wild).left)  # two decks: which copy is left is `_physical`'s
    return list(_left_printed(tuple(sorted(hand)), wild))


def _physical(
    hand: Sequence[int],
    wild: str,
    printed: tuple[int, ...],
    groups: tuple[tuple[int, int], ...],
    value: int,
) -> Split:
    """Put the physical cards (both copies keep their ids) back into a split of printed ones."""
    search = _hand(printed, wild)
    pool = sorted(hand)

    def take(card: int) -> int:
        for physical in pool:
            if physical % COPY == card:
                pool.remove(physical)
                return physical
        raise AssertionError(card)

    wild_cards = [take(c) for c in search.wilds]
    melds: list[list[int]] = []
    for group, need in groups:
        cards = [take(search.naturals[j]) for j in range(len(search.naturals)) if group >> j & 1]
        # The dearest wilds go into melds first (all of them do once a meld exists).
        melds.append([*cards, *(wild_cards.pop() for _ in range(need))])
    if melds or len(wild_cards) >= MELD:
        if melds:
            melds[0].extend(wild_cards)
        else:
            melds.append(list(wild_cards))
        wild_cards = []
    left = tuple(sorted(pool + wild_cards, key=lambda c: (_ORDER[c % COPY], c)))
    return Split(melds=tuple(tuple(m) for m in melds), left=left, value=value)


class _Cover:
    """Which parts of one hand meld whole: memoised over (free naturals, wilds left), shared by
    every question about the same hand (the whole of it, or all of it but one card)."""

    def __init__(self, hand: _Hand) -> None:
        self.hand = hand
        self.failed: set[tuple[int, int]] = set()

    def cover(self, mask: int, wilds: int) -> tuple[tuple[int, int], ...] | None:
        if not mask:  # called with some naturals, so a meld exists for spare wilds to join
            return ()
        if (mask, wilds) in self.failed:
            return None
        for group, need in self.hand.groups(mask, wilds):
            rest = self.cover(mask & ~group, wilds - need)
            if rest is not None:
                return ((group, need), *rest)
        self.failed.add((mask, wilds))
        return None


@lru_cache(maxsize=4096)
def _full(printed: tuple[int, ...], wild: str) -> tuple[tuple[int, int], ...] | None:
    """Groups that meld every card of the hand, or None (§10.7)."""
    flags = _WILD[wild]
    naturals = [c for c in printed if not flags[c]]
    spare = len(printed) - len(naturals)
    if not naturals:
        return () if spare >= MELD else None
    if _shortfall(naturals, spare) > spare:
        return None
    hand = _hand(printed, wild)
    return _Cover(hand).cover(hand.full, spare)


def _shortfall(naturals: Sequence[int], spare: int) -> int:
    """A lower bound on the wilds a whole-hand meld needs, worked out in one pass: a natural
    that cannot be in a run (a Prank, a Non-Treat, or no card of a shared suit near enough to
    bridge with the wilds there are) must be in a set, and a set short of three cards of its
    rank needs wilds to make up the three."""
    present = 0
    count = [0] * (HIGH + 3)
    for card in naturals:
        present |= 1 << card
        count[_RANK[card] + 1] += 1
    partners = _RUN_PARTNERS[min(spare + 1, HIGH)]
    short = 0
    done = 0
    for card in naturals:
        if partners[card] & present:
            continue
        slot = _RANK[card] + 1
        if not done >> slot & 1:
            done |= 1 << slot
            if count[slot] < MELD:
                short += MELD - count[slot]
    return short


def full_split(hand: Sequence[int], wild: str) -> Split | None:
    """A split of `hand` that melds every card (the hand a player goes out with), or None."""
    printed = tuple(sorted(c % COPY for c in hand))
    groups = _full(printed, wild)
    if groups is None:
        return None
    return _physical(hand, wild, printed, groups, 0)


def melds_all(hand: Sequence[int], wild: str) -> bool:
    """Whether every card of `hand` fits in runs and sets (asked after every discard, so most
    hands are turned down by the quick bound before anything is sorted or cached)."""
    flags = _WILD[wild]
    printed = [c % COPY for c in hand]
    naturals = [c for c in printed if not flags[c]]
    spare = len(printed) - len(naturals)
    if naturals and _shortfall(naturals, spare) > spare:
        return False
    return _full(tuple(sorted(printed)), wild) is not None


@lru_cache(maxsize=4096)
def _out_cards(printed: tuple[int, ...], wild: str) -> frozenset[int]:
    hand = _hand(printed, wild)
    spare = len(hand.wilds)
    # Discarding one card lowers the bound by at most one rank's shortfall (two wilds).
    if hand.naturals and _shortfall(hand.naturals, spare) > spare + 2:
        return frozenset()
    search = _Cover(hand)
    found: set[int] = set()
    if spare and (search.cover(hand.full, spare - 1) is not None if hand.naturals else spare - 1 >= MELD):
        found.update(hand.wilds)
    for j, card in enumerate(hand.naturals):
        if card in found:
            continue
        rest = hand.full & ~(1 << j)
        if (search.cover(rest, spare) is not None) if rest else spare >= MELD:
            found.add(card)
    return frozenset(found)


def out_discards(hand: Sequence[int], wild: str) -> frozenset[int]:
    """The printed cards whose discard leaves a hand that melds whole (§10.7)."""
    return _out_cards(tuple(sorted(c % COPY for c in hand)), wild)


def loose(hand: Sequence[int], wild: str) -> list[int]:
    """The cards of `hand` with no partner at all: not wild, no other card of their rank, no
    card of a shared suit within two ranks. A quick stand-in for the best split, for the
    computer's playouts (each is asked thousands of times a move)."""
    flags = _WILD[wild]
    present = 0
    count = [0] * (HIGH + 3)
    for card in hand:
        printed = card % COPY
        if not flags[printed]:
            present |= 1 << printed
            count[_RANK[printed] + 1] += 1
    partners = _RUN_PARTNERS[2]
    return [
        card
        for card in hand
        if not flags[card % COPY] and count[_RANK[card % COPY] + 1] < 2 and not partners[card % COPY] & present
    ]
