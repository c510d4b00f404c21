"""The state of a How Many Candies do you Wish game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.contract import AutoPlayOptions, GameState, View

Phase = Literal["bid", "play", "over"]
TEAMS = 2


class HowManyOptions(AutoPlayOptions):
    model_config = ConfigDict(extra="forbid", frozen=True)

    target: Literal[250, 500] = Field(default=250, title="Target", description="The score a team plays to.")
    random_teams: bool = Field(
        default=True,
        title="Random partners",
        description="Draw the partners at random (off: the 1st and 3rd players to join play the 2nd and 4th).",
    )

    @field_validator("target", mode="before")
    @classmethod
    def _target_as_number(cls, value: object) -> object:
        """A target typed as text (the command line) counts as its number."""
        return int(value) if isinstance(value, str) and value.strip().isdigit() else value


class HandSheet(BaseModel):
    """How one team's last hand scored."""

    model_config = ConfigDict(frozen=True)

    bid: int
    tricks: int
    contract: int
    bags: int
    nil: int
    bag_penalty: int
    total: int


class HowManyState(GameState):
    target: int = 250
    phase: Phase = "bid"
    hand_number: int = 1
    #: The playing order round the table (partners two apart); "left" is the next in it.
    order: list[int] = Field(default_factory=list)
    dealer: int = 0
    hands: list[list[int]] = Field(default_factory=list)
    #: Each seat's bid this hand (None until it bids; 0 is nil).
    bids: list[int | None] = Field(default_factory=list)
    tricks: list[int] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=lambda: [0, 0])
    bags: list[int] = Field(default_factory=lambda: [0, 0])
    leader: int = 0
    turn: int = 0
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    broken: bool = False
    voids: list[list[str]] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    last_hand: list[HandSheet] = Field(default_factory=list)


class HowManyView(View):
    players: int
    target: int
    hands_limit: int
    phase: Phase
    hand_number: int
    order: tuple[int, ...]
    dealer: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    broken: bool
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_hand: tuple[HandSheet, ...]
    my_hand: tuple[int, ...] | None

    def team_of(self, seat: int) -> int:
        return self.order.index(seat) % TEAMS

    def members(self, team: int) -> tuple[int, int]:
        return self.order[team], self.order[team + TEAMS]
