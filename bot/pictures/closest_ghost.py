"""The Closest Ghost's board as a picture: the 3 x 6 grid with the arrows of every square.

Each square shows its ways out as arrows at its edges (the text screen cannot show
them), then what stands on it: an avatar in its player's colour, a ghost, or a
candy in its owner's colour (a candy under a ghost peeks out from its corner).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from bot.pictures.base import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    Canvas,
    Sight,
    fit,
    mix,
    seat_colour,
)
from rules.games.closest_ghost import board
from rules.games.closest_ghost.state import ClosestGhostView

SQUARE = 88
GAP = 14  # between the two players' boards
LEFT = 34
TOP = 62
ARROW = 9
#: Each half of the board is tinted with its owner's colour.
TINT = 0.16


def square_origin(sq: int) -> tuple[int, int]:
    row, column = board.row_column(sq)
    return LEFT + column * SQUARE + (GAP if column >= 3 else 0), TOP + row * SQUARE


def _arrow_tips(x: int, y: int) -> dict[str, tuple[float, float]]:
    half = SQUARE / 2
    return {
        "up": (x + half, y + 4),
        "down": (x + half, y + SQUARE - 4),
        "left": (x + 4, y + half),
        "right": (x + SQUARE - 4, y + half),
    }


def draw_empty_square(canvas: Canvas, sq: int) -> None:
    """A square as the board prints it: its tint, name, dotted corner and arrows."""
    x, y = square_origin(sq)
    fill = mix(PANEL, seat_colour(board.owner(sq)), TINT)
    canvas.box((x + 2, y + 2, x + SQUARE - 2, y + SQUARE - 2), fill, outline=PANEL_LIGHT, radius=8)
    if sq in board.DOTTED_CORNERS:
        canvas.dot((x + 12, y + 12), 3, MUTED)
    canvas.text((x + SQUARE - 8, y + 8), board.name(sq), size=10, fill=MUTED, anchor="ra")
    row, column = board.row_column(sq)
    tips = _arrow_tips(x, y)
    for direction in board.DIRECTIONS:
        if board.LETTERS[direction] in board.EXITS[row][column]:
            canvas.arrow(tips[direction], direction, ARROW, mix(INK, fill, 0.15))


@cache
def empty_board() -> Image.Image:
    """The board without anything on it (its squares and their labels), the same in every picture:
    drawn once per process, each picture starts from a copy."""
    canvas = Canvas(TOP + board.ROWS * SQUARE + 64)
    for column in range(board.COLUMNS):
        x, _ = square_origin(column)
        canvas.text((x + SQUARE / 2, TOP - 16), str(column + 1), size=13, fill=MUTED, anchor="ma")
    for row in range(board.ROWS):
        canvas.text(
            (LEFT - 12, TOP + row * SQUARE + SQUARE / 2), board.ROW_LETTERS[row], size=14, fill=MUTED, anchor="mm"
        )
    for sq in range(board.SQUARES):
        draw_empty_square(canvas, sq)
    return canvas.image


def draw_square(canvas: Canvas, view: ClosestGhostView, sq: int) -> None:
    """What stands on a square of the empty board."""
    x, y = square_origin(sq)
    owner = board.owner(sq)
    centre = (x + SQUARE / 2, y + SQUARE / 2)
    here = [seat for seat in (0, 1) if view.avatars[seat] == sq]
    if sq in view.candy:
        if sq in view.ghosts or here:
            canvas.candy((x + SQUARE - 20, y + SQUARE - 18), 20, seat_colour(owner))
        else:
            canvas.candy(centre, 34, seat_colour(owner))
    if sq in view.ghosts:
        canvas.ghost(centre, 36)
    for k, seat in enumerate(here):
        shift = (k - (len(here) - 1) / 2) * 22
        mover = seat == view.mover and view.winner is None and not view.drawn
        canvas.chip((centre[0] + shift, centre[1]), 15, seat_colour(seat), str(seat + 1), size=14)
        if mover:
            canvas.dot((centre[0] + shift, centre[1]), 19, None, outline=HIGHLIGHT, width=3)


def draw_table(sight: Sight) -> Canvas:
    view = sight.view
    assert isinstance(view, ClosestGhostView)
    canvas = Canvas.over(empty_board())
    if view.winner is not None:
        title = f"{sight.name(view.winner)} wins"
    elif view.drawn:
        title = "A draw"
    else:
        title = f"Turn {view.turns + 1}: {sight.name(view.mover)}"
    canvas.heading(title)
    for sq in range(board.SQUARES):
        draw_square(canvas, view, sq)
    bottom = TOP + board.ROWS * SQUARE + 12
    for seat in (0, 1):
        left = LEFT + seat * (3 * SQUARE + GAP)
        mine = [sq for sq in view.candy if board.owner(sq) == seat]
        canvas.chip((left + 12, bottom + 14), 11, seat_colour(seat), str(seat + 1), size=12)
        canvas.candy((left + 40, bottom + 14), 22, seat_colour(seat))
        label = fit(f"{sight.name(seat)}: {len(mine)} candy left", 14, 3 * SQUARE - 60)
        canvas.text((left + 56, bottom + 6), label, size=14, fill=INK)
    quiet = f"{view.quiet_turns}/{view.draw_after} turns without candy"
    canvas.text((canvas.width - 14, bottom + 32), quiet, size=12, fill=MUTED, anchor="ra")
    return canvas


def describe_table(sight: Sight) -> str:
    view = sight.view
    assert isinstance(view, ClosestGhostView)
    if view.winner is not None:
        title = f"{sight.name(view.winner)} wins."
    elif view.drawn:
        title = "A draw."
    else:
        title = f"Turn {view.turns + 1}: {sight.name(view.mover)} to move."
    parts = [f"The board of 3 rows (A to C) by 6 columns. {title}"]
    for seat in (0, 1):
        mine = sorted(board.name(sq) for sq in view.candy if board.owner(sq) == seat)
        avatar = f"avatar on {board.name(view.avatars[seat])}" if seat < len(view.avatars) else "no avatar yet"
        parts.append(f"{sight.name(seat)}: {avatar}, candy on {', '.join(mine) or 'no square'}.")
    ghosts = ", ".join(board.name(sq) for sq in view.ghosts)
    parts.append(f"Ghosts on {ghosts or 'no square'}. {view.quiet_turns} of {view.draw_after} turns without candy.")
    return " ".join(parts)


class ClosestGhostPicture:
    def table(self, sight: Sight) -> bytes:
        return draw_table(sight).png()

    def describe_table(self, sight: Sight) -> str:
        return describe_table(sight)

    def describe_hand(self, scene: Any) -> str:
        return ""

    def hand_scene(self, sight: Sight) -> None:
        return None  # nothing is secret: a player's screen is the table

    def hand(self, scene: Any) -> bytes | None:
        return None


PICTURE = ClosestGhostPicture()
