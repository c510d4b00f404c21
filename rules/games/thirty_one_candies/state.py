"""31 Candies state and view: plain JSON values; cards are ids of the Best Candy deck."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.candy_kit.knocking import KnockState, RoundEnd
from rules.contract import View

#: `turn`: knock, draw from the deck or take the discard; `discard`: let one card go.
Phase = Literal["turn", "discard"]


class ThirtyOneState(KnockState):
    phase: Phase = "turn"
    pile: list[int] = Field(default_factory=list)
    #: Face-up discards, the top last.
    discard: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: Per seat, the cards everyone saw them take from the discard pile and still in hand.
    known: list[list[int]] = Field(default_factory=list)
    #: The card taken from the discard pile this turn: it may not be let go this turn.
    taken: int | None = None
    #: The card drawn from the deck this turn (only its drawer sees which).
    drawn: int | None = None


class ThirtyOneView(View):
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    pile_size: int
    lives: tuple[int, ...]
    dealer: int
    turn: int
    knocker: int | None
    phase: Phase
    taken: int | None
    drawn: int | None
    round: int
    on_their_honor: bool
    honored: tuple[int, ...]
    last_round: RoundEnd | None
    over: bool
