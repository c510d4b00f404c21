"""Bobbing for Apples state and view: plain JSON values; cards are ids of the Best Candy deck."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View

#: `play`: choose a move with a hand card; `build`: the chosen card goes onto a stash item
#: (combine or pair); `take`: the shown card takes stash items, picked one at a time.
Phase = Literal["play", "build", "take"]
#: Nobody (no builder, no taker yet).
NOBODY = -1


class BobbingState(GameState):
    must_hold: bool = False
    stay_with_stack: bool = False
    phase: Phase = "play"
    pile: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The stash, item by item: its cards in the order laid, its value, whether it is a paired
    #: stack (a loose card is an item of one card, never paired), and who last built on it.
    items: list[list[int]] = Field(default_factory=list)
    values: list[int] = Field(default_factory=list)
    paired: list[bool] = Field(default_factory=list)
    builders: list[int] = Field(default_factory=list)
    #: The card chosen to build with (secret: it stays in the hand until it is played).
    holding: int | None = None
    #: The card shown to take with (out of the hand, face up), the closed groups picked so far
    #: and the open group, as stash positions (0-based).
    taking: int | None = None
    picked: list[int] = Field(default_factory=list)
    group: list[int] = Field(default_factory=list)
    #: Each seat's take pile this hand (public: every take is face up).
    captures: list[list[int]] = Field(default_factory=list)
    last_taker: int = NOBODY
    #: The King Size is on the table or taken: no hand can ever hold it again this hand.
    king_out: bool = False
    dealer: int = 0
    turn: int = 0
    hand_number: int = 1
    deal_number: int = 1
    scores: list[int] = Field(default_factory=list)
    last_points: list[int] = Field(default_factory=list)
    over: bool = False


class StashItem(BaseModel):
    """One stash item as everyone sees it."""

    model_config = ConfigDict(frozen=True)

    cards: tuple[int, ...]
    value: int
    kind: Literal["loose", "built", "paired"]
    builder: int | None


class BobbingView(View):
    must_hold: bool
    stay_with_stack: bool
    phase: Phase
    hand: tuple[int, ...] | None
    holding: int | None
    hand_sizes: tuple[int, ...]
    pile_size: int
    stash: tuple[StashItem, ...]
    taking: int | None
    picked: tuple[int, ...]
    group: tuple[int, ...]
    captures: tuple[tuple[int, ...], ...]
    last_taker: int | None
    highest: int
    dealer: int
    turn: int
    hand_number: int
    deal_number: int
    deals: int
    scores: tuple[int, ...]
    last_points: tuple[int, ...]
    over: bool
