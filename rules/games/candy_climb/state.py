"""Candy Climb state and view: plain JSON values; cards are main-deck card ids."""

from __future__ import annotations

from pydantic import Field

from rules.contract import GameState, View


class ClimbState(GameState):
    dealer: int = 0
    turn: int = 0
    hands: list[list[int]] = Field(default_factory=list)
    #: With 2 players, the 16 cards nobody was dealt (face down, seen by nobody).
    unused: list[int] = Field(default_factory=list)
    #: The meld the player to act is putting together, card by card (theirs alone to see).
    selection: list[int] = Field(default_factory=list)
    #: The last meld played this round (empty: the player to act leads), its type and
    #: who played it; `named` is the suit the leader named for a round of singles.
    table: list[int] = Field(default_factory=list)
    kind: str | None = None
    named: str | None = None
    last_player: int | None = None
    #: Who has passed this round (a pass is final until the next round).
    passed: list[bool] = Field(default_factory=list)
    #: The hand's first lead must hold the Candy Corn (its holder leads).
    first_lead: bool = False
    #: The host option of G10: a player who cannot beat the play on the table passes at once.
    auto_pass: bool = True
    hand_number: int = 1
    scores: list[int] = Field(default_factory=list)
    last_points: list[int] = Field(default_factory=list)
    last_out: int | None = None
    over: bool = False


class ClimbView(View):
    hand: tuple[int, ...] | None
    #: The viewer's own meld in the making (empty for everyone but the player to act).
    selection: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    unused: int
    table: tuple[int, ...]
    kind: str | None
    named: str | None
    last_player: int | None
    passed: tuple[bool, ...]
    first_lead: bool
    auto_pass: bool
    dealer: int
    turn: int
    hand_number: int
    scores: tuple[int, ...]
    last_points: tuple[int, ...]
    last_out: int | None
    over: bool
