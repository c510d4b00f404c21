"""13 Ghosts state and view models: plain JSON values, cards as ids (see cards.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState, View
from rules.kit.copying import copy_model

#: `choose`: everyone in the game hides one of two cards (simultaneous).
#: `deal`: four players, the team deal (see `team_step`). `play`: turns. `over`: finished.
Phase = Literal["choose", "deal", "play", "over"]
#: What the seat to act still has to do in its turn: "" = play a card; `copy` = pick the
#: card a 2 copies; `order` = put back the two top cards (8); `tell` = share a peek with
#: the teammate (four players); `attack` = name a number for a red card's attack.
Step = Literal["", "copy", "order", "tell", "attack"]
#: Per team, during the four-player deal: `crypts` = the chooser picks both Crypts,
#: `keep` = the teammate picks their opening hand, `done`.
TeamStep = Literal["crypts", "keep", "done"]


class Answer(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    #: None: the seat was shielded (a 4) and said nothing.
    yes: bool | None


class Move(BaseModel):
    """One turn on the public record of the round. Never holds a face-down card.

    A move is changed in place only while its turn is unfinished (the state's `step` is not empty: a
    red card's attack, a 2's copy, an 8's order...), so only the round's last, and only then; the
    others stay as they are, which `public_record` and `ThirteenGhosts.copy_state` count on."""

    seat: int
    #: Number played face up; None for a face-down card or a bare attack (no card in hand).
    card: int | None = None
    face_down: bool = False
    #: Number whose ability a 2 copied.
    copied: int | None = None
    #: Number of the question asked (the card, or what a 2 copied).
    asked: int | None = None
    answers: list[Answer] = Field(default_factory=list)
    #: Cards looked at (count only; what they were is private).
    peeked: int = 0
    attack: int | None = None
    #: Seats whose Crypt the attack found.
    hit: list[int] = Field(default_factory=list)


def public_record(moves: list[Move], step: str) -> tuple[Move, ...]:
    """The round's moves for a view, which must not change as play goes on: the moves are shared, but
    for the last while its turn is unfinished (`step`), which is copied as the rules may yet change it
    (a view is drawn for every screen at every move, and copying the round cost most of its time)."""
    if not step or not moves:
        return tuple(moves)
    return (*moves[:-1], copy_model(moves[-1]))


class ThirteenGhostsState(GameState):
    phase: Phase = "choose"
    #: Three players: a two-way tie for most points is settled by a two-player game
    #: between `duelists` in the same session; the third seat sits it out.
    playoff: bool = False
    #: Seats taking part in the current game (everyone, or the two in a playoff).
    duelists: list[int]
    round: int = 1
    #: Seat (turn slot) that started this round.
    first: int = 0
    #: Turn slot: seats take turns clockwise; with four players a knocked-out seat's
    #: slot is played by its teammate.
    slot: int = 0
    #: Seat acting now in the play phase.
    turn: int = 0
    step: Step = ""
    #: The seat plays one more turn after this one (a 13).
    extra_turn: bool = False
    crypt: list[int | None]
    hand: list[list[int]]
    #: One pile per set; the last card is the top.
    pile: list[list[int]]
    face_up: list[list[int]]
    #: Cards played face down to attack: seen by their owner (and whoever knew them), nobody else.
    face_down: list[list[int]]
    #: Out of the round (or, in a playoff, not playing).
    out: list[bool]
    #: Shielded by a 4: does not answer questions until their next turn starts.
    shield: list[bool]
    #: Public deduction: bit n set = this seat's Crypt may still be n (answers and misses).
    possible: list[int]
    #: Per seat, sorted ids of the cards whose place that seat knows.
    known: list[list[int]]
    #: Card ids the seat to act just looked at (an 8 or a 10), for `order` and `tell`.
    peeked: list[int] = Field(default_factory=list)
    #: This round's public record.
    moves: list[Move] = Field(default_factory=list)
    #: Rounds won: per seat with two players (and in a playoff), per team with four.
    wins: list[int]
    #: Three players: points per seat.
    points: list[int]
    #: Four players: the seat of each team that draws four cards this round, and each team's deal step.
    chooser: list[int] = Field(default_factory=list)
    team_step: list[TeamStep] = Field(default_factory=list)


#: Where a card a seat knows of lies (`Sighting.where`).
Place = Literal["crypt", "hand", "face_down", "pile"]


class Sighting(BaseModel):
    """A card the viewer knows about that is not theirs and not face up."""

    model_config = ConfigDict(frozen=True)

    number: int
    #: "crypt", "hand", "face_down" (someone's) or "pile".
    where: Place
    seat: int | None = None
    #: For "pile": which pile (team with four players) and how deep (0 = top).
    pile: int | None = None
    depth: int | None = None


class SeatView(BaseModel):
    """What everyone sees of one seat."""

    model_config = ConfigDict(frozen=True)

    hand_size: int
    face_up: tuple[int, ...]
    face_down: int
    out: bool
    shielded: bool
    #: Revealed Crypt (hit by an attack), else None.
    crypt: int | None
    has_crypt: bool
    #: Numbers this Crypt may still be, from the public answers and misses.
    possible: tuple[int, ...]


class ThirteenGhostsView(View):
    players: int
    phase: Phase
    playoff: bool
    duelists: tuple[int, ...]
    round: int
    first: int
    turn: int
    step: Step
    extra_turn: bool
    seats: tuple[SeatView, ...]
    pile_sizes: tuple[int, ...]
    moves: tuple[Move, ...]
    wins: tuple[int, ...]
    points: tuple[int, ...]
    chooser: tuple[int, ...]
    team_step: tuple[TeamStep, ...]
    #: The viewer's own cards (empty for a spectator).
    my_crypt: int | None = None
    my_hand: tuple[int, ...] = ()
    my_face_down: tuple[int, ...] = ()
    sightings: tuple[Sighting, ...] = ()
