"""What each viewer of a game may see, as a renderer's `Seen` (no discord import)."""

from __future__ import annotations

from typing import Any

from bot.renderers.base import Seen
from bot.sessions import ACTIVE, Session
from rules.contract import NARROW, WIDEN, Action, Game, GameState

#: How many recent log lines a screen shows.
RECENT = 8


def seen_of(
    game: Game[Any],
    state: GameState,
    seat: int | None,
    names: tuple[str, ...],
    *,
    playing: bool = True,
    title: str = "",
) -> Seen:
    """The screen of `seat` (None: the public table) for a state.

    The table carries the move controls of the seats to act only when the game has
    nothing secret; otherwise moves are made privately. `playing` is False for a
    game that was ended early: nobody may move any more.
    """
    to_act = game.to_act(state) if playing else frozenset()
    if seat is None:
        acting = sorted(to_act) if not game.hidden_information else []
    else:
        # A seat that may still change its simultaneous choice (ruling G9) has its moves too.
        acting = [seat] if seat in to_act or (playing and seat in game.may_change(state)) else []
    legal: list[tuple[int, Action, str]] = []
    steps: list[tuple[int, Action, str, Action | None]] = []
    not_offered: set[tuple[int, Action]] = set()
    for s in acting:
        moves = game.legal_actions(state, s)
        legal += [(s, action, game.label(state, s, action)) for action in moves]
        offered = game.choices(state, s, moves)
        if offered != moves:
            # More moves than one decision holds: the screen offers one step of them.
            steps += [
                (s, a, game.choice_label(state, s, a), next(iter(game.choice_members(state, s, a)), None))
                for a in offered
                if a.kind in (NARROW, WIDEN)
            ]
            not_offered.update((s, action) for action in moves if action not in offered)
    return Seen(
        game=game,
        view=game.view(state, seat),
        seat=seat,
        names=names,
        to_act=to_act,
        events=tuple(state.recent_log(seat, RECENT)),
        legal=tuple(legal),
        result=game.result(state),
        title=title,
        steps=tuple(steps),
        not_offered=frozenset(not_offered),
    )


def table_seen(session: Session) -> Seen:
    """The public table of a session."""
    assert session.state is not None
    return seen_of(
        session.game,
        session.state,
        None,
        session.names,
        playing=session.status == ACTIVE,
        title=f"{session.game.name} · game #{session.id}",
    )


def hand_seen(session: Session, seat: int) -> Seen:
    """One player's private screen: their view, the events they may see, their moves."""
    assert session.state is not None
    return seen_of(
        session.game,
        session.state,
        seat,
        session.names,
        playing=session.status == ACTIVE,
        title=f"{session.game.name} · your seat ({session.names[seat]})",
    )
