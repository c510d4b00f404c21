"""Up and Down the Block (rulings §10): rummy over ten hands of changing size, a wild suit each hand."""

from rules.games.up_and_down.game import UpAndDownTheBlock

GAME = UpAndDownTheBlock()

__all__ = ["GAME", "UpAndDownTheBlock"]
