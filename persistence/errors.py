"""What the store raises when a request cannot be honoured."""

from __future__ import annotations


class PersistenceError(Exception):
    """Base of the store's own errors."""


class VersionConflict(PersistenceError):
    """The session's version is not the one the caller expected: someone else moved first.

    Nothing of the refused write is stored; the caller reloads the session and decides again.
    """

    def __init__(
        self,
        message: str = "the session changed since it was read",
        *,
        session_id: int | None = None,
        expected: int | None = None,
        actual: int | None = None,
    ) -> None:
        super().__init__(message)
        self.session_id = session_id
        self.expected = expected
        self.actual = actual


class NotFound(PersistenceError):
    """No such session (or no such seat in it)."""


class SchemaTooNew(PersistenceError):
    """The database file was written by a newer version of this code; refusing to touch it."""


class StoreClosed(PersistenceError):
    """The store was closed; nothing more can be written."""


class WriteFailed(PersistenceError):
    """A group-commit transaction failed as a whole: none of its moves were stored (see `__cause__`)."""
