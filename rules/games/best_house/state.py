"""The state of a Best House game, its host options, and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import AutoPlayOptions, GameState, View

Phase = Literal["draft", "play", "over"]

#: A hand after which anyone has this many points ends the game.
TARGET = 31


class BestHouseOptions(BaseModel):
    """The host options of rulings §1 and §19 (the turn clock is the lobby's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    trump: bool = Field(
        default=False,
        title="Trump suit",
        description="Turn up a trump suit each hand: any card showing it beats the named suit.",
    )
    redraw_colours: bool = Field(
        default=False,
        title="New colours each hand",
        description="2 or 3 players: draw the deck's colours again every hand (off: the same all game).",
    )


class BestHouseTable(AutoPlayOptions, BestHouseOptions):
    """What the host chooses: the game's options above, kept in the state, and the table's
    auto-play (ruling G10), which the session service reads from the table's options."""


class HandSheet(BaseModel):
    """One seat's score for a finished hand: 1 a trick, the gold won, less 1 a Prank taken."""

    model_config = ConfigDict(frozen=True)

    tricks: int
    gold: int
    pranks: int
    #: What the hand added to the score: never below 0.
    total: int


class BestHouseState(GameState):
    """Cards are Best Candy card ids, gold cards ids of `gold.py`. Lists are indexed by seat."""

    phase: Phase = "draft"
    #: 1-based number of the hand being played.
    hand_number: int = 1
    dealer: int = 0
    scores: list[int] = Field(default_factory=list)
    #: The colours in the deck (all four with 4-5 players).
    colours: list[str] = Field(default_factory=list)
    hands: list[list[int]] = Field(default_factory=list)
    #: The face-up stash: drafted from, then set aside with what is left.
    stash: list[int] = Field(default_factory=list)
    #: Seats still to draft, in order (the first drafts now).
    drafters: list[int] = Field(default_factory=list)
    #: The card each seat drafted this hand (public), None before it drafts.
    drafted: list[int | None] = Field(default_factory=list)
    trump: str | None = None
    #: The face-down gold cards still to come this hand (their order is nobody's knowledge).
    gold_deck: list[int] = Field(default_factory=list)
    #: The gold card turned up for the trick in progress.
    gold: int | None = None
    #: Gold cards each seat has won this hand, and those nobody could claim.
    gold_won: list[list[int]] = Field(default_factory=list)
    gold_unclaimed: list[int] = Field(default_factory=list)
    #: The cards each seat has won in tricks this hand (public: everyone saw the tricks).
    taken: list[list[int]] = Field(default_factory=list)
    tricks_won: list[int] = Field(default_factory=list)
    #: Tricks finished in this hand.
    trick_number: int = 0
    leader: int = 0
    turn: int = 0
    #: The cards of the trick in progress, in playing order from the leader.
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    last_gold: int | None = None
    #: Who took the last trick's gold card (None: nobody played its suit).
    last_gold_winner: int | None = None
    last_hand: list[HandSheet] = Field(default_factory=list)
    #: Who held the King Size in the last hand's take (the second tie-break), if anyone.
    last_king_size: int | None = None
    options: BestHouseOptions = Field(default_factory=BestHouseOptions)


class BestHouseView(View):
    players: int
    phase: Phase
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    colours: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    stash: tuple[int, ...]
    drafters: tuple[int, ...]
    drafted: tuple[int | None, ...]
    trump: str | None
    gold: int | None
    gold_left: int
    gold_won: tuple[tuple[int, ...], ...]
    gold_unclaimed: tuple[int, ...]
    taken: tuple[tuple[int, ...], ...]
    tricks_won: tuple[int, ...]
    trick_number: int
    tricks_per_hand: int
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_gold: int | None
    last_gold_winner: int | None
    last_hand: tuple[HandSheet, ...]
    #: The viewer's own cards (None for a spectator).
    my_hand: tuple[int, ...] | None
