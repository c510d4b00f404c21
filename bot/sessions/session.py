"""A session as the service holds it in memory, and what listeners are told when it changes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from persistence.models import SeatRow, SessionRow
from rules.contract import Action, Event, Game, GameState, Result, View
from rules.kit.errors import RuleError

LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
OPEN_STATUSES = (LOBBY, ACTIVE)
#: The computer level the lobby offers first, that moves for a player whose time ran out
#: and that plays an away player's seat.
DEFAULT_COMPUTER = "normal"
#: The turn clock's choices (seconds per move; None: no clock), as the lobby names them.
TURN_CLOCKS: dict[int | None, str] = {
    None: "off",
    120: "2 minutes",
    600: "10 minutes",
    3600: "1 hour",
    86400: "24 hours",
}


@dataclass(frozen=True)
class Player:
    """Who is doing something: a Discord user (or a terminal player)."""

    user_id: int
    name: str
    is_admin: bool = False  # e.g. Manage Server: may abandon others' games


@dataclass
class Session:
    """A session as the service holds it in memory."""

    row: SessionRow
    seats: list[SeatRow]
    game: Game[Any]
    state: GameState | None
    #: The seat of every move so far, in order: move number n is `moves[n]`.
    moves: list[int] = field(default_factory=list)
    #: The move numbers that only took a step in a long choice (narrowed it to a group or went
    #: back): they change nothing in the game, so they do not count as the seat having moved.
    steps: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    #: (the options' text, whether the game makes a player's only move for them): asked at every redraw.
    _auto_play: tuple[str, bool] | None = field(default=None, repr=False)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def move_number(self) -> int:
        """How many moves have been made; controls carry it to detect stale clicks."""
        return len(self.moves)

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = json.loads(self.row.options)
        return options

    def player_counts(self) -> list[int]:
        """The player counts this table can start with (its options may narrow the game's)."""
        options = self.game.options(self.options)
        try:
            return self.game.player_counts(options)
        except RuleError:  # a lobby opened before options were checked when it opened: Start says why
            low, high = self.game.seat_range(options)
            return list(range(low, high + 1))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def seat_of(self, user_id: int) -> int | None:
        """The (first) seat this user sits in, if any."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def seats_of(self, user_id: int) -> list[int]:
        return [s.seat for s in self.seats if s.user_id == user_id]

    def humans(self) -> list[SeatRow]:
        return [s for s in self.seats if s.user_id is not None]

    def computers(self) -> list[SeatRow]:
        return [s for s in self.seats if s.computer is not None]

    def plays_itself(self, seat: int) -> bool:
        """Whether the service moves for this seat: a computer's, or an away player's."""
        row = self.seats[seat]
        return row.computer is not None or row.away

    def only_move(self, seat: int) -> Action | None:
        """The move the service makes for a player who has just one (the host option "make my only
        move for me", ruling G10, in the games that offer it), else None. Computer and away seats
        play themselves anyway, so none for them."""
        row = self.seats[seat]
        if row.computer is not None or row.away or seat not in self.to_act():
            return None
        assert self.state is not None
        if self._auto_play is None or self._auto_play[0] != self.row.options:
            self._auto_play = (self.row.options, self.game.auto_play(self.options))
        if not self._auto_play[1]:
            return None
        legal = self.game.legal_actions(self.state, seat)
        return legal[0] if len(legal) == 1 else None

    def moved_for(self, seat: int) -> bool:
        """Whether the service makes this seat's move now: it plays itself or has its only move made."""
        return self.plays_itself(seat) or self.only_move(seat) is not None

    @property
    def limits(self) -> frozenset[str]:
        """What the game does without for lack of a server permission (bot/discord_ui/permissions.py)."""
        return frozenset(self.row.limits.split())

    @property
    def turn_seconds(self) -> int | None:
        return self.row.turn_seconds

    def to_act(self) -> frozenset[int]:
        if self.state is None or self.status != ACTIVE:
            return frozenset()
        return self.game.to_act(self.state)

    def view(self, seat: int | None) -> View:
        assert self.state is not None, "the game has not started"
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> list[tuple[Action, str]]:
        """What the seat's screen offers with their labels (empty when it is not to act): its legal
        actions, or one step of them when there are more than one decision holds (`Game.choices`)."""
        if self.state is None or self.status != ACTIVE:
            return []
        state = self.state
        if seat not in self.game.to_act(state) and seat not in self.game.may_change(state):
            return []
        return [(a, self.game.choice_label(state, seat, a)) for a in self.game.choices(state, seat)]

    def result(self) -> Result | None:
        return None if self.state is None else self.game.result(self.state)

    def events(self, seat: int | None, last: int = 8) -> tuple[Event, ...]:
        """The last `last` log lines this seat (None: everyone) may see."""
        if self.state is None:
            return ()
        return tuple(self.state.visible_log(seat)[-last:])

    def acted_since(self, seat: int, move_number: int) -> bool:
        """Whether `seat` clicked anything since `move_number` (a step in a choice included): its
        controls from then are stale."""
        return seat in self.moves[move_number:]

    def moved_since(self, seat: int, move_number: int) -> bool:
        """Whether `seat` made a move of the game since `move_number`: steps in a choice are not
        moves, so a player cannot keep their turn's time running by opening and closing a menu."""
        return any(
            self.moves[number] == seat and number not in self.steps for number in range(move_number, len(self.moves))
        )


ChangeKind = Literal["lobby", "started", "moved", "finished", "abandoned", "seats"]


@dataclass(frozen=True)
class Change:
    """What a listener is told after a change has been committed."""

    session: Session
    kind: ChangeKind
    events: tuple[Event, ...] = ()
    #: The seats whose private view may have changed (for DM refreshes); for "seats": who changed hands.
    seats: frozenset[int] = frozenset()


Listener = Callable[[Change], None]
