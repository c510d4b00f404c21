"""The state of an Appetite game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View

Phase = Literal["pass", "play", "pardon", "over"]
PASS_COUNT = 3


class SeatSheet(BaseModel):
    """How one seat's last hand scored."""

    model_config = ConfigDict(frozen=True)

    taken: int
    points: int
    ache: bool


class AppetiteState(GameState):
    phase: Phase = "pass"
    hand_number: int = 1
    dealer: int = 0
    hands: list[list[int]] = Field(default_factory=list)
    picks: list[list[int]] = Field(default_factory=list)
    passed: list[list[int]] = Field(default_factory=list)
    received: list[list[int]] = Field(default_factory=list)
    #: Every card each seat has won this hand (public: everyone saw the tricks).
    won: list[list[int]] = Field(default_factory=list)
    tricks_won: list[int] = Field(default_factory=list)
    trick_number: int = 0
    leader: int = 0
    turn: int = 0
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    voids: list[list[str]] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    scores: list[int] = Field(default_factory=list)
    aches: list[int] = Field(default_factory=list)
    last_hand: list[SeatSheet] = Field(default_factory=list)
    #: The seat that got stuffed (75+) in the last hand, if any.
    stuffed: int | None = None
    pardoned: bool = False


class AppetiteView(View):
    players: int
    phase: Phase
    hand_number: int
    dealer: int
    pass_step: int
    hand_sizes: tuple[int, ...]
    ready: tuple[bool, ...]
    taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    trick_number: int
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    scores: tuple[int, ...]
    aches: tuple[int, ...]
    last_hand: tuple[SeatSheet, ...]
    stuffed: int | None
    pardoned: bool
    my_hand: tuple[int, ...] | None
    my_picks: tuple[int, ...]
    my_passed: tuple[int, ...]
    my_received: tuple[int, ...]
