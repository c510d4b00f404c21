"""Up and Down the Block state and view: plain JSON values; cards are physical cards of
`rules.candy_kit.candy_deck` (with two decks, the second copy of card c is COPY + c)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.contract import GameState, View

#: `draw`: take the deck's top or the discard pile's top; `discard`: put one card on the
#: discard pile; `going-out`: the hand left melds whole, and its holder may go out or play on.
Phase = Literal["draw", "discard", "going-out"]


class HandEnd(BaseModel):
    """A finished hand, as everyone saw it when the hands were turned up."""

    hand_number: int
    wild: str
    #: Who went out (None: the hand ran out of turns).
    out: int | None
    #: Per seat: the melds the bot found and the cards left over.
    melds: list[list[list[int]]]
    left: list[list[int]]
    points: list[int]


class UpDownState(GameState):
    two_decks: bool = False
    new_white_cards: bool = False
    meld_helper: bool = True
    #: The wild-suit cards (suit keys), shuffled once a game; hand h uses entry h-1 (§10.2).
    wild_cards: list[str] = Field(default_factory=list)
    hand_number: int = 1
    dealer: int = 0
    turn: int = 0
    phase: Phase = "draw"
    pile: list[int] = Field(default_factory=list)
    #: Face-up discards, the top last.
    discard: list[int] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The card just taken from the discard pile: it may not be discarded this turn (§10.6).
    taken: int | None = None
    #: Per seat, the cards taken from the discard pile and still held: everyone saw them go in.
    known: list[list[int]] = Field(default_factory=list)
    #: The seat that went out this hand, and its hand split into melds (shown to all).
    out: int | None = None
    out_melds: list[list[int]] = Field(default_factory=list)
    #: Turns played this hand (a hand nobody goes out of ends after TURN_LIMIT each).
    turns: int = 0
    scores: list[int] = Field(default_factory=list)
    last_hand: HandEnd | None = None
    over: bool = False


class UpDownView(View):
    two_decks: bool
    meld_helper: bool
    hand_number: int
    deal_size: int
    wild: str
    dealer: int
    turn: int
    phase: Phase
    hand: tuple[int, ...] | None
    taken: int | None
    known: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[int, ...]
    pile_size: int
    out: int | None
    out_melds: tuple[tuple[int, ...], ...]
    turns_left: int
    scores: tuple[int, ...]
    last_hand: HandEnd | None
    #: The meld helper (own hand only, when the host left it on): the bot's best split.
    melds: tuple[tuple[int, ...], ...]
    left: tuple[int, ...]
    left_value: int | None
    over: bool
