"""The trick-taking core, written once and shared by every trick-taking game.

A card in a trick is seen only through what decides the trick: the suits it
counts as, its rank, and whether it always counts as the trick suit (Best
Candy's King Size). Games translate their cards into `Play`s; this module
decides who wins. Rules that differ per game (what must be played, what a
trick is worth) stay in the game and say so there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick, in playing order."""

    seat: int
    suits: frozenset[str]
    rank: int
    #: Counts as the trick suit whatever the trick suit is (Best Candy's King Size).
    always_trick_suit: bool = False

    def counts_as(self, suit: str | None) -> bool:
        return suit is not None and (suit in self.suits or self.always_trick_suit)

    def is_trump(self, trump: str | None) -> bool:
        return trump is not None and trump in self.suits

    def in_trick(self, trick_suit: str | None) -> Play:
        """This card as it stands in a trick of `trick_suit`.

        A card that always counts as the trick suit takes that suit on, so in a
        trick whose suit is trump it counts as trump too (Best Candy's King Size
        can only lose to trump when the trick suit is not trump). Other cards are
        returned unchanged.
        """
        if not self.always_trick_suit or trick_suit is None or trick_suit in self.suits:
            return self
        return replace(self, suits=self.suits | {trick_suit})


def winning_play(plays: Sequence[Play], trick_suit: str | None, trump: str | None, lowest: bool = False) -> int:
    """Index in `plays` of the winning card.

    The highest trump wins; if no trump was played, the highest card counting
    as the trick suit; equal ranks go to the one played first; a trick with no
    card of either goes to the leader (index 0). With `lowest` (Best Candy's 3 of
    Kings) the lowest card counting as the trick suit wins and trump is ignored.
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    best = 0
    best_key = NO_KEY
    for index, play in enumerate(plays):
        key = play_key(play, trick_suit, trump, lowest)
        if key > best_key:  # strictly greater: ties stay with the earlier card
            best, best_key = index, key
    return best


#: The key of a card that cannot win the trick: below every other, and never beats the first card.
NO_KEY = (-1, -(10**9))


def play_key(play: Play, trick_suit: str | None, trump: str | None, lowest: bool = False) -> tuple[int, int]:
    """How a card ranks in a trick (`winning_play`'s order): a trump above the trick suit, then
    rank (negated under `lowest`); `NO_KEY` for a card of neither. A card takes the trick from
    the ones before it when its key is strictly greater than theirs."""
    if lowest:
        return (1, -play.rank) if play.counts_as(trick_suit) else NO_KEY
    if play.is_trump(trump):
        return (2, play.rank)
    if play.counts_as(trick_suit):
        return (1, play.rank)
    return NO_KEY


def can_follow(hand: Sequence[frozenset[str]], trick_suit: str | None) -> bool:
    """Whether a hand (each card's suits) holds a card of the trick suit."""
    return trick_suit is not None and any(trick_suit in suits for suits in hand)


def note_void(voids: list[str], hand: Sequence[frozenset[str]], trick_suit: str | None) -> bool:
    """Remember, publicly, that a seat lacks the trick suit when it plays without holding it
    (a guess of hidden hands must respect it). Returns whether the hand, before its card
    left, could follow."""
    could_follow = can_follow(hand, trick_suit)
    if trick_suit is not None and not could_follow and trick_suit not in voids:
        voids.append(trick_suit)
    return could_follow


# ---- Shared by the games played with the Best Candy deck (rulings §0, G2-G5) and any
# ---- trick game: following, breaking a suit, leading before it breaks, passing, the lead
# ---- after a Prank, and dealing a guess of the hidden hands that respects shown voids.


def following(hand: Sequence[frozenset[str]], trick_suit: str | None, free: Sequence[bool] = ()) -> list[int]:
    """Indices of `hand` that may be played under "follow if you can" (G2): every card while
    no trick suit is named or when no card carries it; else the cards carrying it, plus the
    `free` ones (cards a game lets you play at any time, such as a Non-Treat)."""
    if trick_suit is None or not can_follow(hand, trick_suit):
        return list(range(len(hand)))
    return [i for i, suits in enumerate(hand) if trick_suit in suits or (i < len(free) and free[i])]


def breaks(suit: str, card_suits: frozenset[str], trick_suit: str | None, could_follow: bool) -> bool:
    """Whether playing a card breaks `suit` (the Hearts-like rule of Haunted House and How Many
    Candies): the card carries `suit` and either its player could not follow, or it also
    carries the trick suit, or it is the card that names the trick suit (a lead, or the first
    suited card after a Prank lead)."""
    if suit not in card_suits:
        return False
    return trick_suit is None or trick_suit in card_suits or not could_follow


def before_broken(hand: Sequence[frozenset[str]], suit: str, barred: Sequence[bool] = ()) -> list[int]:
    """Indices of `hand` a leader may lead while `suit` is not broken: no card carrying it and
    no `barred` card (Haunted House bars Pranks too); a hand of nothing else leads anything."""
    allowed = [i for i, suits in enumerate(hand) if suit not in suits and not (i < len(barred) and barred[i])]
    return allowed or list(range(len(hand)))


def pass_step(hand_number: int) -> int:
    """Seats to count to the one a hand's passed cards go to: left (+1) on odd-numbered hands
    (1-based), right (-1) on even ones."""
    return 1 if hand_number % 2 == 1 else -1


def lead_after(winner: int, players: int, prank_in_trick: bool) -> int:
    """Who leads the next trick: its winner, or the seat on the winner's right when the trick
    held a Prank (G5)."""
    return (winner - 1) % players if prank_in_trick else winner


def deal_respecting_voids(
    pool: Sequence[int],
    sizes: dict[int, int],
    voids: Mapping[int, Sequence[str]],
    suits_of: Callable[[int], Iterable[str]],
    rng: random.Random,
    tries: int = 64,
) -> dict[int, list[int]] | None:
    """Randomly share `pool` among seats with these hand sizes so no seat gets a card carrying a
    suit it has shown it lacks (a guess of the hidden hands for a search).

    Cards with the fewest possible owners go first, each to an eligible seat with room, chosen
    with weight proportional to its room. A dead end starts over; after `tries` dead ends it
    gives up (None) and the caller keeps the real hands, which always fit what is known.
    """
    seats = sorted(sizes)
    owners = {card: [s for s in seats if not set(suits_of(card)) & set(voids[s])] for card in pool}
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda card: len(owners[card]))
        room = dict(sizes)
        hands: dict[int, list[int]] = {s: [] for s in seats}
        for card in cards:
            eligible = [s for s in owners[card] if room[s] > 0]
            if not eligible:
                break
            pick = rng.randrange(sum(room[s] for s in eligible))
            for s in eligible:
                pick -= room[s]
                if pick < 0:
                    hands[s].append(card)
                    room[s] -= 1
                    break
        else:
            return hands
    return None


def exchange(
    hands: list[list[int]], picks: Sequence[Sequence[int]], step: int, key: Callable[[int], Any]
) -> tuple[list[list[int]], list[list[int]]]:
    """A simultaneous pass: each seat's `picks` leave its hand for the seat `step` places on
    (1 left, -1 right, 2 across a table of four). Changes `hands` in place, keeping them
    sorted by `key`; returns what each seat passed and what it received."""
    players = len(hands)
    for seat in range(players):
        for card in picks[seat]:
            hands[seat].remove(card)
    passed: list[list[int]] = [list(p) for p in picks]
    received: list[list[int]] = [[] for _ in range(players)]
    for seat in range(players):
        to = (seat + step) % players
        hands[to].extend(picks[seat])
        hands[to].sort(key=key)
        received[to] = sorted(picks[seat], key=key)
    return passed, received


def still_held(hands: Sequence[Sequence[int]], seat: int, passed: Sequence[int], step: int) -> dict[int, list[int]]:
    """The cards `seat` passed (to the seat `step` places on) that its receiver still holds:
    `seat` knows where they are, so a guess of the hidden hands must leave them there."""
    to = (seat + step) % len(hands)
    return {to: [card for card in passed if card in hands[to]]} if passed and to != seat else {}


def redeal_others(
    hands: Sequence[Sequence[int]],
    seat: int,
    voids: Sequence[Sequence[str]],
    kept: Mapping[int, Sequence[int]],
    suits_of: Callable[[int], Iterable[str]],
    key: Callable[[int], Any],
    rng: random.Random,
) -> list[list[int]] | None:
    """The other seats' hands dealt again at random from the cards they hold together (each
    hand keeping its size, its `kept` cards and no suit it has shown it lacks), sorted by
    `key`; `seat`'s own hand unchanged. None when no such deal was found."""
    others = [s for s in range(len(hands)) if s != seat]
    pool = [c for s in others for c in hands[s] if c not in kept.get(s, ())]
    sizes = {s: len(hands[s]) - len(kept.get(s, ())) for s in others}
    dealt = deal_respecting_voids(pool, sizes, {s: voids[s] for s in others}, suits_of, rng)
    if dealt is None:
        return None
    out = [list(h) for h in hands]
    for s in others:
        out[s] = sorted([*dealt[s], *kept.get(s, ())], key=key)
    return out


def others_in_order(
    hands: Sequence[Sequence[int]], seat: int, kept: Mapping[int, Sequence[int]], key: Callable[[int], Any]
) -> list[list[int]]:
    """The other seats' hands dealt again from their cards in sorted order (keeping each hand's
    size and its `kept` cards): hands that depend only on what `seat` knows, for a search."""
    others = [s for s in range(len(hands)) if s != seat]
    pool = sorted(c for s in others for c in hands[s] if c not in kept.get(s, ()))
    out = [list(h) for h in hands]
    for s in others:
        size = len(hands[s]) - len(kept.get(s, ()))
        out[s] = sorted([*pool[:size], *kept.get(s, ())], key=key)
        pool = pool[size:]
    return out


# ---- Auctions in turn order (Secret Stash; any game whose bidders drop out by passing).


def next_bidder(seat: int, players: int, passed: Sequence[bool]) -> int:
    """The next seat left of `seat` still in an auction (one that has not passed); `seat`
    itself when everyone else has passed."""
    for step in range(1, players + 1):
        other = (seat + step) % players
        if not passed[other]:
            return other
    return seat


def auction_over(passed: Sequence[bool], high_bidder: int | None) -> bool:
    """An auction where a pass is final ends when every seat but the high bidder has passed
    (or when everyone passed and nobody bid)."""
    out = sum(passed)
    return out == len(passed) or (high_bidder is not None and out == len(passed) - 1)
