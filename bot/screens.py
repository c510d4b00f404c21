"""What each viewer of a session may see, as a renderer's `Seen` (no discord import)."""

from __future__ import annotations

from bot.renderers.base import Seen
from bot.sessions import Session
from rules.contract import Action


def table_seen(session: Session) -> Seen:
    """The public table: the spectator view, public events, and the move controls of
    the seats to act when the game has nothing secret (otherwise moves are made privately)."""
    legal: list[tuple[int, Action, str]] = []
    if not session.game.hidden_information:
        for seat in sorted(session.to_act()):
            legal += [(seat, action, label) for action, label in session.legal(seat)]
    return Seen(
        game=session.game,
        view=session.view(None),
        seat=None,
        names=session.names,
        to_act=session.to_act(),
        events=session.events(None),
        legal=tuple(legal),
        result=session.result(),
        title=f"{session.game.name} · game #{session.id}",
    )


def hand_seen(session: Session, seat: int) -> Seen:
    """One player's private screen: their view, the events they may see, their moves."""
    return Seen(
        game=session.game,
        view=session.view(seat),
        seat=seat,
        names=session.names,
        to_act=session.to_act(),
        events=session.events(seat),
        legal=tuple((seat, action, label) for action, label in session.legal(seat)),
        result=session.result(),
        title=f"{session.game.name} · your seat ({session.names[seat]})",
    )
