"""Match Candy-Go state and view: plain JSON values; cards are ids of the Best Candy deck."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.contract import GameState, View

#: `hand`: play a hand card (onto a stack, or as a new one); `deck`: put the turned-up deck card
#: on a stack of the player's choice.
Phase = Literal["hand", "deck"]


class MatchState(GameState):
    pair_bonus: bool = False
    phase: Phase = "hand"
    pile: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The stash: stacks of face-up cards, each in the order laid.
    stacks: list[list[int]] = Field(default_factory=list)
    #: Stacks (by position) added to this turn, and the deck card waiting for a stack.
    added: list[int] = Field(default_factory=list)
    turned: int | None = None
    #: Each seat's captured cards this hand (public).
    captures: list[list[int]] = Field(default_factory=list)
    dealer: int = 0
    turn: int = 0
    hand_number: int = 1
    scores: list[int] = Field(default_factory=list)
    last_points: list[int] = Field(default_factory=list)
    over: bool = False


class MatchView(View):
    pair_bonus: bool
    phase: Phase
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    pile_size: int
    stacks: tuple[tuple[int, ...], ...]
    added: tuple[int, ...]
    turned: int | None
    captures: tuple[tuple[int, ...], ...]
    dealer: int
    turn: int
    hand_number: int
    scores: tuple[int, ...]
    last_points: tuple[int, ...]
    over: bool
