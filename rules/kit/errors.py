"""The one error a rules engine raises at a player."""


class RuleError(Exception):
    """An illegal move. The message is a sentence a player understands.

    `apply` raises it before touching the state, so a caller can show the
    message and carry on with the same state.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
