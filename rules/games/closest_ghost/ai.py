"""The Closest Ghost computer player: walk to your own candy, use the ghost to block.

The heuristic scores the position after each move: candy left on each half, how many
avatar steps each player needs to reach an uncovered candy of their own half (arrows,
wrap-around and ghosts included), and which candies the ghosts hide. Everything on the
table is public, so the same scoring drives the search's playouts.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from rules.contract import Action, Game, GameState, View
from rules.games.closest_ghost.board import AVATAR_STEPS, BY_NAME, GHOST_STEPS, SQUARES, distance, owner
from rules.games.closest_ghost.state import ClosestGhostState, ClosestGhostView
from rules.kit.heuristics import best

#: A won (lost) position: beyond any other score.
WIN = 10_000.0
#: Steps counted for a half whose candy no avatar path can reach now.
UNREACHABLE = 12
#: Worth of one candy taken off a half, in avatar steps.
CANDY = 6.0
#: Worth of a ghost hiding a candy (blocks that half's owner from finishing).
COVER = 2.5


def steps_to_candy(start: int, half: int, ghosts: Sequence[int], candy: Sequence[int]) -> int:
    """Fewest avatar steps from `start` to an uncovered candy of `half` (breadth first)."""
    targets = {sq for sq in candy if owner(sq) == half and sq not in ghosts}
    if not targets:
        return UNREACHABLE
    seen = [False] * SQUARES
    seen[start] = True
    queue = deque([(start, 0)])
    while queue:
        sq, dist = queue.popleft()
        for _, target in AVATAR_STEPS[sq]:
            if seen[target] or target in ghosts:
                continue
            if target in targets:
                return dist + 1
            seen[target] = True
            queue.append((target, dist + 1))
    return UNREACHABLE


def score(seat: int, avatars: Sequence[int], ghosts: Sequence[int], candy: Sequence[int]) -> float:
    """How good the table is for `seat` (higher is better)."""
    rival = 1 - seat
    mine = sum(1 for sq in candy if owner(sq) == seat)
    theirs = len(candy) - mine
    if mine == 0:
        return WIN
    if theirs == 0:
        return -WIN
    covered_mine = sum(1 for g in ghosts if g in candy and owner(g) == seat)
    covered_theirs = sum(1 for g in ghosts if g in candy and owner(g) == rival)
    return (
        CANDY * (theirs - mine)
        - steps_to_candy(avatars[seat], seat, ghosts, candy)
        + 0.8 * steps_to_candy(avatars[rival], rival, ghosts, candy)
        + COVER * (covered_theirs - covered_mine)
    )


def after(
    action: Action, seat: int, avatars: Sequence[int], ghosts: Sequence[int], candy: Sequence[int]
) -> tuple[list[int], list[int], list[int]]:
    """The table after `seat` plays `action` (candy taken on a step, ghost moved or placed)."""
    new_avatars, new_ghosts, new_candy = list(avatars), list(ghosts), list(candy)
    kind = action.kind
    if kind == "step":
        target = next(t for d, t in AVATAR_STEPS[avatars[seat]] if d == action.args[0])
        new_avatars[seat] = target
        if target in new_candy:
            new_candy.remove(target)
    elif kind == "ghost":
        start = BY_NAME[str(action.args[0])]
        target = next(t for d, t in GHOST_STEPS[start] if d == action.args[1])
        new_ghosts[new_ghosts.index(start)] = target
    elif kind == "place":
        new_ghosts.append(BY_NAME[str(action.args[0])])
    return new_avatars, new_ghosts, new_candy


def place_score(seat: int, square: int, avatars: Sequence[int], candy: Sequence[int]) -> float:
    # The third ghost is best on a rival candy, far from both avatars so it stays put.
    rival = 1 - seat
    hides = 3.0 if square in candy and owner(square) == rival else 0.0
    if square in candy and owner(square) == seat:
        hides = -3.0
    return hides + 0.3 * min(distance(square, a) for a in avatars)


def decide(
    seat: int,
    phase: str,
    avatars: Sequence[int],
    ghosts: Sequence[int],
    candy: Sequence[int],
    legal: list[Action],
    rng: random.Random,
) -> Action:
    if phase == "place":
        return best(legal, lambda a: place_score(seat, BY_NAME[str(a.args[0])], avatars, candy), rng)
    return best(legal, lambda a: score(seat, *after(a, seat, avatars, ghosts, candy)), rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, ClosestGhostView)
    assert view.seat is not None
    return decide(view.seat, view.phase, view.avatars, view.ghosts, view.candy, legal, rng)


def easy(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Any move, except picking up the rival's candy when another step is possible."""
    assert isinstance(view, ClosestGhostView)
    assert view.seat is not None
    seat = view.seat
    if view.phase == "step":
        harmless = []
        for action in legal:
            avatars, _, candy = after(action, seat, view.avatars, view.ghosts, view.candy)
            took_rival_candy = len(candy) < len(view.candy) and owner(avatars[seat]) != seat
            if not took_rival_candy:
                harmless.append(action)
        return rng.choice(harmless or legal)
    return rng.choice(legal)


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """Mostly the heuristic, sometimes a random move, so playouts vary."""
    assert isinstance(state, ClosestGhostState)
    if rng.random() < 0.25:
        return rng.choice(legal)
    return decide(seat, state.phase, state.avatars, state.ghosts, state.candy, legal, rng)


NORMAL = normal
EASY = easy
ROLLOUT = rollout
ITERATIONS = 150
