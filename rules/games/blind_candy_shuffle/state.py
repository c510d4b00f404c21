"""Blind Candy Shuffle state and view: plain JSON values; cards are ids of the Best Candy deck.

Who has seen each face-down card is kept per slot as a bit mask of seats (bit s: seat s knows
it): the owner after a peek or a deck draw put there, everyone after a card taken from the
discard pile. A view shows a slot's card only to a seat whose bit is set.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.candy_kit.knocking import KnockState, RoundEnd
from rules.contract import View

#: `look`: the first look of a round (two slots); `turn`: knock, draw or take the discard;
#: `drawn`: a card drawn from the deck waits to be put in a slot or discarded.
Phase = Literal["look", "turn", "drawn"]
SLOTS = 4


class BlindState(KnockState):
    memory_aid: bool = True
    phase: Phase = "look"
    pile: list[int] = Field(default_factory=list)
    #: Face-up discards, the top last.
    discard: list[int] = Field(default_factory=list)
    #: Each seat's four face-down cards, slot 1 first (empty for a player who is out).
    slots: list[list[int]] = Field(default_factory=list)
    #: Per seat and slot, the bit mask of the seats that know the card there.
    knows: list[list[int]] = Field(default_factory=list)
    #: Whether each seat has had their first look this round.
    looked: list[bool] = Field(default_factory=list)
    #: The card drawn from the deck this turn (its drawer alone knows it).
    drawn: int | None = None


class BlindView(View):
    memory_aid: bool
    phase: Phase
    #: Per seat and slot: the card when the viewer knows it, else None.
    slots: tuple[tuple[int | None, ...], ...]
    #: Per seat and slot: the card when everyone saw it go there (taken from the discard pile).
    public: tuple[tuple[int | None, ...], ...]
    discard: tuple[int, ...]
    pile_size: int
    drawn: int | None
    looked: tuple[bool, ...]
    lives: tuple[int, ...]
    dealer: int
    turn: int
    knocker: int | None
    round: int
    on_their_honor: bool
    honored: tuple[int, ...]
    last_round: RoundEnd | None
    over: bool
