"""The Closest Ghost state and view: plain JSON values, squares as numbers 0-17."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.contract import GameState, View

#: `place`: the second player puts down the third ghost; then each turn is a
#: `step` (the avatar) followed by a `ghost` move, by the same seat.
Phase = Literal["place", "step", "ghost"]


class ClosestGhostState(GameState):
    first: int
    #: The seat acting now (the whole turn: step then ghost).
    mover: int
    phase: Phase = "place"
    #: Square of each seat's avatar.
    avatars: list[int]
    #: Squares of the ghosts, in the order they were put down.
    ghosts: list[int]
    #: Sorted squares that still hold candy (covered or not).
    candy: list[int]
    #: Full turns played (the placement does not count).
    turns: int = 0
    #: Turns in a row whose avatar move took no candy (house draw rule).
    quiet_turns: int = 0
    winner: int | None = None
    drawn: bool = False


class ClosestGhostView(View):
    """Everything on the table is public: the view is the state minus seed, draws and log."""

    first: int
    mover: int
    phase: Phase
    avatars: tuple[int, ...]
    ghosts: tuple[int, ...]
    candy: tuple[int, ...]
    turns: int
    quiet_turns: int
    winner: int | None
    drawn: bool
    draw_after: int = Field(description="quiet turns that end the game in a draw")
