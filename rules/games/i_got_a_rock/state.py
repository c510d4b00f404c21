"""I Got a Rock state and view: plain JSON values; cards are ids of the Best Candy deck."""

from __future__ import annotations

from pydantic import Field

from rules.contract import GameState, View


class RockState(GameState):
    hands: list[list[int]] = Field(default_factory=list)
    #: Cards discarded in pairs this hand, face up, in the order they went.
    pairs: list[int] = Field(default_factory=list)
    #: Per seat, the hand in which they ended holding The Rock (None while still in).
    out_in_hand: list[int | None] = Field(default_factory=list)
    hand_number: int = 1
    dealer: int = 0
    #: The seat offering their hand now, face down, to the next player on their left.
    offerer: int = 0
    #: Per seat, the last card they took (taker) or gave (offerer), which only they saw.
    last_taken: list[int | None] = Field(default_factory=list)
    last_given: list[int | None] = Field(default_factory=list)
    winner: int | None = None


class RockView(View):
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    pairs: tuple[int, ...]
    out_in_hand: tuple[int | None, ...]
    hand_number: int
    dealer: int
    offerer: int
    taker: int | None
    last_taken: int | None
    last_given: int | None
    winner: int | None
