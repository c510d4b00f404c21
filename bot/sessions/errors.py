"""What the session service refuses, each with a sentence for the person who caused it."""

from __future__ import annotations


class SessionError(Exception):
    """Bad input from a player; `message` is what they are told."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UnknownSession(SessionError):
    pass


class NotYourSeat(SessionError):
    pass


class NotYourTurn(SessionError):
    pass


class StaleMove(SessionError):
    pass


class IllegalMove(SessionError):
    pass


class GameOver(SessionError):
    pass


class LobbyError(SessionError):
    pass


class NotAllowed(SessionError):
    pass
