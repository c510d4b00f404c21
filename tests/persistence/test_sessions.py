"""Sessions and seats: create, read, list, versioned updates, message bookkeeping."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable

import pytest

from persistence.connections import SqliteEngine
from persistence.errors import NotFound, StoreClosed, VersionConflict
from persistence.models import SessionRow
from persistence.store import Store
from tests.persistence.helpers import computer_seat, human_seat, new_session, query_db


async def test_a_new_session_starts_at_version_zero_with_what_was_given(store: Store) -> None:
    before = time.time()
    row = await store.create_session(
        game_id="best-candy", options='{"variant": "king"}', seed=99, host_id=5, guild_id=6, channel_id=7
    )
    assert row.id >= 1
    assert (row.game_id, row.options, row.seed, row.host_id, row.guild_id, row.channel_id) == (
        "best-candy",
        '{"variant": "king"}',
        99,
        5,
        6,
        7,
    )
    assert (row.status, row.state, row.version) == ("lobby", None, 0)
    assert (row.thread_id, row.table_message_id, row.lobby_message_id) == (None, None, None)
    assert before <= row.created_at == row.updated_at <= time.time()
    assert await store.get_session(row.id) == row


async def test_session_ids_are_never_reused_after_a_session_is_deleted(store: Store, database: str) -> None:
    first = await new_session(store)
    # Nothing in the store deletes sessions today; an operator might, and old buttons must not reach a new game.
    await query_db(database, "DELETE FROM sessions WHERE id = ?", (first.id,))
    second = await new_session(store)
    assert second.id > first.id


async def test_getting_an_unknown_session_raises_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.get_session(404)


async def test_listing_filters_by_status_and_guild_in_id_order(store: Store) -> None:
    lobby_here = await new_session(store, guild_id=1)
    active_here = await new_session(store, guild_id=1, status="active")
    active_there = await new_session(store, guild_id=2, status="active")
    finished_here = await new_session(store, guild_id=1, status="finished")
    dm_game = await new_session(store, guild_id=None, status="active")

    def ids(rows: list[SessionRow]) -> list[int]:
        return [row.id for row in rows]

    assert ids(await store.list_sessions()) == [
        lobby_here.id,
        active_here.id,
        active_there.id,
        finished_here.id,
        dm_game.id,
    ]
    assert ids(await store.list_sessions(statuses=("lobby", "active"))) == [
        lobby_here.id,
        active_here.id,
        active_there.id,
        dm_game.id,
    ]
    assert ids(await store.list_sessions(statuses=["lobby", "active"], guild_id=1)) == [lobby_here.id, active_here.id]
    assert ids(await store.list_sessions(guild_id=1)) == [lobby_here.id, active_here.id, finished_here.id]
    assert await store.list_sessions(statuses=()) == []


async def test_update_session_changes_the_fields_and_bumps_the_version(store: Store) -> None:
    row = await new_session(store)
    updated = await store.update_session(row.id, 0, status="active", state='{"turn": 1}', host_id=77)
    assert (updated.status, updated.state, updated.host_id, updated.version) == ("active", '{"turn": 1}', 77, 1)
    assert updated.updated_at >= row.updated_at
    assert updated.created_at == row.created_at
    assert await store.get_session(row.id) == updated


async def test_update_session_with_a_stale_version_is_refused_and_changes_nothing(store: Store) -> None:
    row = await new_session(store)
    moved = await store.update_session(row.id, 0, status="active", state='{"turn": 1}')
    with pytest.raises(VersionConflict) as refused:
        await store.update_session(row.id, 0, status="abandoned")
    assert (refused.value.expected, refused.value.actual) == (0, 1)
    assert await store.get_session(row.id) == moved


async def test_update_session_of_an_unknown_session_raises_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.update_session(404, 0, status="active")


async def test_update_session_refuses_fields_outside_the_allowed_list(store: Store) -> None:
    row = await new_session(store)
    with pytest.raises(ValueError, match="version"):
        await store.update_session(row.id, 0, version=5)
    with pytest.raises(ValueError, match="game_id"):
        await store.update_session(row.id, 0, game_id="other")
    with pytest.raises(ValueError, match="status"):
        await store.update_session(row.id, 0, status="paused")
    assert await store.get_session(row.id) == row


async def test_message_ids_are_recorded_without_bumping_the_version(store: Store) -> None:
    row = await new_session(store)
    await store.set_message_ids(row.id, thread_id=111, table_message_id=222)
    await store.set_message_ids(row.id, lobby_message_id=333)
    await store.set_message_ids(row.id, table_message_id=None)
    after = await store.get_session(row.id)
    assert (after.thread_id, after.table_message_id, after.lobby_message_id) == (111, None, 333)
    assert after.version == row.version == 0


async def test_message_ids_refuse_other_fields_and_unknown_sessions(store: Store) -> None:
    row = await new_session(store)
    with pytest.raises(ValueError, match="state"):
        await store.set_message_ids(row.id, state=1)
    with pytest.raises(NotFound):
        await store.set_message_ids(404, thread_id=1)


async def test_replace_seats_makes_the_given_seats_the_whole_seating(store: Store) -> None:
    row = await new_session(store)
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501), human_seat(row.id, 1, 502, "Vlad")])
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501), computer_seat(row.id, 1, "random")])
    seats = await store.seats(row.id)
    assert [(s.seat, s.user_id, s.computer) for s in seats] == [(0, 501, None), (1, None, "random")]
    assert seats[0] == human_seat(row.id, 0, 501)


async def test_replace_seats_refuses_repeated_seats_foreign_rows_and_unknown_sessions(store: Store) -> None:
    row = await new_session(store)
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501)])
    with pytest.raises(ValueError, match="repeat"):
        await store.replace_seats(row.id, [human_seat(row.id, 0, 501), human_seat(row.id, 0, 502)])
    with pytest.raises(ValueError, match="session"):
        await store.replace_seats(row.id, [human_seat(row.id + 1, 0, 501)])
    with pytest.raises(NotFound):
        await store.replace_seats(404, [human_seat(404, 0, 501)])
    assert await store.seats(row.id) == [human_seat(row.id, 0, 501)]


async def test_update_seat_records_the_dm_and_its_refusal(store: Store) -> None:
    row = await new_session(store)
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501), human_seat(row.id, 1, 502)])
    await store.update_seat(row.id, 1, dm_channel_id=900, dm_message_id=901)
    await store.update_seat(row.id, 0, dm_refused=True)
    first, second = await store.seats(row.id)
    assert (first.dm_refused, first.dm_channel_id) == (True, None)
    assert (second.dm_refused, second.dm_channel_id, second.dm_message_id) == (False, 900, 901)
    assert (await store.get_session(row.id)).version == 0


async def test_update_seat_refuses_unknown_seats_and_fields(store: Store) -> None:
    row = await new_session(store)
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501)])
    with pytest.raises(NotFound):
        await store.update_seat(row.id, 3, name="Ghost")
    with pytest.raises(ValueError, match="place"):
        await store.update_seat(row.id, 0, place=2)


async def test_data_survives_closing_and_reopening_the_file(database: str) -> None:
    store = await Store.open(database, synchronous="FULL")
    row = await new_session(store, status="active")
    await store.replace_seats(row.id, [human_seat(row.id, 0, 501)])
    version = await store.commit_move(row.id, 0, state='{"turn": 1}', seat=0, action="draw")
    await store.close()

    reopened = await Store.open(database)
    try:
        again = await reopened.get_session(row.id)
        assert (again.state, again.version) == ('{"turn": 1}', version)
        assert await reopened.seats(row.id) == [human_seat(row.id, 0, 501)]
    finally:
        await reopened.close()


@pytest.mark.parametrize("engine", ["sqlite"])  # reads the SQLite file itself through sqlite3
async def test_the_file_is_in_wal_mode_with_foreign_keys_on(store: Store) -> None:
    # Both of the store's connections are checked: the reader, and the writer (inside one of its transactions).
    async def pragmas(fetch: Callable[[str], Awaitable[Iterable[sqlite3.Row]]]) -> list[object]:
        return [[*row] for sql in ("PRAGMA journal_mode", "PRAGMA foreign_keys") for row in await fetch(sql)]

    engine = store._engine
    assert isinstance(engine, SqliteEngine)
    assert await pragmas(engine.reader.fetch) == [["wal"], [1]]
    async with engine.writer.transaction() as writer:
        assert await pragmas(writer.execute_fetchall) == [["wal"], [1]]


async def test_a_closed_store_refuses_further_calls(database: str) -> None:
    store = await Store.open(database)
    row = await new_session(store)
    await store.close()
    await store.close()  # twice is harmless
    with pytest.raises(StoreClosed):
        await store.get_session(row.id)
    with pytest.raises(StoreClosed):
        await store.commit_move(row.id, 0, state="{}", seat=0, action="x")


async def test_a_closed_store_refuses_the_other_writes_too(database: str) -> None:
    store = await Store.open(database)
    row = await new_session(store)
    await store.close()
    with pytest.raises(StoreClosed):
        await store.update_session(row.id, 0, status="active")
    with pytest.raises(StoreClosed):
        await store.replace_seats(row.id, [human_seat(row.id, 0, 501)])
    with pytest.raises(StoreClosed):
        await new_session(store)
