"""The Closest Ghost on Discord: the 3 x 6 board as an emoji grid, with arrow buttons.

Nothing is secret in this game, so the private `hand` shows the same table.
"""

from __future__ import annotations

import functools

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from rules.games.closest_ghost import board
from rules.games.closest_ghost.state import ClosestGhostView
from rules.kit.words import message

PUTS_THIRD = message(
    "{who} puts down the third ghost on any open square.", who="{who} put down the third ghost on any open square."
)
MOVES_AVATAR = message(
    "{who} moves their avatar from {square} (arrows: {arrows}).",
    who="{who} move your avatar from {square} (arrows: {arrows}).",
)
MOVES_NEAREST = message(
    "{who} moves the ghost nearest to their avatar.", who="{who} move the ghost nearest to your avatar."
)

AVATARS = ("🧒", "🧑")
BOTH_AVATARS = "👫"
GHOST = "👻"
#: Each half's candy has its own sweet, so the two boards tell apart at a glance.
CANDY = ("🍬", "🍭")
EMPTY = "⬛"
COLUMN_HEADS = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣")
ROW_HEADS = ("🇦", "🇧", "🇨")
CORNER = "🎃"
DIVIDER = "┃"


def square_emoji(view: ClosestGhostView, sq: int) -> str:
    here = [seat for seat in (0, 1) if view.avatars[seat] == sq]
    if len(here) == 2:
        return BOTH_AVATARS
    if here:
        return AVATARS[here[0]]
    if sq in view.ghosts:
        return GHOST
    if sq in view.candy:
        return CANDY[board.owner(sq)]
    return EMPTY


#: Each square's owner (`board.owner`), and the grid's heading line: the same at every move.
OWNERS = tuple(board.owner(sq) for sq in range(board.SQUARES))
GRID_HEAD = CORNER + "".join(COLUMN_HEADS[:3]) + DIVIDER + "".join(COLUMN_HEADS[3:])


def grid(view: ClosestGhostView) -> str:
    # What `square_emoji` gives each square, worked out once for the board rather than per square.
    cells = [EMPTY] * board.SQUARES
    for sq in view.candy:
        cells[sq] = CANDY[OWNERS[sq]]
    for sq in view.ghosts:
        cells[sq] = GHOST
    first, second = view.avatars
    cells[second] = AVATARS[1]
    cells[first] = AVATARS[0] if first != second else BOTH_AVATARS
    lines = [GRID_HEAD]
    for row in range(board.ROWS):
        start = board.square(row, 0)
        left, right = "".join(cells[start : start + 3]), "".join(cells[start + 3 : start + 6])
        lines.append(ROW_HEADS[row] + left + DIVIDER + right)
    return "\n".join(lines)


#: The arrows of the text grid, one column each so the grid lines up: left, up, right, down.
TEXT_ARROWS = {"left": "←", "up": "↑", "right": "→", "down": "↓"}


@functools.cache  # the board's arrows never change: written once, not at every move
def arrow_grid() -> str:
    """Every square's arrows as text (the ways an avatar may leave it, wrapping at the edges), so
    the board reads without the picture: a code block, rows A-C by columns 1-6, "·" for no arrow."""
    lines = ["   " + "    ".join(str(column + 1) for column in range(board.COLUMNS))]
    for row in range(board.ROWS):
        cells = []
        for column in range(board.COLUMNS):
            exits = board.EXITS[row][column]
            cells.append("".join(arrow if board.LETTERS[way] in exits else "·" for way, arrow in TEXT_ARROWS.items()))
        lines.append(f"{board.ROW_LETTERS[row]} " + " ".join(cells))
    return "```\n" + "\n".join(lines) + "\n```"


def legend(seen: Seen) -> str:
    whose = ["your" if seat == seen.reader else "their" for seat in (0, 1)]
    return (
        f"{AVATARS[0]} {seen.name(0)} · {CANDY[0]} {whose[0]} candy (columns 1-3)\n"
        f"{AVATARS[1]} {seen.name(1)} · {CANDY[1]} {whose[1]} candy (columns 4-6)\n"
        f"{GHOST} ghost (may hide a candy) · {BOTH_AVATARS} both avatars"
    )


def candy_left(seen: Seen, view: ClosestGhostView) -> str:
    lines = []
    ghosts = view.ghosts
    for seat in (0, 1):
        mine = [sq for sq in view.candy if OWNERS[sq] == seat]
        hidden = sum(1 for sq in mine if sq in ghosts)
        extra = f" ({hidden} under a ghost)" if hidden else ""
        lines.append(f"{CANDY[seat]} {seen.name(seat)}: **{len(mine)}**{extra}")
    return "\n".join(lines)


def turn_text(seen: Seen, view: ClosestGhostView) -> str:
    status = status_line(seen)
    if seen.result is not None or not seen.to_act:
        return status
    mover = {"who": view.mover}
    if view.phase == "place":
        return f"{status}\n" + seen.say(PUTS_THIRD, mover)
    if view.phase == "step":
        avatar = view.avatars[view.mover]
        arrows = " ".join(board.ARROWS[d] for d, _ in board.AVATAR_STEPS[avatar])
        return f"{status}\n" + seen.say(MOVES_AVATAR, mover, square=board.name(avatar), arrows=arrows)
    return f"{status}\n" + seen.say(MOVES_NEAREST, mover)


def controls(seen: Seen) -> tuple[Control, ...]:
    out = []
    for _seat, action, label in seen.legal:
        if action.kind == "place":
            out.append(Control(action=action, label=label, group="Put the third ghost on…", emoji=GHOST))
        elif action.kind in {"stay", "stuck"}:
            out.append(Control(action=action, label=label, style="danger"))
        else:
            out.append(Control(action=action, label=label, style="primary"))
    return tuple(out)


class ClosestGhostRenderer:
    icons: tuple[tuple[str, str], ...] = (
        (AVATARS[0] + AVATARS[1], "the first and the second player's avatar"),
        (BOTH_AVATARS, "both avatars on one square"),
        (GHOST, "a ghost (a candy may be hidden under it)"),
        (CANDY[0] + CANDY[1], "the first and the second player's candy"),
        (EMPTY, "an empty square"),
        ("".join(ROW_HEADS) + " " + COLUMN_HEADS[0] + "…" + COLUMN_HEADS[-1], "row letters and column numbers"),
        (CORNER, "the board's corner"),
        ("".join(board.ARROWS.values()), "the ways out of the square an avatar or ghost stands on"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ClosestGhostView)
        fields = [
            Field("Candy left", candy_left(seen, view)),
            Field("Key", legend(seen)),
            Field("Arrows out of each square", arrow_grid(), inline=False),
        ]
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        quiet = f"{view.quiet_turns}/{view.draw_after} turns without candy (then a draw)."
        return Screen(
            title=seen.title or "👻 The Closest Ghost",
            description=f"{grid(view)}\n\n{turn_text(seen, view)}",
            fields=tuple(fields),
            footer=f"Turn {view.turns + 1} · {quiet} Our own arrows: the printed board was not available.",
            controls=controls(seen),
            colour=0x6A3D9A,
        )

    def hand(self, seen: Seen) -> Screen:
        # No secrets: a player's own message is the table with their controls.
        return self.table(seen)


RENDERER = ClosestGhostRenderer()
