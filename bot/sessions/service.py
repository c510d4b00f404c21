"""The session service: the one owner of every change to a game session.

Every front end (Discord, the command line, tests, benchmarks) goes through it,
and so do computer seats. A change follows the same steps every time:

1. take the session's `asyncio.Lock` (one per session; sessions run in parallel);
2. load the session (memory cache, else the store);
3. check the actor owns the seat and that the move the control was drawn for
   still stands (see `act`);
4. `apply` the action to a copy of the state;
5. commit state + action-log row + new version in one SQLite transaction;
6. only then swap the new state in and tell the listeners what changed.

A crash between any two steps loses nothing a player was told had happened.
Computer seats, away players' seats (played by the computer until "I'm back"),
moves made because a turn clock ran out (bot/turn_clock.py decides when) and a
player's only move, made for them when the table's options say so (ruling G10),
all go through this same path. Seats of a running game change hands here too
(`seat_to_computer`, `give_seat`, `leave_game`, `back`); those are not moves. When the
last player's seat goes to a computer, the game ends as abandoned (`_end_if_nobody_plays`).
No discord import here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable, Collection
from typing import Any

from pydantic import ValidationError

from bot.sessions.errors import (
    GameOver,
    IllegalMove,
    LobbyError,
    NotAllowed,
    NotYourSeat,
    NotYourTurn,
    SessionError,
    StaleMove,
    UnknownSession,
)
from bot.sessions.session import (
    ABANDONED,
    ACTIVE,
    DEFAULT_COMPUTER,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    TURN_CLOCKS,
    Change,
    ChangeKind,
    Listener,
    Player,
    Session,
)
from persistence.errors import NotFound, StoreClosed, VersionConflict
from persistence.models import ResultRow, SeatRow, SessionRow
from persistence.store import Store
from rules import registry
from rules.contract import NARROW, WIDEN, Action, Event, Game, GameState, Result, say, seats_text
from rules.kit.errors import RuleError
from rules.kit.words import message
from rules.players import player_for

#: Moves that only take a step in a long choice (`Game.choices`): they change nothing in the game.
STEP_KINDS = frozenset({NARROW, WIDEN})

RAN_OUT = message(
    "⏰ {who} ran out of time: the computer moved for them.",
    who="⏰ You ran out of time: the computer moved for you.",
)
TOOK_OVER = message(
    "⏰ {who} ran out of time: the computer moved for them. It plays their seat until they press I'm back.",
    who="⏰ You ran out of time: the computer moved for you. It plays your seat until you press I'm back.",
)

log = logging.getLogger(__name__)

#: The largest session id the store can hold (a signed 64-bit integer).
MAX_SESSION_ID = 2**63 - 1


class _Reloaded(StaleMove):
    """A move lost a race with another process; the session has been reloaded from the store."""


class SessionService:
    """Creates, changes and resumes sessions. One instance per process."""

    def __init__(
        self,
        store: Store,
        *,
        computer_delay: float = 0.0,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
        owns: Callable[[int | None], bool] = lambda guild_id: True,
    ) -> None:
        self.store = store
        #: Whether this process owns a guild's sessions (bot/shards.py): only the owner runs their
        #: computer seats. Every process may move any session; the store keeps them consistent.
        self.owns = owns
        self.computer_delay = computer_delay
        self._seed_source = seed_source
        self._sessions: dict[int, Session] = {}
        self._loading: dict[int, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._computer_tasks: dict[int, asyncio.Task[None]] = {}
        self._closing = False
        self._refreshing: set[asyncio.Task[None]] = set()

    # ---- other processes (shard processes sharing PostgreSQL; see bot/shards.py) ----------

    async def watch_other_processes(self) -> None:
        """Learn of every change another process commits (the store's LISTEN/NOTIFY on PostgreSQL;
        nothing happens on SQLite, which serves one process)."""
        await self.store.watch(self._heard, self._heard_nothing_for_a_while)

    def _heard(self, session_id: int, version: int) -> None:
        if self._closing:
            return
        task = asyncio.get_running_loop().create_task(self.refresh(session_id, version), name=f"heard-{session_id}")
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    def _heard_nothing_for_a_while(self) -> None:
        """The store's listening connection was lost and is back: look again at every session held."""
        for session_id in list(self._sessions):
            self._heard(session_id, 0)

    async def refresh(self, session_id: int, version: int) -> None:
        """Another process changed the session (now at `version`): reload it in place, so no one here
        acts on the old copy, and tell the listeners as if the change were our own. A session this
        process neither holds nor owns is left to be loaded when it is asked for."""
        session = self._sessions.get(session_id)
        if session is None:
            try:
                row = await self.store.get_session(session_id)
            except NotFound:
                return
            if not self.owns(row.guild_id) or row.status not in OPEN_STATUSES:
                return
            session = await self.get(session_id)
        async with session.lock:
            if not await self._reload_locked(session):
                return
        kind: ChangeKind = "moved"
        if session.status in (FINISHED, ABANDONED, LOBBY):
            kind = "finished" if session.status == FINISHED else "abandoned" if session.status == ABANDONED else "lobby"
        self._notify(Change(session, kind, (), frozenset(range(len(session.seats)))))
        if session.status == ACTIVE:
            self._kick_computers(session)

    async def _reload_locked(self, session: Session) -> bool:
        """Make `session` (whose lock the caller holds) what the store holds, in place, so that every
        task holding it (a computer runner, a clock) sees the new state. False if the store is behind."""
        row = await self.store.get_session(session.id)
        if row.version < session.row.version:
            return False  # an old notice: what we hold is newer
        fresh = await self._build(row)
        session.row, session.seats, session.state = fresh.row, fresh.seats, fresh.state
        session.moves, session.steps = fresh.moves, fresh.steps
        return True

    # ---- listeners ---------------------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """`listener(change)` is called after each commit. It must not block: schedule work."""
        self._listeners.append(listener)

    def _notify(self, change: Change) -> None:
        for listener in self._listeners:
            try:
                listener(change)
            except Exception:  # a broken front end must not undo a committed move
                log.exception("session %s: listener failed on %s", change.session.id, change.kind)

    # ---- loading -------------------------------------------------------------------

    async def get(self, session_id: int) -> Session:
        """The session, from memory or the store. UnknownSession if there is none."""
        if not 0 < session_id <= MAX_SESSION_ID:
            # A crafted custom_id can carry any number; the store's integers stop at 2^63 - 1.
            raise UnknownSession("That game no longer exists.")
        cached = self._sessions.get(session_id)
        if cached is not None:
            return cached
        guard = self._loading.setdefault(session_id, asyncio.Lock())
        async with guard:
            cached = self._sessions.get(session_id)
            if cached is not None:
                return cached
            try:
                row = await self.store.get_session(session_id)
            except NotFound:
                raise UnknownSession("That game no longer exists.") from None
            session = await self._build(row)
            self._sessions[session_id] = session
            return session

    async def _build(self, row: SessionRow) -> Session:
        """The session as stored at one moment. Its row, seats and move log are three reads, and
        another process (bot/shards.py) may commit a move between them: a move log one longer than
        the state would number this state's screens as the next one's, so a click on them would be
        judged against a state it was not drawn from. The version, bumped by every move, is read
        again after the log; if it moved, everything is read again."""
        while True:
            seats = await self.store.seats(row.id)
            actions = await self.store.actions(row.id) if row.state is not None else []
            again = await self.store.get_session(row.id)
            if again.version == row.version:
                break
            row = again
        session = self._assemble(row, seats, [a.seat for a in actions])
        session.steps = {number for number, a in enumerate(actions) if a.action.split(".", 1)[0] in STEP_KINDS}
        return session

    @staticmethod
    def _assemble(row: SessionRow, seats: list[SeatRow], moves: list[int]) -> Session:
        try:
            game = registry.get(row.game_id)
        except KeyError:
            raise UnknownSession(f"This bot no longer knows the game {row.game_id!r}.") from None
        state = game.load_state(row.state) if row.state is not None else None
        return Session(row=row, seats=sorted(seats, key=lambda s: s.seat), game=game, state=state, moves=moves)

    async def open_sessions(self, guild_id: int | None = None) -> list[Session]:
        rows = await self.store.list_sessions(statuses=OPEN_STATUSES, guild_id=guild_id)
        return [await self.get(r.id) for r in rows]

    async def resume_all(self) -> list[Session]:
        """On start-up: load every open session and let computer seats carry on.

        Three queries in all (sessions, their seats, their moves), not three per session: a bot
        with ten thousand open games is back in a second or two."""
        rows = await self.store.list_sessions(statuses=OPEN_STATUSES)
        seats = await self.store.seats_by_session(OPEN_STATUSES)
        movers = await self.store.movers_by_session(OPEN_STATUSES)
        # As in `_build`: a session another process moved during these reads is read again alone.
        versions = await self.store.versions(OPEN_STATUSES)
        sessions = []
        for row in rows:
            if row.id not in self._sessions:
                try:
                    if versions.get(row.id) != row.version:
                        self._sessions[row.id] = await self._build(await self.store.get_session(row.id))
                    else:
                        self._sessions[row.id] = self._assemble(row, seats.get(row.id, []), movers.get(row.id, []))
                except UnknownSession:
                    log.warning("session %s: game %r is not in this build; left as it is", row.id, row.game_id)
                    continue
            sessions.append(self._sessions[row.id])
        for session in sessions:
            if session.status == ACTIVE:
                self._kick_computers(session)
        log.info("resumed %d open sessions", len(sessions))
        return sessions

    # ---- lobby ---------------------------------------------------------------------

    async def create_lobby(
        self,
        game_id: str,
        host: Player,
        *,
        options: dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        place: str | None = None,
        seed: int | None = None,
        seat_host: bool = True,
    ) -> Session:
        """Open a lobby. The host takes seat 0 unless `seat_host` is False (all-computer tables).
        `place` is the server's name, kept so private messages can name it after a restart."""
        try:
            game = registry.get(game_id)
        except KeyError as unknown:
            raise LobbyError(str(unknown.args[0])) from None
        # Every choice is checked now, not first at Start: a lobby never opens with options its
        # Start would refuse. What depends on the player count narrows the counts the lobby shows.
        try:
            opts = game.options(options)
            game.player_counts(opts)
        except ValidationError as bad:
            raise LobbyError(f"Those options do not work for {game.name}: {options_sentence(game, bad)}") from None
        except RuleError as wrong:
            raise LobbyError(f"Those options do not work for {game.name}: {wrong.message}") from None
        row = await self.store.create_session(
            game_id=game.id,
            options=opts.model_dump_json(),
            seed=self._seed_source() if seed is None else seed,
            host_id=host.user_id,
            guild_id=guild_id,
            channel_id=channel_id,
            place=place,
        )
        seats = [_human_seat(row.id, 0, host)] if seat_host else []
        await self.store.replace_seats(row.id, seats)
        session = Session(row=row, seats=seats, game=game, state=None)
        self._sessions[row.id] = session
        log.info("session %s: lobby for %s opened by %s", row.id, game.id, host.user_id)
        self._notify(Change(session, "lobby"))
        return session

    async def join(self, session_id: int, player: Player) -> Session:
        async with self._lobby(session_id) as session:
            if session.seat_of(player.user_id) is not None:
                raise LobbyError("You are already at this table.")
            _require_room(session)
            await self._set_seats(session, [*session.seats, _human_seat(session.id, len(session.seats), player)])
        return session

    async def leave(self, session_id: int, player: Player) -> Session:
        async with self._lobby(session_id) as session:
            seat = session.seat_of(player.user_id)
            if seat is None:
                raise LobbyError("You are not at this table.")
            remaining = [s for s in session.seats if s.seat != seat]
            if not any(s.user_id is not None for s in remaining):
                raise LobbyError("You are the last player here: cancel the game instead.")
            if player.user_id == session.row.host_id:
                # The host role passes to the next human, so the lobby never loses its controls.
                new_host = next(s.user_id for s in remaining if s.user_id is not None)
                session.row = await self.store.update_session(session.id, session.row.version, host_id=new_host)
            await self._set_seats(session, remaining)
        return session

    async def add_computer(self, session_id: int, by: Player, level: str = DEFAULT_COMPUTER) -> Session:
        try:
            player_for(level)
        except ValueError as unknown:
            raise LobbyError(str(unknown)) from None
        async with self._lobby(session_id) as session:
            self._require_host(session, by, "add computer players")
            _require_room(session)
            fields = _computer_seat(len(session.computers()) + 1, level)
            seat = SeatRow(session_id=session.id, seat=len(session.seats), **fields)
            await self._set_seats(session, [*session.seats, seat])
        return session

    async def remove_computer(self, session_id: int, by: Player) -> Session:
        async with self._lobby(session_id) as session:
            self._require_host(session, by, "remove computer players")
            computers = session.computers()
            if not computers:
                raise LobbyError("There is no computer player to remove.")
            last = computers[-1].seat
            await self._set_seats(session, [s for s in session.seats if s.seat != last])
        return session

    async def set_turn_clock(self, session_id: int, by: Player, seconds: int | None) -> Session:
        """The host chooses the time per move (one of TURN_CLOCKS; None: no clock)."""
        if seconds not in TURN_CLOCKS:
            raise LobbyError("The turn clock can be " + ", ".join(TURN_CLOCKS.values()) + ".")
        async with self._lobby(session_id) as session:
            self._require_host(session, by, "set the turn clock")
            session.row = await self.store.update_session(session.id, session.row.version, turn_seconds=seconds)
        return session

    async def start(self, session_id: int, by: Player) -> Session:
        async with self._lobby(session_id) as session:
            self._require_host(session, by, "start the game")
            opts = session.game.options(session.options)
            try:
                state = session.game.new_game(len(session.seats), opts, session.row.seed)
            except RuleError as wrong:
                raise LobbyError(wrong.message) from None
            session.row = await self.store.update_session(
                session.id, session.row.version, status=ACTIVE, state=session.game.dump_state(state)
            )
            session.state = state
            session.moves = []
            session.steps = set()
            log.info("session %s: %s started with %d seats", session.id, session.game.id, len(session.seats))
        self._notify(Change(session, "started", tuple(state.log), frozenset(range(len(session.seats)))))
        self._kick_computers(session)
        return session

    async def rematch(self, session_id: int, by: Player) -> Session:
        """A new lobby with the same game, options and seats, started at once."""
        old = await self.get(session_id)
        if old.status != FINISHED:
            raise LobbyError("A rematch can start once this game is over.")
        if old.seat_of(by.user_id) is None:
            raise NotAllowed("Only the players of this game can ask for a rematch.")
        row = await self.store.create_session(
            game_id=old.game.id,
            options=old.row.options,
            seed=self._seed_source(),
            host_id=by.user_id,
            guild_id=old.row.guild_id,
            channel_id=old.row.channel_id,
            turn_seconds=old.row.turn_seconds,
            place=old.row.place,
        )
        fresh = {"dm_message_id": None, "away": False}
        seats = [s.model_copy(update={"session_id": row.id, **fresh}) for s in old.seats]
        await self.store.replace_seats(row.id, seats)
        self._sessions[row.id] = Session(row=row, seats=seats, game=old.game, state=None)
        return await self.start(row.id, by)

    async def abandon(self, session_id: int, by: Player) -> Session:
        session = await self.get(session_id)
        async with session.lock:
            if session.status not in OPEN_STATUSES:
                raise GameOver("This game has already ended.")
            if by.user_id != session.row.host_id and not by.is_admin:
                raise NotAllowed("Only the host or a server manager can end this game.")
            session.row = await self.store.update_session(session.id, session.row.version, status=ABANDONED)
            log.info("session %s: abandoned by %s", session.id, by.user_id)
        self._stop_computers(session.id)
        self._notify(Change(session, "abandoned"))
        return session

    # ---- play ----------------------------------------------------------------------

    async def act(
        self,
        session_id: int,
        actor: int | None,
        seat: int,
        action: Action,
        move_number: int | None = None,
    ) -> tuple[Event, ...]:
        """Play `action` for `seat`.

        `actor` is the user id (None for a computer seat, which only the service
        itself moves). `move_number` is what the control was drawn for: a click
        from an older picture is refused if the seat has moved since, so a double
        click or an old button never plays twice; otherwise it still counts when
        the action is still legal (others moving meanwhile, as in simultaneous
        choices, does not spoil a player's buttons).
        """
        session = await self.get(session_id)
        async with session.lock:
            if move_number is not None and move_number > session.move_number:
                # Drawn from a newer picture than ours: another process (bot/shards.py) moved and its
                # notice has not reached us yet. Read the store rather than refuse a good click.
                await self._reload_locked(session)
            try:
                return await self._act_locked(session, actor, seat, action, move_number)
            except _Reloaded:
                # Another process moved first; judged again, once, on what it stored: still legal
                # (another seat's simultaneous choice, say) it counts, else it is refused.
                return await self._act_locked(session, actor, seat, action, move_number)

    async def _act_locked(
        self,
        session: Session,
        actor: int | None,
        seat: int,
        action: Action,
        move_number: int | None,
        *,
        by_service: bool = False,
        note: Event | None = None,
    ) -> tuple[Event, ...]:
        """The one path of every move. `by_service`: the service itself moves for the seat (a
        computer, an away player, a clock that ran out); `note` is a log line added to the move's."""
        if session.status in (FINISHED, ABANDONED):
            raise GameOver("This game is over.")
        if session.status != ACTIVE or session.state is None:
            raise LobbyError("This game has not started yet.")
        if not 0 <= seat < len(session.seats):
            raise NotYourSeat("There is no such seat at this table.")
        owner = session.seats[seat]
        if not by_service and owner.user_id != actor:
            raise NotYourSeat("That is not your seat: only its player can move for it.")
        if not by_service and owner.away:
            raise NotYourTurn("The computer is playing your seat while you are away: press **I'm back** first.")
        if move_number is not None and (move_number > session.move_number or session.acted_since(seat, move_number)):
            raise StaleMove("This move is no longer possible: the game has moved on.")
        game, state = session.game, session.state
        if seat not in game.to_act(state) and seat not in game.may_change(state):
            if move_number is not None:
                raise StaleMove("This move is no longer possible: the game has moved on.")
            raise NotYourTurn(_names(game.why_not_your_turn(state, seat), session))
        # The move is played on a copy, so nobody sees it before it is stored.
        new_state = game.copy_state(state)
        try:
            events = game.apply(new_state, seat, action)
        except RuleError as illegal:
            if move_number is not None and move_number < session.move_number:
                raise StaleMove("This move is no longer possible: the game has moved on.") from None
            raise IllegalMove(_names(illegal.message, session)) from None
        if note is not None:
            # A line of the service's own ("the clock ran out") joins the game's log so every
            # renderer shows it. It is presentation only: replaying the action log through the
            # rules gives the same state but for these lines.
            new_state.log.append(note)
            events = [*events, note]
        result = game.result(new_state)
        await self._commit(session, new_state, result, seat, action)
        session.state = new_state
        if action.kind in STEP_KINDS:
            session.steps.add(session.move_number)
        session.moves.append(seat)
        kind: ChangeKind = "finished" if result is not None else "moved"
        self._notify(Change(session, kind, tuple(events), frozenset(range(len(session.seats)))))
        if result is None:
            self._kick_computers(session)
        return tuple(events)

    async def _commit(
        self, session: Session, state: GameState, result: Result | None, seat: int, action: Action
    ) -> None:
        """Store the state after a move (`result`: the game's, once it is over) with the move."""
        game = session.game
        text = game.dump_state(state)
        try:
            if result is None:
                version = await self.store.commit_move(
                    session.id, session.row.version, state=text, seat=seat, action=action.token()
                )
                # The stored row's updated_at moved too; keep ours near it so `/hand` and other
                # "most recent game first" orders see this move without a reload.
                session.row = session.row.model_copy(
                    update={"state": text, "version": version, "updated_at": time.time()}
                )
            else:
                now = time.time()
                rows = [
                    ResultRow(
                        session_id=session.id,
                        seat=s.seat,
                        user_id=s.user_id,
                        computer=s.computer,
                        game_id=game.id,
                        guild_id=session.row.guild_id,
                        score=result.scores[s.seat],
                        place=result.places[s.seat],
                        finished_at=now,
                    )
                    for s in session.seats
                ]
                version = await self.store.finish(
                    session.id, session.row.version, state=text, seat=seat, action=action.token(), results=rows
                )
                session.row = session.row.model_copy(
                    update={"state": text, "version": version, "status": FINISHED, "updated_at": now}
                )
                log.info("session %s: finished: %s", session.id, _names(result.summary, session))
        except VersionConflict:
            # Another process moved this session first: take its version (nothing of ours was stored)
            # and let the player look again and retry; its notice will redraw the messages.
            await self._reload_locked(session)
            raise _Reloaded("The game changed while you moved; look again and retry.") from None

    # ---- the turn clock (bot/turn_clock.py decides when; moves go the one path) -------------

    async def timeout_move(self, session_id: int, seat: int, since: int, *, take_over: bool = False) -> int | None:
        """The seat's time ran out: the computer makes its move. Returns the move's number, or
        None if there is nothing to do (the player moved since move number `since`, the seat is
        no longer to act, the game ended). `take_over` also marks the seat away, before the move
        is committed: a crash in between leaves the computer runner to make that move."""
        session = await self.get(session_id)
        async with session.lock:
            if session.status != ACTIVE or session.state is None or not 0 <= seat < len(session.seats):
                return None
            owner = session.seats[seat]
            stale = since > session.move_number or session.moved_since(seat, since)
            if owner.user_id is None or owner.away or stale or seat not in session.to_act():
                return None
            if take_over:
                await self._change_seat(session, seat, away=True)
            rng = random.Random(f"{session.row.seed}:{session.move_number}:{seat}")
            action = await asyncio.to_thread(
                player_for(DEFAULT_COMPUTER).choose, session.game, session.state, seat, rng
            )
            note = say("clock", TOOK_OVER if take_over else RAN_OUT, {"who": seat})
            number = session.move_number
            await self._act_locked(session, None, seat, action, None, by_service=True, note=note)
            log.info("session %s: seat %s timed out%s", session.id, seat, " and is away" if take_over else "")
            return number

    async def back(self, session_id: int, seat: int, player: Player) -> Session:
        """An away player takes their seat back from the computer ("I'm back")."""
        session = await self.get(session_id)
        async with session.lock:
            self._require_running(session)
            if not 0 <= seat < len(session.seats) or session.seats[seat].user_id != player.user_id:
                raise NotYourSeat("Only the player of that seat can take it back.")
            if not session.seats[seat].away:
                raise NotAllowed("You are not away: your seat is yours to play.")
            await self._change_seat(session, seat, away=False)
            log.info("session %s: seat %s is back", session.id, seat)
        # Back with a single move to make, the player has it made for them (ruling G10).
        self._seats_changed(session, seat)
        return session

    # ---- seats of a running game ----------------------------------------------------------

    async def seat_to_computer(self, session_id: int, seat: int, by: Player, level: str = DEFAULT_COMPUTER) -> Session:
        """The host (or a server manager) gives a seat to a computer player."""
        level = _checked_level(level)
        session = await self.get(session_id)
        async with session.lock:
            self._require_running(session)
            self._require_host_or_admin(session, by, "hand seats to the computer")
            self._require_seat(session, seat)
            if session.seats[seat].computer is not None:
                raise NotAllowed(f"Seat {seat + 1} is already a computer player.")
            await self._make_computer(session, seat, level)
            ended = await self._end_if_nobody_plays(session)
        self._seats_changed(session, seat, ended=ended)
        return session

    async def give_seat(self, session_id: int, seat: int, by: Player, to: Player) -> Session:
        """The host (or a server manager) hands a seat to another member, who plays on from it."""
        session = await self.get(session_id)
        async with session.lock:
            self._require_running(session)
            self._require_host_or_admin(session, by, "hand seats to other members")
            self._require_seat(session, seat)
            if session.seat_of(to.user_id) is not None:
                raise NotAllowed(f"{to.name} already plays at this table.")
            await self._change_seat(
                session,
                seat,
                user_id=to.user_id,
                computer=None,
                name=to.name,
                dm_channel_id=None,
                dm_message_id=None,
                dm_refused=False,
                away=False,
            )
            log.info("session %s: seat %s handed to %s by %s", session.id, seat, to.user_id, by.user_id)
        self._seats_changed(session, seat)
        return session

    async def leave_game(self, session_id: int, player: Player) -> Session:
        """A player leaves a running game; a computer plays on in their seat(s)."""
        session = await self.get(session_id)
        async with session.lock:
            self._require_running(session)
            seats = session.seats_of(player.user_id)
            if not seats:
                raise NotYourSeat("You are not playing in this game.")
            for seat in seats:
                await self._make_computer(session, seat, DEFAULT_COMPUTER)
            if player.user_id == session.row.host_id:
                heir = next((s.user_id for s in session.humans()), None)
                if heir is not None:
                    session.row = await self.store.update_session(session.id, session.row.version, host_id=heir)
            log.info("session %s: %s left; seats %s go to the computer", session.id, player.user_id, seats)
            ended = await self._end_if_nobody_plays(session)
        self._seats_changed(session, *seats, ended=ended)
        return session

    async def _end_if_nobody_plays(self, session: Session) -> bool:
        """When every seat has become a computer's (players left or handed theirs over; an away seat
        is still its player's), nobody is left to watch: the game ends as abandoned rather than
        computers playing on in an empty thread. An abandoned game stores no results, so it rates
        nobody. The caller holds the lock; True if the game ended."""
        while not session.humans() and session.status == ACTIVE:
            try:
                session.row = await self.store.update_session(session.id, session.row.version, status=ABANDONED)
            except VersionConflict:
                await self._reload_locked(session)  # another process moved first: judge again on its copy
                continue
            log.info("session %s: no player is left; the game ends unfinished", session.id)
            return True
        return False

    async def _make_computer(self, session: Session, seat: int, level: str) -> None:
        await self._change_seat(session, seat, **_computer_seat(len(session.computers()) + 1, level), away=False)

    async def _change_seat(self, session: Session, seat: int, **fields: Any) -> None:
        """Store a seat's new owner or flags (not a move: no version bump), then hold it in memory."""
        await self.store.update_seat(session.id, seat, **fields)
        session.seats[seat] = session.seats[seat].model_copy(update=fields)

    def _seats_changed(self, session: Session, *seats: int, ended: bool = False) -> None:
        if ended:
            self._stop_computers(session.id)
            self._notify(Change(session, "abandoned", seats=frozenset(seats)))
            return
        self._notify(Change(session, "seats", seats=frozenset(seats)))
        self._kick_computers(session)

    @staticmethod
    def _require_running(session: Session) -> None:
        if session.status == LOBBY:
            raise LobbyError("This game has not started yet.")
        if session.status != ACTIVE or session.state is None:
            raise GameOver("This game is over.")

    @staticmethod
    def _require_host_or_admin(session: Session, by: Player, what: str) -> None:
        if by.user_id != session.row.host_id and not by.is_admin:
            raise NotAllowed(f"Only the host or a server manager can {what}.")

    @staticmethod
    def _require_seat(session: Session, seat: int) -> None:
        if not 0 <= seat < len(session.seats):
            raise NotYourSeat(f"There is no seat {seat + 1} at this table (seats 1 to {len(session.seats)}).")

    # ---- computer seats --------------------------------------------------------------

    def _kick_computers(self, session: Session) -> None:
        """Start the session's computer runner if a seat it moves for is to act: a computer's, an
        away player's, or a player who has just one move (`Session.only_move`)."""
        if self._closing or session.id in self._computer_tasks:
            return
        if not self.owns(session.row.guild_id):
            return  # the owner's process runs them (bot/shards.py)
        if not any(session.moved_for(s) for s in session.to_act()):
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(session), name=f"computers-{session.id}")
        self._computer_tasks[session.id] = task

    async def _run_computers(self, session: Session) -> None:
        try:
            await self._computer_moves(session)
        finally:
            # No await between the last check for a computer move and this: a human move that
            # lands right after always finds no runner and starts a new one.
            self._computer_tasks.pop(session.id, None)

    async def _computer_moves(self, session: Session) -> None:
        while not self._closing:
            if self.computer_delay:
                await asyncio.sleep(self.computer_delay)
            async with session.lock:
                waiting = [s for s in sorted(session.to_act()) if session.moved_for(s)]
                if not waiting:
                    return
                seat = waiting[0]
                # A player's only move (ruling G10) is theirs, made for them: nothing to choose.
                action = None if session.plays_itself(seat) else session.only_move(seat)
                if action is None:
                    action = await self._computer_choice(session, seat)
                try:
                    await self._act_locked(session, None, seat, action, None, by_service=True)
                except StaleMove:
                    continue  # another process moved first; the session was reloaded: look again
                except SessionError:
                    log.exception("session %s: computer seat %s could not move", session.id, seat)
                    return

    @staticmethod
    async def _computer_choice(session: Session, seat: int) -> Action:
        level = session.seats[seat].computer or DEFAULT_COMPUTER
        assert session.state is not None
        # Seeded by the session, move and seat: a bug report replays exactly.
        rng = random.Random(f"{session.row.seed}:{session.move_number}:{seat}")
        # The hard level thinks for up to a second: a thread keeps the event loop free
        # (the lock is held, so the state cannot change under it; choosing reads only).
        return await asyncio.to_thread(player_for(level).choose, session.game, session.state, seat, rng)

    def computer_busy(self, session_id: int) -> bool:
        """Whether a computer seat of the session is thinking or about to move."""
        return session_id in self._computer_tasks

    async def wait_for_computers(self, session_id: int) -> None:
        """Until no computer seat of the session is thinking (for the CLI and tests)."""
        while (task := self._computer_tasks.get(session_id)) is not None:
            await asyncio.shield(task)

    def _stop_computers(self, session_id: int) -> None:
        task = self._computer_tasks.pop(session_id, None)
        if task is not None:
            task.cancel()

    async def close(self) -> None:
        self._closing = True
        tasks = [*self._computer_tasks.values(), *self._refreshing]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ---- message bookkeeping (not moves: no version bump) ----------------------------

    async def remember_messages(self, session_id: int, **fields: int | None) -> None:
        """Record where the session's lobby, thread and table messages are."""
        session = await self.get(session_id)
        await self.store.set_message_ids(session_id, **fields)
        session.row = session.row.model_copy(update=fields)

    async def remember_limits(self, session_id: int, limits: frozenset[str]) -> None:
        """Record what the session does without for lack of a permission (pictures, a thread)."""
        session = await self.get(session_id)
        text = " ".join(sorted(limits))
        # Known at once to whatever reads the session while the write is on its way (a Start click).
        session.row = session.row.model_copy(update={"limits": text})
        await self.store.set_limits(session_id, text)

    async def remember_published(
        self,
        session_id: int,
        *,
        digests: dict[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: frozenset[int],
    ) -> None:
        """Record what the session's messages show now, so a restart edits only what changed."""
        session = await self.get(session_id)
        await self.store.set_published(
            session_id, digests=digests, mark=mark, ping_message_id=ping_message_id, pinged=pinged
        )
        text = " ".join(str(uid) for uid in sorted(pinged))
        session.row = session.row.model_copy(
            update={"shown_mark": mark, "ping_message_id": ping_message_id, "pinged": text}
        )

    def remember_published_soon(
        self,
        session_id: int,
        *,
        digests: dict[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: frozenset[int],
    ) -> None:
        """`remember_published`, written with the next records of all games, not waited for."""
        session = self._sessions.get(session_id)
        try:
            self.store.set_published_soon(
                session_id, digests=digests, mark=mark, ping_message_id=ping_message_id, pinged=pinged
            )
        except StoreClosed:
            return  # shutting down: a restart redraws this game's table, which shows the same
        if session is not None:
            text = " ".join(str(uid) for uid in sorted(pinged))
            session.row = session.row.model_copy(
                update={"shown_mark": mark, "ping_message_id": ping_message_id, "pinged": text}
            )

    async def shown_digests(self) -> dict[int, str]:
        """What every message of an active game showed when last drawn (message id -> digest)."""
        return await self.store.shown_digests()

    async def remember_seat(self, session_id: int, seat: int, **fields: Any) -> None:
        """Record a seat's DM channel and message, or that its DMs are closed."""
        session = await self.get(session_id)
        await self.store.update_seat(session_id, seat, **fields)
        session.seats[seat] = session.seats[seat].model_copy(update=fields)

    # ---- helpers ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _lobby(self, session_id: int) -> AsyncIterator[Session]:
        session = await self.get(session_id)
        async with session.lock:
            if session.status != LOBBY:
                raise LobbyError("This game has already started." if session.status == ACTIVE else "This game is over.")
            yield session
        self._notify(Change(session, "lobby"))

    async def _set_seats(self, session: Session, seats: list[SeatRow]) -> None:
        renumbered = [s.model_copy(update={"seat": i}) for i, s in enumerate(seats)]
        await self.store.replace_seats(session.id, renumbered)
        session.seats = renumbered

    @staticmethod
    def _require_host(session: Session, by: Player, what: str) -> None:
        if by.user_id != session.row.host_id:
            raise NotAllowed(f"Only the host can {what}.")

    def cached(self) -> Collection[Session]:
        return self._sessions.values()

    def in_memory(self, session_id: int) -> Session | None:
        """The session if it is in memory (no store read), else None."""
        return self._sessions.get(session_id)


def _computer_seat(number: int, level: str) -> dict[str, Any]:
    """The fields of a seat played by a computer: the same whether it is added or takes over."""
    return {
        "user_id": None,
        "computer": level,
        # A short name for sentences and tables; the lobby's seat list shows the level once.
        "name": f"Computer {number}",
        "dm_channel_id": None,
        "dm_message_id": None,
        "dm_refused": False,
    }


def _human_seat(session_id: int, seat: int, player: Player) -> SeatRow:
    return SeatRow(
        session_id=session_id,
        seat=seat,
        user_id=player.user_id,
        computer=None,
        name=player.name,
        dm_channel_id=None,
        dm_message_id=None,
        dm_refused=False,
    )


def _require_room(session: Session) -> None:
    counts = session.player_counts()
    high = max(counts)
    if len(session.seats) >= high:
        low, top = session.game.seat_range(session.game.options(session.options))
        these = " with these options" if counts != list(range(low, top + 1)) else ""
        raise LobbyError(f"This table is full: {session.game.name} seats at most {high}{these}.")


def options_sentence(game: Game[Any], error: ValidationError) -> str:
    """What is wrong with a table's options, as a player reads it: the option's title (as the
    lobby shows it) and what it takes, never the validator's report."""
    first = error.errors()[0]
    name = str(first["loc"][0]) if first["loc"] else ""
    field = game.Options.model_fields.get(name)
    if field is None:
        return f"there is no option called {name}."
    title = field.title or name.replace("_", " ").capitalize()
    kind = first["type"]
    if kind in ("less_than_equal", "greater_than_equal", "less_than", "greater_than"):
        low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        if low is not None and high is not None:
            return f"{title} goes from {low} to {high}."
    if kind == "literal_error":
        return f"{title} can be {first['ctx']['expected']}."
    if kind.startswith("bool"):
        return f"{title} is on or off."
    if kind.startswith("int"):
        return f"{title} takes a whole number."
    return f"{title} cannot be {first['input']!r}."


def _checked_level(level: str) -> str:
    try:
        player_for(level)
    except ValueError as unknown:
        raise NotAllowed(str(unknown)) from None
    return level


def _names(text: str, session: Session) -> str:
    return seats_text(text, session.names)
