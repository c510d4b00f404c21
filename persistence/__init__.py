"""Persistence: the store of game sessions, on a SQLite file or a PostgreSQL database (store.py).

It knows no game (it stores JSON text) and imports nothing of bot/ or rules/.
"""

from persistence.errors import NotFound, PersistenceError, SchemaTooNew, StoreClosed, VersionConflict, WriteFailed
from persistence.models import ABANDONED, ACTIVE, FINISHED, LOBBY, ActionRow, ClockRow, ResultRow, SeatRow, SessionRow
from persistence.store import Store

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "LOBBY",
    "ActionRow",
    "ClockRow",
    "NotFound",
    "PersistenceError",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "SessionRow",
    "Store",
    "StoreClosed",
    "VersionConflict",
    "WriteFailed",
]
