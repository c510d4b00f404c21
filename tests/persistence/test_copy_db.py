"""`python -m bot migrate-db FILE URL`: a SQLite file's games move into PostgreSQL whole, once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main
from persistence.models import ClockRow, ResultRow
from persistence.store import Store
from tests.persistence.helpers import computer_seat, human_seat, new_session, query_file

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])


async def _everything(store: Store, ids: list[int]) -> list[object]:
    seen: list[object] = []
    for session_id in ids:
        seen += [
            await store.get_session(session_id),
            await store.seats(session_id),
            await store.actions(session_id),
            await store.results(session_id),
            await store.clocks(session_id),
        ]
    seen.append(await store.shown_digests(("active", "finished")))
    return seen


async def test_migrate_db_copies_every_game_keeps_the_ids_and_the_games_carry_on(
    engine: str, database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "old.db"
    old = await Store.open(source)
    playing = await new_session(old, status="active", guild_id=2**62)
    await old.replace_seats(playing.id, [human_seat(playing.id, 0, 2**60 + 7), computer_seat(playing.id, 1)])
    await old.update_seat(playing.id, 0, dm_refused=True, away=True)
    await old.commit_move(playing.id, 0, state='{"turn": 1}', seat=0, action="draw")
    await old.save_clocks(
        [ClockRow(session_id=playing.id, seat=1, since_move=1, started_at=5.0, deadline=65.0, reminders=1, timeouts=0)]
    )
    await old.set_published(playing.id, digests={9001: "abc"}, mark="m1", ping_message_id=77, pinged=[501])
    done = await new_session(old, status="active")
    result = ResultRow(
        session_id=done.id,
        seat=0,
        user_id=501,
        computer=None,
        game_id="closest-ghost",
        guild_id=10,
        score=3,
        place=1,
        finished_at=9.5,
    )
    await old.finish(done.id, 0, state='{"over": true}', seat=0, action="last", results=[result])
    gone = await new_session(old)  # the newest, then deleted
    ids = [playing.id, done.id]
    expected = await _everything(old, ids)
    await old.close()
    # A deleted session's id must not come back either (SQLite's AUTOINCREMENT counter moves over).
    query_file(source, "DELETE FROM sessions WHERE id = ?", (gone.id,))
    newest = gone.id

    assert await asyncio.to_thread(main, ["migrate-db", str(source), database]) == 0
    assert "2 sessions" in capsys.readouterr().out

    store = await Store.open(database)
    try:
        assert await _everything(store, ids) == expected
        assert (await new_session(store)).id == newest + 1
        assert await store.commit_move(playing.id, 1, state='{"turn": 2}', seat=1, action="pass") == 2
        assert await store.stats(501) == [("closest-ghost", 1, 1)]
    finally:
        await store.close()

    # Twice is refused, not doubled.
    assert await asyncio.to_thread(main, ["migrate-db", str(source), database]) == 1
    assert "already" in capsys.readouterr().err


def test_migrate_db_refuses_a_target_that_is_not_postgresql(engine: str, tmp_path: Path) -> None:
    assert main(["migrate-db", str(tmp_path / "a.db"), str(tmp_path / "b.db")]) == 2
