"""The store of sessions, seats, the move log and results. It knows no game: it keeps JSON text.

One store, two engines (engine.py), chosen by the database it is opened on: a SQLite file (the
embedded default: aiosqlite with two connections to one WAL file, connections.py) or a PostgreSQL URL
(asyncpg, postgres.py; what several shard processes share). Nothing outside persistence/ knows which.
Every read sees only committed transactions and every write is one transaction, so no reader ever
sees half a change. Moves (`commit_move`, `finish`) go through
the group commit (group_commit.py), which writes all the moves queued at one moment in one transaction.
What each session's messages show (`set_published`, written after every move) is batched the same
way (published.py). Other writes are rare (lobby edits, start, abandon, message ids) and are each one
transaction of their own on the writer.

Changes that count as moves bump the session's `version`, and are refused with `VersionConflict`
unless the caller names the version it read (optimistic concurrency, `UPDATE ... WHERE version = ?`),
which keeps several processes sharing one database honest. On PostgreSQL every versioned change also
tells the other processes (`watch`).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Final

from persistence.connections import Reader, SqliteEngine, Synchronous, Writer, open_connection
from persistence.engine import Engine, Resync, Row, Watcher
from persistence.errors import NotFound
from persistence.group_commit import GroupCommit, Move, refusal
from persistence.models import SESSION_STATUSES, ActionRow, ClockRow, ResultRow, SeatRow, SessionRow
from persistence.postgres import PostgresEngine, is_postgres_url
from persistence.published import PublishedWrites
from persistence.schema import migrate_async

log = logging.getLogger(__name__)

_SESSION_COLUMNS: Final = ", ".join(SessionRow.model_fields)
_SEAT_COLUMNS: Final = ", ".join(SeatRow.model_fields)
_ACTION_COLUMNS: Final = ", ".join(ActionRow.model_fields)
_CLOCK_COLUMNS: Final = ", ".join(ClockRow.model_fields)
_CLOCK_KEPT: Final = [name for name in ClockRow.model_fields if name not in ("session_id", "seat")]

# Column names below are interpolated into SQL, so only these fixed names may ever get there.
_SESSION_UPDATABLE: Final = frozenset(
    {
        "status",
        "state",
        "options",
        "thread_id",
        "table_message_id",
        "lobby_message_id",
        "channel_id",
        "host_id",
        "seed",
        "turn_seconds",
    }
)
_MESSAGE_IDS: Final = frozenset({"channel_id", "thread_id", "table_message_id", "lobby_message_id"})
_SEAT_UPDATABLE: Final = frozenset(
    {"user_id", "computer", "name", "dm_channel_id", "dm_message_id", "dm_refused", "away"}
)


def sqlite_path(database: str | os.PathLike[str]) -> Path:
    """The file of a `sqlite:///relative` or `sqlite:////absolute` URL, or of a plain path."""
    text = os.fspath(database)
    if text.startswith("sqlite:///"):
        return Path(text.removeprefix("sqlite:///"))
    if "://" in text:
        raise ValueError(f"not a database this store knows: {text!r} (use a file path, sqlite:/// or postgresql://)")
    return Path(text)


class Store:
    def __init__(self, engine: Engine, migrations_applied: Sequence[int]) -> None:
        self._engine = engine
        self._group_commit = GroupCommit(engine)
        self._published = PublishedWrites(engine)
        self._closed = False
        #: Migration numbers this open applied (empty when the database was already up to date).
        self.migrations_applied: tuple[int, ...] = tuple(migrations_applied)

    @property
    def engine_name(self) -> str:
        """ "sqlite" or "postgresql" (for logs and benchmarks; nothing should behave differently on it)."""
        return self._engine.dialect.name

    @classmethod
    async def open(cls, database: str | os.PathLike[str], *, synchronous: Synchronous = "NORMAL") -> Store:
        """Open (or create) the database and bring its schema up to date.

        `database` is a SQLite file (a path or `sqlite:///path`) or a `postgresql://` URL.
        SQLite: WAL journal, so readers never block the writer; `synchronous=NORMAL` survives a crash of
        the process, `FULL` also a power cut, at the cost of a disk flush per commit (PostgreSQL's
        durability is the server's own setting).
        """
        if is_postgres_url(database):
            assert isinstance(database, str)
            engine = await PostgresEngine.open(database)
            return cls(engine, engine.migrations_applied)
        path = sqlite_path(database)
        writer = await open_connection(path, synchronous=synchronous)
        try:
            # The schema is brought up to date on the writer before the reader opens or anyone is served.
            applied = await migrate_async(writer)
            reader = await open_connection(path, synchronous=synchronous)
        except BaseException:
            await writer.close()
            raise
        if applied:
            log.info("database %s: applied migrations %s", os.fspath(path), applied)
        return cls(SqliteEngine(Writer(writer), Reader(reader)), applied)

    async def close(self) -> None:
        """Write every queued move, then close the database. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            try:
                await self._group_commit.close()
            finally:
                await self._published.close()
        finally:
            await self._engine.close()

    async def watch(self, watcher: Watcher, resync: Resync | None = None) -> None:
        """From now on call `watcher(session_id, version)` whenever ANOTHER process commits a change
        to a session (PostgreSQL's LISTEN/NOTIFY), and `resync()` when the listening connection was
        lost and is back (what changed meanwhile was not heard). A SQLite file serves one process,
        so there neither is ever called."""
        await self._engine.watch(watcher, resync)

    @property
    def commit_batches(self) -> int:
        """How many group-commit transactions were written (each may hold many moves)."""
        return self._group_commit.batches

    @property
    def largest_commit_batch(self) -> int:
        return self._group_commit.largest_batch

    @property
    def published_batches(self) -> int:
        """How many transactions recorded what messages show (each may hold many sessions)."""
        return self._published.batches

    # ---- sessions ----------------------------------------------------------------------

    async def create_session(
        self,
        *,
        game_id: str,
        options: str,
        seed: int,
        host_id: int | None,
        guild_id: int | None,
        channel_id: int | None,
        status: str = "lobby",
        state: str | None = None,
        turn_seconds: int | None = None,
        place: str | None = None,
    ) -> SessionRow:
        _check_status(status)
        now = time.time()
        values = (game_id, options, status, guild_id, channel_id, host_id, seed, state, turn_seconds, place, now, now)
        async with self._engine.transaction() as conn:
            [row] = await conn.fetch(
                "INSERT INTO sessions (game_id, options, status, guild_id, channel_id, host_id, seed, state,"
                " turn_seconds, place, version, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)"
                f" RETURNING {_SESSION_COLUMNS}",
                values,
            )
        return _session(row)

    async def get_session(self, session_id: int) -> SessionRow:
        rows = await self._engine.fetch(f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise NotFound(f"no session {session_id}")
        return _session(rows[0])

    async def list_sessions(
        self, *, statuses: Collection[str] | None = None, guild_id: int | None = None
    ) -> list[SessionRow]:
        """Sessions in id order; `statuses` and `guild_id` filter when given (None = any)."""
        where: list[str] = []
        params: list[object] = []
        if statuses is not None:
            wanted = sorted(set(statuses))
            if not wanted:
                return []
            where.append(f"status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        sql = f"SELECT {_SESSION_COLUMNS} FROM sessions"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id"
        return [_session(row) for row in await self._engine.fetch(sql, params)]

    async def update_session(self, session_id: int, expected_version: int, **fields: object) -> SessionRow:
        """Change some of `_SESSION_UPDATABLE` if the version is still `expected_version`; bumps the version."""
        _check_fields(fields, _SESSION_UPDATABLE)
        if "status" in fields:
            _check_status(fields["status"])
        names = sorted(fields)
        assignments = "".join(f"{name} = ?, " for name in names)
        sql = (
            f"UPDATE sessions SET {assignments}version = version + 1, updated_at = ?"
            f" WHERE id = ? AND version = ? RETURNING {_SESSION_COLUMNS}"
        )
        params = [*(fields[name] for name in names), time.time(), session_id, expected_version]
        async with self._engine.transaction() as conn:
            rows = await conn.fetch(sql, params)
            if not rows:
                raise await refusal(conn, session_id, expected_version)
            await self._engine.notify(conn, [(session_id, int(rows[0]["version"]))])
        return _session(rows[0])

    async def set_message_ids(self, session_id: int, **fields: int | None) -> None:
        """Record where the session's messages live. Not a move: the version stays as it is."""
        _check_fields(fields, _MESSAGE_IDS)
        names = sorted(fields)
        if not names:
            return
        sql = f"UPDATE sessions SET {', '.join(f'{name} = ?' for name in names)} WHERE id = ? RETURNING id"
        params = [*(fields[name] for name in names), session_id]
        async with self._engine.transaction() as conn:
            if not (await conn.fetch(sql, params)):
                raise NotFound(f"no session {session_id}")

    async def set_limits(self, session_id: int, limits: str) -> None:
        """Record what the session does without for lack of a permission. Not a move."""
        sql = "UPDATE sessions SET limits = ? WHERE id = ? RETURNING id"
        async with self._engine.transaction() as conn:
            if not (await conn.fetch(sql, (limits, session_id))):
                raise NotFound(f"no session {session_id}")

    # ---- what the session's messages show (not moves: no version involved) -------------

    async def set_published(
        self,
        session_id: int,
        *,
        digests: Mapping[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: Collection[int],
    ) -> None:
        """Record what the session's messages now show: each message's digest, the session's mark, and
        the last "your move" mention with whom it named. Written together with the records of every
        other session queued at the same moment, in one transaction (published.py)."""
        await self._published.submit(
            session_id, digests=digests, mark=mark, ping_message_id=ping_message_id, pinged=pinged
        )

    def set_published_soon(
        self,
        session_id: int,
        *,
        digests: Mapping[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: Collection[int],
    ) -> None:
        """`set_published`, queued for the next such transaction without waiting for it (a failed
        write is logged: the record only spares a restart some redrawing)."""
        self._published.queue(session_id, digests=digests, mark=mark, ping_message_id=ping_message_id, pinged=pinged)

    async def shown_digests(self, statuses: Collection[str] = ("active",)) -> dict[int, str]:
        """message id -> digest of what it shows, for every message of the sessions in `statuses`."""
        wanted = sorted(set(statuses))
        if not wanted:
            return {}
        rows = await self._engine.fetch(
            "SELECT shown.message_id, shown.digest FROM shown JOIN sessions ON sessions.id = shown.session_id"
            f" WHERE sessions.status IN ({', '.join('?' * len(wanted))})",
            wanted,
        )
        return {int(row[0]): str(row[1]) for row in rows}

    # ---- moves (group commit) -----------------------------------------------------------

    async def commit_move(
        self, session_id: int, expected_version: int, *, state: str, seat: int, action: str, status: str | None = None
    ) -> int:
        """Store the state after a move and the move itself, together; return the new version.

        Raises VersionConflict (nothing stored) if the session is no longer at `expected_version`.
        """
        if status is not None:
            _check_status(status)
        return await self._group_commit.submit(Move(session_id, expected_version, state, status, seat, action))

    async def finish(
        self,
        session_id: int,
        expected_version: int,
        *,
        state: str,
        seat: int | None,
        action: str | None,
        results: Sequence[ResultRow],
        status: str = "finished",
    ) -> int:
        """The last move (if any), the end status and every seat's result, all in one transaction."""
        _check_status(status)
        if (seat is None) != (action is None):
            raise ValueError("give both the seat and the action of the last move, or neither")
        for result in results:
            if result.session_id != session_id:
                raise ValueError(f"a result of session {result.session_id} given to finish session {session_id}")
        rows = tuple(tuple(result.model_dump().values()) for result in results)
        return await self._group_commit.submit(Move(session_id, expected_version, state, status, seat, action, rows))

    async def actions(self, session_id: int) -> list[ActionRow]:
        """The session's move log in order (empty for an unknown session)."""
        rows = await self._engine.fetch(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE session_id = ? ORDER BY seq", (session_id,)
        )
        return [ActionRow.model_validate(dict(row)) for row in rows]

    # ---- seats ---------------------------------------------------------------------------

    async def replace_seats(self, session_id: int, seats: Sequence[SeatRow]) -> None:
        """Make `seats` the session's whole seating (lobby edits, start)."""
        numbers = [seat.seat for seat in seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {numbers}")
        for seat in seats:
            if seat.session_id != session_id:
                raise ValueError(f"a seat of session {seat.session_id} given to session {session_id}")
        rows = [tuple(seat.model_dump().values()) for seat in seats]
        async with self._engine.transaction() as conn:
            if not (await conn.fetch("SELECT 1 FROM sessions WHERE id = ?", (session_id,))):
                raise NotFound(f"no session {session_id}")
            await conn.fetch("DELETE FROM seats WHERE session_id = ?", (session_id,))
            if rows:
                await conn.executemany(
                    f"INSERT INTO seats ({_SEAT_COLUMNS}) VALUES ({', '.join('?' * len(SeatRow.model_fields))})",
                    rows,
                )

    async def seats(self, session_id: int) -> list[SeatRow]:
        """The session's seats by seat number (empty for an unknown session)."""
        rows = await self._engine.fetch(
            f"SELECT {_SEAT_COLUMNS} FROM seats WHERE session_id = ? ORDER BY seat", (session_id,)
        )
        return [SeatRow.model_validate(dict(row)) for row in rows]

    async def update_seat(self, session_id: int, seat: int, **fields: object) -> None:
        """Change some of `_SEAT_UPDATABLE` for one seat (not a move: no version involved)."""
        _check_fields(fields, _SEAT_UPDATABLE)
        names = sorted(fields)
        if not names:
            return
        sql = (
            f"UPDATE seats SET {', '.join(f'{name} = ?' for name in names)}"
            " WHERE session_id = ? AND seat = ? RETURNING seat"
        )
        params = [*(fields[name] for name in names), session_id, seat]
        async with self._engine.transaction() as conn:
            if not (await conn.fetch(sql, params)):
                raise NotFound(f"no seat {seat} in session {session_id}")

    async def seats_by_session(self, statuses: Collection[str]) -> dict[int, list[SeatRow]]:
        """Every seat of the sessions in `statuses`, by session and seat number: one query for a
        start-up that loads thousands of sessions."""
        wanted = sorted(set(statuses))
        columns = ", ".join(f"seats.{name}" for name in SeatRow.model_fields)
        rows = await self._engine.fetch(
            f"SELECT {columns} FROM seats JOIN sessions ON sessions.id = seats.session_id"
            f" WHERE sessions.status IN ({', '.join('?' * len(wanted))}) ORDER BY seats.session_id, seats.seat",
            wanted,
        )
        out: dict[int, list[SeatRow]] = {}
        for row in rows:
            seat = SeatRow.model_validate(dict(row))
            out.setdefault(seat.session_id, []).append(seat)
        return out

    async def movers_by_session(self, statuses: Collection[str]) -> dict[int, list[int]]:
        """The seat of every logged move, in order, of the sessions in `statuses` (one query)."""
        wanted = sorted(set(statuses))
        rows = await self._engine.fetch(
            "SELECT actions.session_id, actions.seat FROM actions JOIN sessions ON sessions.id = actions.session_id"
            f" WHERE sessions.status IN ({', '.join('?' * len(wanted))}) ORDER BY actions.session_id, actions.seq",
            wanted,
        )
        out: dict[int, list[int]] = {}
        for session_id, seat in rows:
            out.setdefault(int(session_id), []).append(int(seat))
        return out

    async def versions(self, statuses: Collection[str]) -> dict[int, int]:
        """The version of every session in `statuses` (one small query: a start-up checks with it that
        no session moved while it was being read)."""
        wanted = sorted(set(statuses))
        rows = await self._engine.fetch(
            f"SELECT id, version FROM sessions WHERE status IN ({', '.join('?' * len(wanted))})", wanted
        )
        return {int(row[0]): int(row[1]) for row in rows}

    # ---- turn clocks (not moves: no version involved) -------------------------------------

    async def clocks(self, session_id: int) -> list[ClockRow]:
        """The session's turn clocks by seat (empty when it has none)."""
        rows = await self._engine.fetch(
            f"SELECT {_CLOCK_COLUMNS} FROM turn_clocks WHERE session_id = ? ORDER BY seat", (session_id,)
        )
        return [ClockRow.model_validate(dict(row)) for row in rows]

    async def save_clocks(self, clocks: Sequence[ClockRow]) -> None:
        """Insert or replace these seats' clocks, together in one transaction."""
        if not clocks:
            return
        rows = [tuple(clock.model_dump().values()) for clock in clocks]
        async with self._engine.transaction() as conn:
            await conn.executemany(
                f"INSERT INTO turn_clocks ({_CLOCK_COLUMNS})"
                f" VALUES ({', '.join('?' * len(ClockRow.model_fields))}) ON CONFLICT (session_id, seat) DO UPDATE SET "
                + ", ".join(f"{name} = excluded.{name}" for name in _CLOCK_KEPT),
                rows,
            )

    async def delete_clocks(self, session_id: int) -> None:
        """Forget the session's clocks (its game ended, or it plays without a clock)."""
        async with self._engine.transaction() as conn:
            await conn.fetch("DELETE FROM turn_clocks WHERE session_id = ?", (session_id,))

    # ---- results ---------------------------------------------------------------------------

    async def results(self, session_id: int) -> list[ResultRow]:
        """A finished session's result rows by seat (empty while it is not finished)."""
        columns = ", ".join(ResultRow.model_fields)
        rows = await self._engine.fetch(
            f"SELECT {columns} FROM results WHERE session_id = ? ORDER BY seat", (session_id,)
        )
        return [ResultRow.model_validate(dict(row)) for row in rows]

    async def stats(self, user_id: int, guild_id: int | None = None) -> list[tuple[str, int, int]]:
        """(game_id, played, won) per game for one user, by game id; `guild_id` None = every server."""
        sql = "SELECT game_id, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) FROM results WHERE user_id = ?"
        params: list[object] = [user_id]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        sql += " GROUP BY game_id ORDER BY game_id"
        return [(str(game), int(played), int(won)) for game, played, won in await self._engine.fetch(sql, params)]

    async def game_results(self, game_ids: Sequence[str], guild_id: int | None = None) -> list[ResultRow]:
        """Every result row of these games (one server's, or every server's when `guild_id` is
        None), in the order the games finished: what ratings are computed from."""
        if not game_ids:
            return []
        columns = ", ".join(ResultRow.model_fields)
        marks = ", ".join("?" for _ in game_ids)
        sql = f"SELECT {columns} FROM results WHERE game_id IN ({marks})"
        params: list[object] = list(game_ids)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        sql += " ORDER BY finished_at, session_id, seat"
        return [ResultRow.model_validate(dict(row)) for row in await self._engine.fetch(sql, params)]

    async def leaderboard(
        self, game_id: str | None, guild_id: int | None, limit: int = 10
    ) -> list[tuple[int, int, int]]:
        """(user_id, won, played) of the best players: most wins, then fewest games, then lowest id.

        `game_id` / `guild_id` None = every game / every server. Computer seats are not ranked.
        """
        if limit <= 0:
            return []
        sql = (
            "SELECT user_id, SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END) AS won, COUNT(*) AS played"
            " FROM results WHERE user_id IS NOT NULL"
        )
        params: list[object] = []
        if game_id is not None:
            sql += " AND game_id = ?"
            params.append(game_id)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        sql += " GROUP BY user_id ORDER BY won DESC, played ASC, user_id ASC LIMIT ?"
        params.append(limit)
        return [(int(user), int(won), int(played)) for user, won, played in await self._engine.fetch(sql, params)]


def _session(row: Row) -> SessionRow:
    return SessionRow.model_validate(dict(row))


def _check_status(status: object) -> None:
    if status not in SESSION_STATUSES:
        raise ValueError(f"unknown session status {status!r}; expected one of {', '.join(SESSION_STATUSES)}")


def _check_fields(fields: Mapping[str, object], allowed: frozenset[str]) -> None:
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise ValueError(f"cannot change {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")
