"""The state of a Ghosts of Christmas game and what one seat may see of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View

Phase = Literal["bid", "play", "over"]


class EraTrick(BaseModel):
    """One scored era of the last round, kept so the table can show how it went."""

    model_config = ConfigDict(frozen=True)

    era: str
    #: Suit word set by the era's starting card (may differ from the dial).
    scoring_suit: str
    #: The seat whose card set the scoring suit.
    leader: int
    winner: int
    #: Card token per seat.
    cards: tuple[str, ...]


class GhostsState(GameState):
    """Cards are ints (see cards.py). Lists are indexed by seat unless said otherwise."""

    tiny_tim: bool = False
    beyond: bool = False
    phase: Phase = "bid"
    #: Hands finished so far; the game ends after one hand per player.
    hand_number: int = 0
    #: Rounds finished in the current hand.
    round_number: int = 0
    #: Holder of the start player marker: starts the bidding and the round, and sets the Past's scoring suit.
    start_player: int = 0
    #: The seat to bid or play now.
    turn: int = 0
    hands: list[list[int]] = Field(default_factory=list)
    #: Purple doors bid this hand (None until the seat bids, and always in Tiny Tim).
    purple: list[int | None] = Field(default_factory=list)
    red: list[bool] = Field(default_factory=list)
    wreaths: list[int] = Field(default_factory=list)
    #: played[era][seat]: the card a seat played into an era this round.
    played: list[list[int | None]] = Field(default_factory=list)
    #: Suit word each era's dial shows, None while face down.
    dials: list[str | None] = Field(default_factory=list)
    #: Suits a seat has shown it lacks this hand (it did not match a dial): public knowledge.
    voids: list[list[str]] = Field(default_factory=list)
    #: The cards played in this hand's finished rounds (each was face up on the table): public.
    gone: list[int] = Field(default_factory=list)
    #: One row per scored hand: points per seat.
    hand_scores: list[list[int]] = Field(default_factory=list)
    last_round: list[EraTrick] = Field(default_factory=list)


class PlayerBoard(BaseModel):
    """What everyone knows about one seat."""

    model_config = ConfigDict(frozen=True)

    purple: int | None
    red: bool
    wreaths: int
    cards_in_hand: int
    hand_scores: tuple[int, ...]
    total: int


class EraView(BaseModel):
    model_config = ConfigDict(frozen=True)

    era: str
    dial: str | None
    #: Card token per seat played into this era this round (face up), None if not yet.
    cards: tuple[str | None, ...]


class GhostsView(View):
    players: int
    tiny_tim: bool
    beyond: bool
    phase: Phase
    #: 1-based number of the hand being played (the last one once over).
    hand: int
    hands_total: int
    #: 1-based round within the hand.
    round: int
    rounds_per_hand: int
    start_player: int
    turn: int | None
    eras: tuple[EraView, ...]
    boards: tuple[PlayerBoard, ...]
    #: The viewer's own cards (tokens); None for a spectator.
    my_hand: tuple[str, ...] | None
    last_round: tuple[EraTrick, ...]
    #: Cards played in this hand's finished rounds (tokens), and the suits each seat has shown it
    #: lacks this hand: what anyone at the table saw played.
    gone: tuple[str, ...] = ()
    voids: tuple[tuple[str, ...], ...] = ()
