"""What the session's messages show, kept so a restart edits only what changed (migration 0004)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from persistence.schema import load_migrations, migrate
from persistence.store import Store
from tests.persistence.helpers import human_seat, new_session


async def test_what_messages_show_is_kept_with_the_session_and_read_back_for_active_games(store: Store) -> None:
    row = await new_session(store)
    await store.update_session(row.id, row.version, status="active", state="{}")
    await store.set_published(row.id, digests={101: "aa", 102: "bb"}, mark="m1", ping_message_id=7, pinged=[5, 3])
    await store.set_published(row.id, digests={102: "cc"}, mark="m2", ping_message_id=None, pinged=[])
    assert await store.shown_digests() == {101: "aa", 102: "cc"}
    stored = await store.get_session(row.id)
    assert (stored.shown_mark, stored.ping_message_id, stored.pinged) == ("m2", None, "")
    assert stored.version == row.version + 1, "bookkeeping is not a move"


async def test_the_last_mention_and_whom_it_named_survive(store: Store) -> None:
    row = await new_session(store)
    await store.set_published(row.id, digests={}, mark="", ping_message_id=9, pinged=[12, 4])
    stored = await store.get_session(row.id)
    assert (stored.ping_message_id, stored.pinged) == (9, "4 12")


async def test_finished_games_messages_are_not_read_at_start_up(store: Store) -> None:
    row = await new_session(store)
    await store.set_published(row.id, digests={101: "aa"}, mark="m", ping_message_id=None, pinged=[])
    assert await store.shown_digests() == {}, "a lobby is not an active game"
    assert await store.shown_digests(("lobby",)) == {101: "aa"}


async def test_the_server_name_is_kept_for_private_messages(store: Store) -> None:
    row = await store.create_session(
        game_id="toy", options="{}", seed=1, host_id=1, guild_id=2, channel_id=3, place="Haunted Server"
    )
    assert (await store.get_session(row.id)).place == "Haunted Server"


async def test_a_file_from_before_quiet_resume_opens_with_nothing_shown(db_path: Path) -> None:
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        assert migrate(conn, up_to=3) == [1, 2, 3]
        conn.execute(
            "INSERT INTO sessions (game_id, options, status, seed, version, created_at, updated_at)"
            " VALUES ('toy', '{}', 'active', 1, 3, 1.0, 2.0)"
        )
    finally:
        conn.close()
    store = await Store.open(db_path)
    try:
        assert store.migrations_applied == tuple(range(4, len(load_migrations()) + 1))
        row = await store.get_session(1)
        assert (row.place, row.ping_message_id, row.pinged, row.shown_mark) == (None, None, "", "")
        assert await store.shown_digests() == {}
    finally:
        await store.close()


async def test_open_sessions_seats_and_moves_load_in_one_query_each(store: Store) -> None:
    first, second, done = [await new_session(store) for _ in range(3)]
    for row in (first, second, done):
        await store.replace_seats(row.id, [human_seat(row.id, 0, 10), human_seat(row.id, 1, 11)])
    for row in (first, second, done):
        await store.update_session(row.id, row.version, status="active", state="{}")
    await store.commit_move(first.id, first.version + 1, state="{}", seat=1, action="a")
    await store.commit_move(first.id, first.version + 2, state="{}", seat=0, action="b")
    finished = await store.get_session(done.id)
    await store.update_session(done.id, finished.version, status="finished")
    seats = await store.seats_by_session(["active"])
    assert sorted(seats) == [first.id, second.id]
    assert [s.seat for s in seats[first.id]] == [0, 1]
    assert await store.movers_by_session(["active"]) == {first.id: [1, 0]}


async def test_records_queued_together_are_written_in_one_transaction_and_merged_per_session(store: Store) -> None:
    rows = [await new_session(store) for _ in range(5)]
    first = rows[0].id
    before = store.published_batches
    # Queued in one go (as many games' refreshes after one burst of clicks): one transaction, and two
    # records of one session merge: every message's digest is kept, the later mark and mention win.
    await asyncio.gather(
        *(
            store.set_published(row.id, digests={1000 + row.id: "a"}, mark="m1", ping_message_id=None, pinged=[])
            for row in rows
        ),
        store.set_published(first, digests={2000: "b"}, mark="m2", ping_message_id=8, pinged=[6]),
    )
    assert store.published_batches - before <= 2, "the first record may be written alone, the rest together"
    assert await store.shown_digests(("lobby",)) == {**{1000 + row.id: "a" for row in rows}, 2000: "b"}
    stored = await store.get_session(first)
    assert (stored.shown_mark, stored.ping_message_id, stored.pinged) == ("m2", 8, "6")
    assert (await store.get_session(rows[1].id)).shown_mark == "m1"
