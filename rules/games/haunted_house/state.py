"""The state of a Haunted House game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.contract import GameState, View

Phase = Literal["pass", "play", "over"]

#: Courage each player starts with.
START_COURAGE = 31
#: Cards each player passes before the first trick.
PASS_COUNT = 3


class HauntedHouseState(GameState):
    """Cards are Best Candy card ids. Lists are indexed by seat unless said otherwise."""

    phase: Phase = "pass"
    #: 1-based number of the hand being played: odd hands pass left, even hands right.
    hand_number: int = 1
    dealer: int = 0
    courage: list[int] = Field(default_factory=list)
    #: Each hand kept sorted; the cards picked to pass stay in it until everyone has picked.
    hands: list[list[int]] = Field(default_factory=list)
    #: The cards each seat has picked to pass (secret until the pass, and then still only its own).
    picks: list[list[int]] = Field(default_factory=list)
    #: What each seat gave and got in this hand's pass (each seat sees only its own).
    passed: list[list[int]] = Field(default_factory=list)
    received: list[list[int]] = Field(default_factory=list)
    #: Halloween cards and Pranks each seat has taken this hand (public: everyone saw the tricks).
    taken: list[list[int]] = Field(default_factory=list)
    tricks_won: list[int] = Field(default_factory=list)
    #: Tricks finished in this hand.
    trick_number: int = 0
    leader: int = 0
    turn: int = 0
    #: The cards of the trick in progress, in playing order from the leader.
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    broken: bool = False
    #: Suits each seat has shown it lacks this hand (it could not follow): public knowledge.
    voids: list[list[str]] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    #: Courage each seat lost in the last scored hand, and who scared everyone (if anyone).
    last_losses: list[int] = Field(default_factory=list)
    last_scarer: int | None = None


class HauntedHouseView(View):
    players: int
    phase: Phase
    hand_number: int
    dealer: int
    #: +1: this hand's cards go left; -1: right.
    pass_step: int
    courage: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: Who has picked their three cards (passing only; the picks themselves stay secret).
    ready: tuple[bool, ...]
    taken: tuple[tuple[int, ...], ...]
    tricks_won: tuple[int, ...]
    trick_number: int
    tricks_per_hand: int
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    broken: bool
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_losses: tuple[int, ...]
    last_scarer: int | None
    #: The viewer's own cards (None for a spectator).
    my_hand: tuple[int, ...] | None
    my_picks: tuple[int, ...]
    my_passed: tuple[int, ...]
    my_received: tuple[int, ...]
