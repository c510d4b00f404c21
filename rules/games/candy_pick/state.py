"""The state of a Candy Pick! game and what one seat may see of it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from rules.contract import Event, GameState, View

Phase = Literal["exchange", "play", "over"]

#: Hands in a game: each player deals twice.
HANDS = 4
#: Cards dealt to each player; the rest of the 32 form the talon.
HAND_SIZE = 13
#: The most cards one exchange may swap.
MOST_EXCHANGED = 4


class CandyPickState(GameState):
    """Cards are Best Candy card ids. Lists are indexed by seat unless said otherwise."""

    phase: Phase = "exchange"
    #: 1-based number of the hand being played (1 to 4).
    hand_number: int = 1
    dealer: int = 0
    scores: list[int] = Field(default_factory=list)
    #: Each hand kept sorted; the cards picked to discard stay in it until the exchange is done.
    hands: list[list[int]] = Field(default_factory=list)
    #: The undealt cards, top first: hidden from both players.
    talon: list[int] = Field(default_factory=list)
    #: The cards the exchanging seat has picked to discard so far (secret; only its own).
    picks: list[list[int]] = Field(default_factory=list)
    #: What each seat discarded this hand, face down (its own screen only).
    discards: list[list[int]] = Field(default_factory=list)
    #: What each seat drew from the talon this hand (its own screen only).
    drawn: list[list[int]] = Field(default_factory=list)
    #: How many cards each seat exchanged this hand (public), None before it has.
    exchanged: list[int | None] = Field(default_factory=list)
    #: What the declarations scored each seat this hand (public).
    declared: list[int] = Field(default_factory=list)
    #: The declarations as announced this hand, in order (public log lines).
    announced: list[Event] = Field(default_factory=list)
    tricks_won: list[int] = Field(default_factory=list)
    #: Every card played to a finished trick this hand (public: both saw them).
    played: list[int] = Field(default_factory=list)
    trick_number: int = 0
    leader: int = 0
    turn: int = 0
    #: The cards of the trick in progress, from the leader.
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    #: Suits each seat has shown it lacks this hand (it could not follow): public knowledge.
    voids: list[list[str]] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_leader: int | None = None
    last_winner: int | None = None
    last_suit: str | None = None
    #: What the last finished hand gave each seat: declarations, and tricks (count, points).
    last_declared: list[int] = Field(default_factory=list)
    last_tricks: list[int] = Field(default_factory=list)
    last_trick_points: list[int] = Field(default_factory=list)

    @field_validator("announced", mode="before")
    @classmethod
    def _lines_of_older_saves(cls, lines: Any) -> Any:
        # Games saved before the declarations were worded messages kept their texts only.
        if isinstance(lines, list):
            return [Event(kind="declare", text=line) if isinstance(line, str) else line for line in lines]
        return lines


class CandyPickView(View):
    players: int
    phase: Phase
    hand_number: int
    hands_in_game: int
    dealer: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    talon_size: int
    exchanged: tuple[int | None, ...]
    #: The seat exchanging now (None outside the exchange).
    exchanging: int | None
    #: The most cards the exchanging seat may swap.
    most_exchanged: int
    declared: tuple[int, ...]
    announced: tuple[Event, ...]
    tricks_won: tuple[int, ...]
    #: Suits each seat has shown it lacks this hand.
    voids: tuple[tuple[str, ...], ...]
    played: tuple[int, ...]
    trick_number: int
    leader: int
    turn: int | None
    trick: tuple[int, ...]
    trick_suit: str | None
    last_trick: tuple[int, ...]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None
    last_declared: tuple[int, ...]
    last_tricks: tuple[int, ...]
    last_trick_points: tuple[int, ...]
    #: The viewer's own cards (None for a spectator).
    my_hand: tuple[int, ...] | None
    my_picks: tuple[int, ...]
    my_discards: tuple[int, ...]
    my_drawn: tuple[int, ...]
