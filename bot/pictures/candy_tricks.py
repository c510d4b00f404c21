"""The picture of every game on the "candy-tricks" shelf without one of its own: the shared candy-deck table."""

from bot.pictures.candy_table import PICTURE

__all__ = ["PICTURE"]
