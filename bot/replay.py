"""A game's whole log, rebuilt from its seed and its move log (no discord here).

The state keeps only its last 40 log lines, but the store keeps every move: replaying
the moves from the seed through the rules gives back every line the game ever logged,
and checks the rules against what was stored. Lines the session service added itself
(the turn clock's "ran out of time") are not moves and do not come back; the move the
clock made does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from persistence.models import ResultRow, SeatRow, SessionRow
from persistence.store import Store
from rules import registry
from rules.contract import Action, Event, Game, GameState


class ReplayError(Exception):
    """The stored game cannot be replayed (unknown game, not started, a move the rules refuse)."""


@dataclass(frozen=True)
class Replay:
    game: Game[GameState]
    row: SessionRow
    names: tuple[str, ...]
    #: Every line in order: those logged at the deal, then each move's.
    events: tuple[Event, ...]
    state: GameState

    def public_lines(self) -> list[str]:
        """The lines everyone saw, names put in."""
        return [e.in_words(self.names) for e in self.events if e.seats is None]

    def private_lines(self, seat: int) -> list[str]:
        """The lines only `seat` (with maybe some others) was shown: its own cards and peeks."""
        return [e.in_words(self.names, seat) for e in self.events if e.seats is not None and seat in e.seats]

    def text(self, lines: list[str], heading: str) -> str:
        """A log file: a heading naming the game and its players, then the numbered lines."""
        title = f"{self.game.name} #{self.row.id}: {', '.join(self.names)}"
        body = "\n".join(f"{number:4}. {line}" for number, line in enumerate(lines, start=1))
        return f"{title}\n{heading}\n\n{body or '(no lines)'}\n"

    def problems(self, stored: list[ResultRow]) -> list[str]:
        """Where the replay disagrees with the stored game (empty: they agree)."""
        problems = []
        if self.row.state is not None:
            kept = self.game.load_state(self.row.state)
            if _without_log(kept) != _without_log(self.state):
                problems.append("the replayed state differs from the stored one")
        result = self.game.result(self.state)
        if stored and result is None:
            problems.append("the stored game has a result, the replay does not")
        scores_and_places = (tuple(r.score for r in stored), tuple(r.place for r in stored))
        if result is not None and stored and scores_and_places != (result.scores, result.places):
            problems.append(f"stored result {[(r.score, r.place) for r in stored]} is not the replay's")
        return problems


def _without_log(state: GameState) -> str:
    """A state's JSON without its log, which may hold the service's own lines."""
    return state.model_copy(update={"log": [], "log_dropped": 0}).model_dump_json()


async def replay(store: Store, session_id: int) -> Replay:
    row = await store.get_session(session_id)
    try:
        game = registry.get(row.game_id)
    except KeyError:
        raise ReplayError(f"This build has no game {row.game_id!r}.") from None
    if row.state is None:
        raise ReplayError("That game has not started: there is nothing to replay.")
    seats: list[SeatRow] = await store.seats(session_id)
    state = game.new_game(len(seats), game.options(json.loads(row.options)), row.seed)
    events = list(state.log)
    for move in await store.actions(session_id):
        try:
            events.extend(game.apply(state, move.seat, Action.parse(move.action)))
        except Exception as refused:  # a stored move the rules refuse: the store and the rules disagree
            raise ReplayError(f"move {move.seq} ({move.action}) does not replay: {refused}") from None
    return Replay(game=game, row=row, names=tuple(s.name for s in seats), events=tuple(events), state=state)
