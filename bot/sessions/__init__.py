"""Sessions: the one owner of every change to a game session (see service.py). No discord import.

errors.py   what the service refuses, with a sentence for the player
session.py  a session in memory, the statuses, and the `Change` listeners hear
service.py  `SessionService`: lobby, moves, computer seats, seats of a running game
"""

from bot.sessions.errors import (
    GameOver,
    IllegalMove,
    LobbyError,
    NotAllowed,
    NotYourSeat,
    NotYourTurn,
    SessionError,
    StaleMove,
    UnknownSession,
)
from bot.sessions.service import MAX_SESSION_ID, SessionService
from bot.sessions.session import (
    ABANDONED,
    ACTIVE,
    DEFAULT_COMPUTER,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    TURN_CLOCKS,
    Change,
    ChangeKind,
    Listener,
    Player,
    Session,
)

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "DEFAULT_COMPUTER",
    "FINISHED",
    "LOBBY",
    "MAX_SESSION_ID",
    "OPEN_STATUSES",
    "TURN_CLOCKS",
    "Change",
    "ChangeKind",
    "GameOver",
    "IllegalMove",
    "Listener",
    "LobbyError",
    "NotAllowed",
    "NotYourSeat",
    "NotYourTurn",
    "Player",
    "Session",
    "SessionError",
    "SessionService",
    "StaleMove",
    "UnknownSession",
]
