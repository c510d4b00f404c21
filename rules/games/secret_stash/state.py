"""The state of a Secret Stash game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View

#: auction -> stash (look or not) -> exchange (after a look: lay three cards down) -> declare -> play.
Phase = Literal["auction", "stash", "exchange", "declare", "play", "over"]
PLAYERS = 3
HANDS = 3
TRICKS = 10
STASH = 3


class HandSheet(BaseModel):
    """How one seat's last hand scored: its multipliers, the hand's value and the points."""

    model_config = ConfigDict(frozen=True)

    seat: int
    declarer: bool
    tricks: int
    #: 3 when the seat did not take the King Size (everyone, when it lay in the stash).
    no_king_size: int
    #: One per 12 the seat took.
    twelves: int
    #: 3 for the most tricks alone, 1 each when tied for the most.
    most_tricks: int
    #: Declarer only: 1 for playing without looking at the stash.
    no_look: int
    #: Declarer only: 2 for taking at least the bid.
    bid_made: int
    multiplier: int
    value: int
    points: int
    #: Set for a nil-bid declarer: scored flat (130 or 0), no multipliers.
    nil: bool = False


class StashState(GameState):
    phase: Phase = "auction"
    #: The hand being played, 1 to 3 (a deal everyone passed on is dealt again and not counted).
    hand_number: int = 1
    redeals: int = 0
    dealer: int = 0
    hands: list[list[int]] = Field(default_factory=list)
    #: The face-down stash: the dealt three, or after a look the three the declarer laid down.
    stash: list[int] = Field(default_factory=list)
    # The auction.
    bids: list[int | None] = Field(default_factory=list)
    passed: list[bool] = Field(default_factory=list)
    spoken: list[bool] = Field(default_factory=list)
    high_bid: int = 0
    high_bidder: int | None = None
    # The contract.
    declarer: int | None = None
    #: The declarer's bid: tricks to take, 0 for a nil bid.
    bid: int = 0
    looked: bool | None = None
    #: A suit word, "grand" or "notrump"; None until declared.
    contract: str | None = None
    # The tricks.
    leader: int = 0
    turn: int = 0
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    tricks: list[int] = Field(default_factory=list)
    #: The cards each seat took in tricks (public: everyone saw them played).
    won: list[list[int]] = Field(default_factory=list)
    voids: list[list[str]] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=lambda: [0] * PLAYERS)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    last_hand: list[HandSheet] = Field(default_factory=list)
    #: The stash of the last hand, shown to all once that hand is over.
    last_stash: list[int] = Field(default_factory=list)
    last_contract: str | None = None


class StashView(View):
    players: int
    phase: Phase
    hand_number: int
    hands_total: int
    dealer: int
    bids: tuple[int | None, ...]
    passed: tuple[bool, ...]
    high_bid: int
    high_bidder: int | None
    declarer: int | None
    bid: int
    looked: bool | None
    contract: str | None
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    tricks: tuple[int, ...]
    #: The King Size and 12s each seat has taken (public).
    top_taken: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_hand: tuple[HandSheet, ...]
    last_stash: tuple[int, ...]
    last_contract: str | None
    my_hand: tuple[int, ...] | None
    #: The stash as it lies now: only the declarer who looked ever sees it during the hand.
    stash: tuple[int, ...] | None
    stash_size: int

    @property
    def nil_bid(self) -> bool:
        return self.declarer is not None and self.bid == 0
