"""The rows the store reads and writes. The store knows no game: states, options and actions are opaque text.

Column lists in the store's SQL are taken from these models' fields, so a field here must be a column of
its table (later migrations may add columns the models do not read).
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict

LOBBY: Final = "lobby"
ACTIVE: Final = "active"
FINISHED: Final = "finished"
ABANDONED: Final = "abandoned"
SESSION_STATUSES: Final = (LOBBY, ACTIVE, FINISHED, ABANDONED)


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SessionRow(_Row):
    """One game session, from lobby to its end."""

    id: int
    game_id: str
    options: str  # JSON text
    status: str  # one of SESSION_STATUSES
    guild_id: int | None
    channel_id: int | None  # where the game was opened or brought (`/table here`); None: its channel was deleted
    thread_id: int | None  # the table's thread; equal to channel_id when the table lives in the channel itself
    table_message_id: int | None
    lobby_message_id: int | None
    host_id: int | None
    seed: int
    state: str | None  # JSON text; None while in the lobby
    version: int  # bumped by every change that counts as a move (not by message bookkeeping)
    created_at: float
    updated_at: float
    turn_seconds: int | None = None  # the turn clock's time per move; None: no clock
    place: str | None = None  # the server's name, as private messages name it
    ping_message_id: int | None = None  # the last "your move" mention
    pinged: str = ""  # user ids that mention named, space-separated
    shown_mark: str = ""  # the publisher's mark of the session as its messages last showed it
    limits: str = ""  # what the game does without for lack of a permission: space-separated words


class SeatRow(_Row):
    """Who sits in one seat: a Discord user or a computer level, and where their private hand is shown."""

    session_id: int
    seat: int
    user_id: int | None
    computer: str | None  # the computer's level, e.g. "random"
    name: str
    dm_channel_id: int | None
    dm_message_id: int | None
    dm_refused: bool
    away: bool = False  # the player timed out: the computer plays the seat until they are back


class ClockRow(_Row):
    """One seat's turn clock. `deadline` is None while the seat is not due to act; the counts survive."""

    session_id: int
    seat: int
    since_move: int  # the session's move count when this seat's time started
    started_at: float | None
    deadline: float | None
    reminders: int  # reminders sent for the running deadline: 0, 1 (half gone) or 2 (90% gone)
    timeouts: int  # times in a row the clock ran out on this seat


class ActionRow(_Row):
    """One entry of a session's append-only move log; `seq` counts from 1 with no gaps."""

    session_id: int
    seq: int
    seat: int
    action: str
    at: float


class ResultRow(_Row):
    """One seat's outcome of a finished game, kept for stats and leaderboards."""

    session_id: int
    seat: int
    user_id: int | None
    computer: str | None
    game_id: str
    guild_id: int | None
    score: int
    place: int  # competition ranking: 1 = won (ties share a place)
    finished_at: float
