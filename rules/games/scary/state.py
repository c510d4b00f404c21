"""The state of a Scary game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View

Phase = Literal["bid", "discard", "call", "play", "over"]


class HandSheet(BaseModel):
    """How the last played hand scored (public once the hand is over)."""

    model_config = ConfigDict(frozen=True)

    ghost: int
    #: The friend's seat; None when the ghost played alone.
    friend: int | None
    bid: int
    trump: str
    #: Good candy the ghost's side took.
    good: int
    made: bool
    #: Points each seat scored for the hand.
    gains: tuple[int, ...]


class ScaryState(GameState):
    """Cards are Best Candy card ids. Lists are indexed by seat unless said otherwise."""

    phase: Phase = "bid"
    #: 1-based count of deals (a deal nobody bid on counts too).
    hand_number: int = 1
    dealer: int = 0
    scores: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The three face-down cards in the middle until the ghost takes them.
    stash: list[int] = Field(default_factory=list)
    #: The stash cards as the ghost got them (the ghost's own secret).
    from_stash: list[int] = Field(default_factory=list)
    #: Each seat's latest bid: a count of good candy and a trump suit (None: no bid yet).
    bid_counts: list[int | None] = Field(default_factory=list)
    bid_suits: list[str | None] = Field(default_factory=list)
    passed: list[bool] = Field(default_factory=list)
    high_bidder: int | None = None
    ghost: int | None = None
    trump: str | None = None
    #: The ghost's contract: good candy the ghost's side must take.
    contract: int = 0
    #: The three cards the ghost laid away (count for nobody; the ghost's secret).
    discards: list[int] = Field(default_factory=list)
    #: The card the ghost named; its holder is the friend.
    called: int | None = None
    #: The friend's seat; the ghost's own seat when the called card was the ghost's.
    friend: int | None = None
    #: Whether everyone knows who the friend is (the called card was played, or the hand is over).
    revealed: bool = False
    #: Tricks finished in this hand (0-9).
    trick_number: int = 0
    leader: int = 0
    turn: int = 0
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    #: Every card each seat has won in tricks this hand (public: everyone saw them).
    taken: list[list[int]] = Field(default_factory=list)
    #: Suits each seat has shown it lacks ("teeth": it cannot hold the Vampire Teeth).
    voids: list[list[str]] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    last_hand: HandSheet | None = None


class ScaryView(View):
    players: int
    phase: Phase
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stash_size: int
    bid_counts: tuple[int | None, ...]
    bid_suits: tuple[str | None, ...]
    passed: tuple[bool, ...]
    high_bidder: int | None
    ghost: int | None
    trump: str | None
    contract: int
    called: int | None
    #: The friend's seat when this viewer may know it (the ghost's own seat: the ghost is alone).
    friend: int | None
    revealed: bool
    trick_number: int
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    #: Good candy (ranks 8-13) each seat has taken this hand.
    good_taken: tuple[int, ...]
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_hand: HandSheet | None
    #: The viewer's own cards (None for a spectator).
    my_hand: tuple[int, ...] | None
    #: For the ghost: the stash cards it took, and the cards it laid away.
    my_stash: tuple[int, ...]
    my_discards: tuple[int, ...]

    def seat_order(self, leader: int, count: int) -> list[int]:
        return [(leader + k) % self.players for k in range(count)]
