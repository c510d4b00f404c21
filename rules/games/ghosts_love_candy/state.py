"""The state and the views of Ghosts Love Candy (pydantic, plain JSON values)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View
from rules.games.ghosts_love_candy.cards import CANDY_TYPES

Phase = Literal["choose", "haunt", "ability", "over"]


def no_candy() -> list[int]:
    return [0] * CANDY_TYPES


class Ghost(BaseModel):
    """A ghost card on the table; it remembers its owner (the Witch and the scare need it)."""

    value: int
    owner: int


class Spot(BaseModel):
    """One place in the neighborhood row: a kid (None if the decks ran dry), its candy and its ghost pile."""

    kid: int | None
    candies: list[int] = Field(default_factory=no_candy)  # counts per candy type
    ghosts: list[Ghost] = Field(default_factory=list)  # bottom first; the last is the top ghost


class Stash(BaseModel):
    candies: list[int] = Field(default_factory=no_candy)
    kids: list[int] = Field(default_factory=list)  # scared kids, in the order they arrived


class Pending(BaseModel):
    """A kid ability waiting for its player's choice."""

    kid: int
    seat: int
    spot: int


class GlcState(GameState):
    rounds: int  # planned rounds (8 or 6); the candy deck decides the real end
    round: int = 0
    last_round: bool = False
    phase: Phase = "choose"
    hands: list[list[int]]  # ghosts not yet played, sorted; a chosen ghost stays here until the reveal
    chosen: list[int | None]  # the secret choice of this round
    revealed: list[int | None]  # this round's ghosts once revealed
    love: list[int]  # Love card number per seat
    love_known: list[list[int]]  # seats whose Love card each seat has looked at (Detective)
    kid_deck: list[int]  # the last is the top card
    kid_discard: list[int] = Field(default_factory=list)
    candy_deck: list[int]  # candy types; the last is the top card
    candy_discard: list[int] = Field(default_factory=no_candy)
    candy_known: list[int]  # per seat: how many top Candy deck cards it has seen (Astronaut)
    row: list[Spot]  # index 0 is the kid nearest the Kid deck
    ghost_discard: list[Ghost] = Field(default_factory=list)
    stashes: list[Stash]
    order: list[int] = Field(default_factory=list)  # this round's turn order
    turn: int = 0  # index into order
    pending: Pending | None = None


# ---- views --------------------------------------------------------------------


class SpotView(BaseModel):
    model_config = ConfigDict(frozen=True)

    kid: int | None
    candies: tuple[int, ...]
    ghosts: tuple[tuple[int, int], ...]  # (value, owner), bottom first


class StashView(BaseModel):
    model_config = ConfigDict(frozen=True)

    candies: tuple[int, ...]
    kids: tuple[int, ...]


class GlcView(View):
    players: int
    round: int
    rounds: int
    last_round: bool
    phase: Phase
    to_act: tuple[int, ...]
    row: tuple[SpotView, ...]
    stashes: tuple[StashView, ...]
    hands: tuple[tuple[int, ...], ...]  # public: every ghost a player has not yet revealed
    has_chosen: tuple[bool, ...]
    my_choice: int | None
    revealed: tuple[int | None, ...]
    order: tuple[int, ...]
    turn: int
    love: tuple[int | None, ...]  # Love card numbers this viewer knows (all at the end)
    candy_left: int
    candy_top: tuple[int, ...]  # top of the Candy deck as this viewer last arranged it, top first
    candy_discard: tuple[int, ...]
    kid_deck_left: int
    kid_discard: tuple[int, ...]
    ghost_discard: tuple[tuple[int, int], ...]
    pending_kid: int | None
    pending_seat: int | None
    scores: tuple[int, ...] | None
