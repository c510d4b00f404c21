"""Sugarfree state and view: plain JSON values; cards are physical cards of `rules.candy_kit.candy_deck`
(with two decks, the second copy of card c is COPY + c)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.contract import GameState, View

#: `play`: match the top card (or draw when nothing matches: the card the draw finds is played
#: at once); `extra`: after a Non-Treat, one more card of any kind, or stop; `name`: the King
#: Size's player names a suit.
Phase = Literal["play", "extra", "name"]


class SugarfreeState(GameState):
    two_decks: bool = False
    phase: Phase = "play"
    pile: list[int] = Field(default_factory=list)
    #: Face-up discards, the top last.
    discard: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The suit named on a King Size on top of the discard pile.
    named: str | None = None
    dealer: int = 0
    turn: int = 0
    hand_number: int = 1
    scores: list[int] = Field(default_factory=list)
    #: Turns in a row that ended with no card played (a stalled hand ends when all have).
    passes: int = 0
    #: The last hand's points per seat, and who went out (None: the hand stalled).
    last_points: list[int] = Field(default_factory=list)
    last_out: int | None = None
    over: bool = False


class SugarfreeView(View):
    two_decks: bool
    phase: Phase
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    discard: tuple[int, ...]
    pile_size: int
    named: str | None
    dealer: int
    turn: int
    hand_number: int
    scores: tuple[int, ...]
    last_points: tuple[int, ...]
    last_out: int | None
    over: bool
