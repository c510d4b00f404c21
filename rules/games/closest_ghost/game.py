"""The Closest Ghost: rules as pure functions over `ClosestGhostState`.

A turn is two actions by the same seat: `step` (the avatar along an arrow) and
then `ghost` (the ghost closest to the mover's avatar, one square). When the
avatar is trapped the only legal action is `stay`, and when no closest ghost
can move it is `stuck`. We keep those as explicit one-button actions rather
than skipping them automatically: the log then shows why nothing moved, and a
seat is always to act, even if both avatars are trapped and every closest
ghost is boxed in (the house draw rule then ends the game).
"""

from __future__ import annotations

import random
from typing import Final

from pydantic import BaseModel

from rules.contract import Action, Event, Game, NoOptions, Result, View, plural, say
from rules.games.closest_ghost import board
from rules.games.closest_ghost.board import ARROWS, AVATAR_STEPS, BY_NAME, DISTANCES, GHOST_STEPS, name, owner
from rules.games.closest_ghost.state import ClosestGhostState, ClosestGhostView
from rules.kit.words import for_reader, message

TOOK_OWN = message(
    "{who} moved {arrow} {direction} to {square} and picked up a candy from their own half.",
    who="{who} moved {arrow} {direction} to {square} and picked up a candy from your own half.",
)
TOOK_OTHERS = message("{who} moved {arrow} {direction} to {square} and picked up a candy from {owner}'s half.")
SETUP = message(
    "{first} goes first; {second} puts down the third ghost.",
    first="{first} go first; {second} puts down the third ghost.",
    second="{first} goes first; {second} put down the third ghost.",
)
#: Past tense (the same words whoever reads them), without and with a candy under the square.
PLACED = (
    message("{who} put the third ghost on {square}."),
    message("{who} put the third ghost on {square} over a candy."),
)
STAYS = message("{who} is trapped on {square} and stays put.", who="{who} are trapped on {square} and stay put.")
GHOST_MOVED = (
    message("{who} moved the ghost on {start} {arrow} {direction} to {square}."),
    message("{who} moved the ghost on {start} {arrow} {direction} to {square}, covering a candy."),
)
#: "is" agrees with the ghost, not with the reader: the same words for them.
BOXED_IN = message(
    "The ghost nearest to {who} is boxed in, so no ghost moves.",
    who="The ghost nearest to {who} is boxed in, so no ghost moves.",
)
STEPPED = message("{who} moved {arrow} {direction} to {square}.")
#: The terminal's status line.
HALF_CLEAR = message("{who} wins: that half is clear of candy.", who="{who} win: your half is clear of candy.")
SET_UP = message(
    "Set-up: {who} puts down the third ghost; {first} then moves first.",
    who="Set-up: {who} put down the third ghost; {first} then moves first.",
    first="Set-up: {who} puts down the third ghost; {first} then move first.",
)
MOVES_AN_AVATAR = message("Turn {turn}: {who} moves an avatar.", who="Turn {turn}: {who} move an avatar.")
MOVES_THE_GHOST = message(
    "Turn {turn}: {who} moves the closest ghost.", who="Turn {turn}: {who} move the closest ghost."
)
#: The summary of a won game.
CLEARED = message(
    "{who} wins: that half of the board is clear of candy.", who="{who} win: your half of the board is clear of candy."
)
WINS = message("{who}'s half is clear of candy: {who} wins!", who="{who}'s half is clear of candy: {who} win!")

#: House rule: this many turns in a row without a candy taken end the game in a draw.
DRAW_AFTER: Final = 60

# Every possible action, built once so the hot path never validates a new model.
STEP: Final[dict[str, Action]] = {d: Action(kind="step", args=(d,)) for d in board.DIRECTIONS}
PLACE: Final[tuple[Action, ...]] = tuple(Action(kind="place", args=(name(sq),)) for sq in range(board.SQUARES))
GHOST: Final[dict[tuple[int, str], Action]] = {
    (sq, d): Action(kind="ghost", args=(name(sq), d)) for sq in range(board.SQUARES) for d in board.DIRECTIONS
}
STAY: Final = Action(kind="stay")
STUCK: Final = Action(kind="stuck")
_TO_ACT: Final = (frozenset({0}), frozenset({1}))
_NOBODY: Final[frozenset[int]] = frozenset()

