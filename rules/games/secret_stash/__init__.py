"""Secret Stash (3 players): a Skat-like variant with the Best Candy deck."""

from rules.games.secret_stash.game import SecretStash

GAME = SecretStash()

__all__ = ["GAME", "SecretStash"]
