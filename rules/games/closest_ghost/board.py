"""The Closest Ghost board as data: the one place to correct it.

Two 3x3 boards side by side make a 3 x 6 grid. Squares are numbered
`row * 6 + column` and named by row letter and column number ("A1" is the top
left, "C6" the bottom right). Player 1 (seat 0) owns columns 1-3, player 2
(seat 1) columns 4-6.

The arrow pattern is INFERRED from a third-party transcription and its
orientation is PROPOSED (see shared/games/closest-ghost.md): fix `EXITS` here
if the printed board turns out different.
"""

from __future__ import annotations

from typing import Final

ROWS: Final = 3
COLUMNS: Final = 6
SQUARES: Final = ROWS * COLUMNS
#: Columns of each seat's own board.
BOARD_COLUMNS: Final[tuple[range, range]] = (range(0, 3), range(3, 6))

#: The exits (arrows) of every square, one string per square, rows top to bottom.
EXITS: Final[tuple[tuple[str, ...], ...]] = (
    ("URD", "LRD", "LUR", "LRD", "LURD", "LUR"),
    ("LUR", "URD", "URD", "LUD", "LUD", "LRD"),
    ("LRD", "LURD", "LUR", "LRD", "LUR", "LUD"),
)

#: Where each seat's avatar starts: the centre of its own board.
AVATAR_STARTS: Final[tuple[int, int]] = (1 * COLUMNS + 1, 1 * COLUMNS + 4)
#: The squares with a corner dot, where the two starting ghosts go.
DOTTED_CORNERS: Final[tuple[int, int]] = (0 * COLUMNS + 0, 2 * COLUMNS + 5)

#: Direction words in button order, with their (row, column) step and letter in `EXITS`.
DIRECTIONS: Final[tuple[str, ...]] = ("up", "left", "right", "down")
DELTAS: Final[dict[str, tuple[int, int]]] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
LETTERS: Final[dict[str, str]] = {"up": "U", "down": "D", "left": "L", "right": "R"}
ARROWS: Final[dict[str, str]] = {"up": "⬆", "down": "⬇", "left": "⬅", "right": "➡"}

ROW_LETTERS: Final = "ABC"


def square(row: int, column: int) -> int:
    return row * COLUMNS + column


def row_column(sq: int) -> tuple[int, int]:
    return divmod(sq, COLUMNS)


def name(sq: int) -> str:
    """`7` -> `"B2"`: row letter, then column number counted from 1."""
    row, column = divmod(sq, COLUMNS)
    return f"{ROW_LETTERS[row]}{column + 1}"


#: Square names back to numbers ("B2" -> 7).
BY_NAME: Final[dict[str, int]] = {name(sq): sq for sq in range(SQUARES)}


def owner(sq: int) -> int:
    """The seat whose board holds this square."""
    return 0 if sq % COLUMNS < 3 else 1


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two squares, never wrapping (how closeness is measured)."""
    (ra, ca), (rb, cb) = divmod(a, COLUMNS), divmod(b, COLUMNS)
    return abs(ra - rb) + abs(ca - cb)


def _avatar_steps(sq: int) -> tuple[tuple[str, int], ...]:
    # Avatars follow the arrows and wrap across the whole grid.
    row, column = divmod(sq, COLUMNS)
    steps = []
    for direction in DIRECTIONS:
        if LETTERS[direction] in EXITS[row][column]:
            dr, dc = DELTAS[direction]
            steps.append((direction, square((row + dr) % ROWS, (column + dc) % COLUMNS)))
    return tuple(steps)


def _ghost_steps(sq: int) -> tuple[tuple[str, int], ...]:
    # Ghosts ignore the arrows but never leave the grid.
    row, column = divmod(sq, COLUMNS)
    steps = []
    for direction in DIRECTIONS:
        dr, dc = DELTAS[direction]
        if 0 <= row + dr < ROWS and 0 <= column + dc < COLUMNS:
            steps.append((direction, square(row + dr, column + dc)))
    return tuple(steps)


#: Per square: the (direction, target) pairs an avatar may follow, wrap included.
AVATAR_STEPS: Final[tuple[tuple[tuple[str, int], ...], ...]] = tuple(_avatar_steps(sq) for sq in range(SQUARES))
#: Per square: the (direction, target) pairs a ghost may take, inside the grid.
GHOST_STEPS: Final[tuple[tuple[tuple[str, int], ...], ...]] = tuple(_ghost_steps(sq) for sq in range(SQUARES))
#: `DISTANCES[a][b]` is `distance(a, b)`, read at every ghost move and screen.
DISTANCES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(distance(a, b) for b in range(SQUARES)) for a in range(SQUARES)
)
#: The squares that start with candy: all but the two avatar starts.
CANDY_START: Final[tuple[int, ...]] = tuple(sq for sq in range(SQUARES) if sq not in AVATAR_STARTS)