HELP_OVERVIEW = """\
**The Closest Ghost** (2 players)

Two friends dropped their trick-or-treat bags in a haunted house. Each of you owns one half of the \
3 x 6 board and races to see your own half emptied of candy.

**Set-up.** Both avatars start in the middle square of their owner's half. Every other square gets a candy, \
16 in all. Two ghosts sit on the corner squares with a dot (A1 and C6), on top of their candy. \
The seed picks who goes first; the other player then puts the third ghost on any square that has \
no avatar or ghost yet (it may cover a candy).

**Your turn** has two moves:
1. **Avatar.** Step one square along one of the arrows of the square you stand on. An arrow that \
leaves the grid brings you in on the far side (top to bottom, left column to right column and back). \
You may not step onto a ghost, but both avatars may share a square. Stepping is compulsory; only \
when every arrow leads to a ghost are you trapped and press **Stay put**. Landing on a visible candy \
picks it up, whichever half it is on.
2. **Ghost.** Then move the ghost nearest to *your* avatar one square up, down, left or right. \
Ghosts ignore the arrows and never wrap around; they may not enter a square with an avatar or a \
ghost. Distance counts straight steps on the grid with no wrap-around. If several ghosts are equally \
near, you pick. If the nearest ghost is boxed in, no ghost moves (press **No ghost can move**).

A ghost standing on a candy hides it: nobody can take it, yet it still counts as candy on that half.
"""

HELP_WINNING = f"""\
**Winning.** The moment one half of the board holds no candy at all, its owner wins, even if the \
other player picked up the last piece.

**House rule: draw.** So every game ends, {DRAW_AFTER} turns in a row with no candy picked up make \
the game a draw.

**Squares** are named by row letter (A top, C bottom) and column number (1-3 is the first player's \
half, 4-6 the second's): B2 and B5 are the two starting squares.

**Our own arrows.** The layout of the board is the printed one, but the printed arrows were not \
available: the arrows here come from a copy made by other players, and which way they point is our \
best reading. They may differ from your board.
"""


