"""The trick-taking core, written once and shared by every trick-taking game.

A card in a trick is seen only through what decides the trick: the suits it
counts as, its rank, and whether it always counts as the trick suit (Best
Candy's King Size). Games translate their cards into `Play`s; this module
decides who wins. Rules that differ per game (what must be played, what a
trick is worth) stay in the game and say so there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace


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
    best_key = (-1, -(10**9))
    for index, play in enumerate(plays):
        if lowest:
            if not play.counts_as(trick_suit):
                continue
            key = (1, -play.rank)
        elif play.is_trump(trump):
            key = (2, play.rank)
        elif play.counts_as(trick_suit):
            key = (1, play.rank)
        else:
            continue
        if key > best_key:  # strictly greater: ties stay with the earlier card
            best, best_key = index, key
    return best


def can_follow(hand: Sequence[frozenset[str]], trick_suit: str | None) -> bool:
    """Whether a hand (each card's suits) holds a card of the trick suit."""
    return trick_suit is not None and any(trick_suit in suits for suits in hand)
