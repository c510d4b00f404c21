"""The turn clock's columns and table: a session's time per move, away seats, seats' deadlines."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from persistence.models import ClockRow
from persistence.schema import load_migrations, migrate
from persistence.store import Store
from tests.persistence.helpers import human_seat, new_session, query_db


def clock(session_id: int, seat: int, **changes: object) -> ClockRow:
    values: dict[str, object] = {
        "session_id": session_id,
        "seat": seat,
        "since_move": 3,
        "started_at": 100.0,
        "deadline": 220.0,
        "reminders": 0,
        "timeouts": 0,
    }
    values.update(changes)
    return ClockRow.model_validate(values)


async def test_a_new_session_has_no_clock_until_one_is_chosen(store: Store) -> None:
    session = await new_session(store)
    assert session.turn_seconds is None
    changed = await store.update_session(session.id, session.version, turn_seconds=600)
    assert changed.turn_seconds == 600
    assert (await store.get_session(session.id)).turn_seconds == 600


async def test_create_session_can_carry_the_clock_of_a_rematch(store: Store) -> None:
    session = await store.create_session(
        game_id="toy", options="{}", seed=1, host_id=1, guild_id=None, channel_id=None, turn_seconds=120
    )
    assert (await store.get_session(session.id)).turn_seconds == 120


async def test_seats_are_present_unless_marked_away(store: Store) -> None:
    session = await new_session(store)
    await store.replace_seats(session.id, [human_seat(session.id, 0, 7)])
    assert [s.away for s in await store.seats(session.id)] == [False]
    await store.update_seat(session.id, 0, away=True)
    assert [s.away for s in await store.seats(session.id)] == [True]


async def test_clocks_are_saved_replaced_and_read_back_by_seat(store: Store, database: str) -> None:
    session = await new_session(store, status="active")
    await store.save_clocks([clock(session.id, 1), clock(session.id, 0, reminders=1)])
    assert [(c.seat, c.reminders) for c in await store.clocks(session.id)] == [(0, 1), (1, 0)]
    await store.save_clocks([clock(session.id, 1, deadline=None, started_at=None, timeouts=2)])
    again = await store.clocks(session.id)
    assert again[1].deadline is None
    assert again[1].timeouts == 2
    assert await query_db(database, "SELECT COUNT(*) FROM turn_clocks") == [(2,)]


async def test_deleting_a_sessions_clocks_leaves_other_sessions_alone(store: Store) -> None:
    first = await new_session(store, status="active")
    second = await new_session(store, status="active")
    await store.save_clocks([clock(first.id, 0), clock(second.id, 0)])
    await store.delete_clocks(first.id)
    assert await store.clocks(first.id) == []
    assert len(await store.clocks(second.id)) == 1


async def test_clocks_survive_closing_and_reopening_the_file(database: str) -> None:
    store = await Store.open(database)
    session = await new_session(store, status="active")
    await store.save_clocks([clock(session.id, 0, reminders=2, timeouts=1)])
    await store.close()
    reopened = await Store.open(database)
    try:
        assert await reopened.clocks(session.id) == [clock(session.id, 0, reminders=2, timeouts=1)]
    finally:
        await reopened.close()


async def test_a_file_from_before_the_turn_clock_gets_it_off_for_its_sessions(db_path: Path) -> None:
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        assert migrate(conn, up_to=2) == [1, 2]
        conn.execute(
            "INSERT INTO sessions (game_id, options, status, seed, version, created_at, updated_at)"
            " VALUES ('toy', '{}', 'active', 1, 3, 1.0, 2.0)"
        )
        conn.execute("INSERT INTO seats VALUES (1, 0, 9, NULL, 'Mina', NULL, NULL, 0)")
    finally:
        conn.close()
    store = await Store.open(db_path)
    try:
        assert store.migrations_applied == tuple(range(3, len(load_migrations()) + 1))
        assert (await store.get_session(1)).turn_seconds is None
        assert [s.away for s in await store.seats(1)] == [False]
        assert await store.clocks(1) == []
    finally:
        await store.close()