class ClosestGhost(Game[ClosestGhostState]):
    id = "closest-ghost"
    name = "The Closest Ghost"
    min_players = 2
    max_players = 2
    Options = NoOptions
    state_type = ClosestGhostState
    hidden_information = False
    house_card_set = True
    help_pages = (HELP_OVERVIEW, HELP_WINNING)

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> ClosestGhostState:
        state = ClosestGhostState(
            players=players,
            seed=seed,
            first=0,
            mover=1,
            avatars=list(board.AVATAR_STARTS),
            ghosts=list(board.DOTTED_CORNERS),
            candy=list(board.CANDY_START),
        )
        state.first = state.chance().randrange(2)
        # The second player's first action is placing the third ghost.
        state.mover = 1 - state.first
        first, second = state.first, state.mover
        state.log.append(say("setup", SETUP, {"first": first, "second": second}))
        return state

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: ClosestGhostState) -> frozenset[int]:
        if state.winner is not None or state.drawn:
            return _NOBODY
        return _TO_ACT[state.mover]

    def closest_ghosts(self, state: ClosestGhostState, seat: int) -> list[int]:
        """Squares of the ghosts nearest to `seat`'s avatar (no wrap-around), in square order."""
        away = DISTANCES[state.avatars[seat]]
        ghosts = state.ghosts
        nearest = min(away[g] for g in ghosts)
        return sorted(g for g in ghosts if away[g] == nearest)

    def legal_actions(self, state: ClosestGhostState, seat: int) -> list[Action]:
        if state.winner is not None or state.drawn or seat != state.mover:
            return []
        ghosts = state.ghosts
        if state.phase == "step":
            steps = [STEP[d] for d, target in AVATAR_STEPS[state.avatars[seat]] if target not in ghosts]
            return steps or [STAY]
        avatars = state.avatars
        if state.phase == "ghost":
            moves = [
                GHOST[(g, d)]
                for g in self.closest_ghosts(state, seat)
                for d, target in GHOST_STEPS[g]
                if target not in avatars and target not in ghosts
            ]
            return moves or [STUCK]
        return [PLACE[sq] for sq in range(board.SQUARES) if sq not in avatars and sq not in ghosts]

    def _apply(self, state: ClosestGhostState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        who = {"who": seat}
        if kind == "place":
            sq = BY_NAME[str(action.args[0])]
            state.ghosts.append(sq)
            state.phase = "step"
            state.mover = state.first
            return [say("place", PLACED[sq in state.candy], who, square=name(sq))]
        if kind == "step":
            return self._step(state, seat, str(action.args[0]))
        if kind == "stay":
            state.quiet_turns += 1
            state.phase = "ghost"
            return [say("stay", STAYS, who, square=name(state.avatars[seat]))]
        events: list[Event] = []
        if kind == "ghost":
            start, direction = BY_NAME[str(action.args[0])], str(action.args[1])
            target = next(t for d, t in GHOST_STEPS[start] if d == direction)
            state.ghosts[state.ghosts.index(start)] = target
            moved = GHOST_MOVED[target in state.candy]
            arrow, square = ARROWS[direction], name(target)
            events.append(say("ghost", moved, who, start=name(start), arrow=arrow, direction=direction, square=square))
        else:  # stuck
            events.append(say("stuck", BOXED_IN, who))
        self._end_turn(state, events)
        return events

    def _step(self, state: ClosestGhostState, seat: int, direction: str) -> list[Event]:
        target = next(t for d, t in AVATAR_STEPS[state.avatars[seat]] if d == direction)
        state.avatars[seat] = target
        state.phase = "ghost"
        # A ghost never shares the avatar's square, so a candy here is uncovered.
        if target not in state.candy:
            state.quiet_turns += 1
            return [
                say("step", STEPPED, {"who": seat}, arrow=ARROWS[direction], direction=direction, square=name(target))
            ]
        state.candy.remove(target)
        state.quiet_turns = 0
        half = owner(target)
        where = {"who": seat, "owner": half}
        took = TOOK_OWN if half == seat else TOOK_OTHERS
        events = [say("take", took, where, arrow=ARROWS[direction], direction=direction, square=name(target))]
        if not any(owner(sq) == half for sq in state.candy):
            state.winner = half
            events.append(say("win", WINS, {"who": half}))
        return events

    def _end_turn(self, state: ClosestGhostState, events: list[Event]) -> None:
        state.turns += 1
        if state.quiet_turns >= DRAW_AFTER:
            state.drawn = True
            events.append(Event(kind="draw", text=f"{DRAW_AFTER} turns passed with no candy picked up: a draw."))
            return
        state.mover = 1 - state.mover
        state.phase = "step"

    # ---- words ----------------------------------------------------------------

    def label(self, state: ClosestGhostState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "step":
            direction = str(action.args[0])
            target = next(t for d, t in AVATAR_STEPS[state.avatars[seat]] if d == direction)
            return f"Move {ARROWS[direction]} {direction} to {name(target)}"
        if kind == "ghost":
            direction = str(action.args[1])
            return f"Move ghost at {action.args[0]} {ARROWS[direction]} {direction}"
        if kind == "place":
            return f"Put the third ghost on {action.args[0]}"
        if kind == "stay":
            return "Stay put (trapped)"
        if kind == "stuck":
            return "No ghost can move: end turn"
        return action.token()

    def why_illegal(self, state: ClosestGhostState, seat: int, action: Action) -> str:
        expected = {"place": "put down the third ghost", "step": "move your avatar", "ghost": "move a ghost"}
        needed = expected[state.phase]
        kind, args = action.kind, action.args
        phase_of = {"place": "place", "step": "step", "stay": "step", "ghost": "ghost", "stuck": "ghost"}
        if kind not in phase_of:
            return f"That is not a move in {self.name}: you must {needed} now."
        if phase_of[kind] != state.phase:
            return f"Not now: you must {needed} first."
        if kind == "stay":
            return "Your avatar is not trapped, so it must move along a free arrow."
        if kind == "stuck":
            return "The ghost nearest to your avatar can still move, so it must."
        if kind == "place":
            sq = BY_NAME.get(str(args[0])) if len(args) == 1 else None
            if sq is None:
                return "Name a square such as B3 for the third ghost."
            return f"{name(sq)} already holds an avatar or a ghost."
        if kind == "step":
            direction = str(args[0]) if len(args) == 1 else ""
            avatar = state.avatars[seat]
            target = next((t for d, t in AVATAR_STEPS[avatar] if d == direction), None)
            if target is None:
                return f"{name(avatar)} has no arrow pointing {direction or 'that way'}."
            return f"A ghost stands on {name(target)}: avatars cannot enter its square."
        start = BY_NAME.get(str(args[0])) if len(args) == 2 else None
        if start is None or start not in state.ghosts:
            return "Name a square with a ghost on it, then a direction."
        closest = self.closest_ghosts(state, seat)
        if start not in closest:
            squares = " or ".join(name(g) for g in closest)
            return f"Only the ghost nearest to your avatar may move: the one on {squares}."
        if args[1] not in board.DIRECTIONS:
            return "A ghost moves up, down, left or right."
        target = next((t for d, t in GHOST_STEPS[start] if d == args[1]), None)
        if target is None:
            return "Ghosts cannot leave the board or wrap around."
        return f"{name(target)} holds an avatar or a ghost: a ghost cannot enter it."

    # ---- information ----------------------------------------------------------

    def view(self, state: ClosestGhostState, seat: int | None) -> ClosestGhostView:
        return ClosestGhostView(
            seat=seat,
            first=state.first,
            mover=state.mover,
            phase=state.phase,
            avatars=tuple(state.avatars),
            ghosts=tuple(state.ghosts),
            candy=tuple(state.candy),
            turns=state.turns,
            quiet_turns=state.quiet_turns,
            winner=state.winner,
            drawn=state.drawn,
            draw_after=DRAW_AFTER,
        )

    def result(self, state: ClosestGhostState) -> Result | None:
        if state.winner is None and not state.drawn:
            return None
        cleared = tuple(8 - sum(1 for sq in state.candy if owner(sq) == seat) for seat in (0, 1))
        if state.winner is None:
            return Result(
                scores=cleared,
                places=(1, 1),
                summary=f"A draw: {DRAW_AFTER} turns in a row passed with no candy picked up.",
            )
        winner = state.winner
        return Result.worded(cleared, (1, 2) if winner == 0 else (2, 1), say("game-over", CLEARED, {"who": winner}))

    def determinize(self, state: ClosestGhostState, seat: int, rng: random.Random) -> ClosestGhostState:
        # Nothing is hidden; only future chance is unknown, hence the fresh seed.
        copy = self.copy_state(state)
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, ClosestGhostView)
        return render_board(view)


def cell(view: ClosestGhostView, sq: int) -> str:
    """Two characters: `1`/`2` avatars (`12` together), `G` ghost (`Go` over a candy), `o` candy, `.` empty."""
    here = "".join(str(seat + 1) for seat in (0, 1) if view.avatars[seat] == sq)
    if here:
        return here.ljust(2)
    if sq in view.ghosts:
        return "Go" if sq in view.candy else "G "
    return "o " if sq in view.candy else ". "


def status(view: ClosestGhostView) -> str:
    if view.winner is not None:
        return for_reader(HALF_CLEAR, {"who": view.winner}, view.seat)
    if view.drawn:
        return f"Draw: {view.draw_after} turns with no candy picked up."
    if view.phase == "place":
        return for_reader(SET_UP, {"who": view.mover, "first": view.first}, view.seat)
    doing = MOVES_AN_AVATAR if view.phase == "step" else MOVES_THE_GHOST
    return for_reader(doing, {"who": view.mover}, view.seat, {"turn": view.turns + 1})


def render_board(view: ClosestGhostView) -> str:
    lines = ["   1  2  3  | 4  5  6"]
    for row in range(board.ROWS):
        cells = [cell(view, board.square(row, column)) for column in range(board.COLUMNS)]
        lines.append(f"{board.ROW_LETTERS[row]}  {' '.join(cells[:3])} | {' '.join(cells[3:])}".rstrip())
    for seat in (0, 1):
        left = sum(1 for sq in view.candy if owner(sq) == seat)
        left_text = plural(left, "candy", "candies")
        lines.append(f"{seat + 1} = {{p{seat}}}: {left_text} left on columns {'1-3' if seat == 0 else '4-6'}")
    lines.append("G ghost, Go ghost over candy, o candy, . empty")
    lines.append(status(view))
    return "\n".join(lines)
