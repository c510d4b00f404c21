"""I Got a Rock (rulings §12): pair off, draw blind from your neighbour, do not end with The Rock."""

from rules.games.i_got_a_rock.game import IGotARock

GAME = IGotARock()

__all__ = ["GAME", "IGotARock"]
