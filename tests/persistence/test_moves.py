"""Moves: state + version + log row together, optimistic refusals, group commit, finishing a game."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from persistence.errors import NotFound, VersionConflict
from persistence.models import ResultRow
from persistence.store import Store
from tests.persistence.helpers import CONSTRAINT_ERRORS, new_session, query_db


def _result(session_id: int, seat: int, user_id: int | None, place: int, score: int = 0) -> ResultRow:
    return ResultRow(
        session_id=session_id,
        seat=seat,
        user_id=user_id,
        computer=None if user_id is not None else "random",
        game_id="closest-ghost",
        guild_id=10,
        score=score,
        place=place,
        finished_at=1000.0,
    )


async def test_a_move_stores_state_version_and_log_row_together(store: Store) -> None:
    row = await new_session(store, status="active")
    before = time.time()
    version = await store.commit_move(row.id, 0, state='{"turn": 1}', seat=1, action="draw.2")
    assert version == 1
    after = await store.get_session(row.id)
    assert (after.state, after.version, after.status) == ('{"turn": 1}', 1, "active")
    [logged] = await store.actions(row.id)
    assert (logged.session_id, logged.seq, logged.seat, logged.action) == (row.id, 1, 1, "draw.2")
    assert before <= logged.at <= time.time()


async def test_a_move_may_change_the_status_too(store: Store) -> None:
    row = await new_session(store, status="active")
    await store.commit_move(row.id, 0, state="{}", seat=0, action="concede", status="abandoned")
    assert (await store.get_session(row.id)).status == "abandoned"


async def test_log_sequence_numbers_count_up_from_one_in_move_order(store: Store) -> None:
    row = await new_session(store, status="active")
    for version in range(5):
        state = json.dumps({"n": version + 1})
        await store.commit_move(row.id, version, state=state, seat=version % 2, action=f"m.{version}")
    assert [(a.seq, a.seat, a.action) for a in await store.actions(row.id)] == [
        (1, 0, "m.0"),
        (2, 1, "m.1"),
        (3, 0, "m.2"),
        (4, 1, "m.3"),
        (5, 0, "m.4"),
    ]


async def test_a_move_drawn_for_an_old_version_is_refused_and_changes_nothing(store: Store) -> None:
    row = await new_session(store, status="active")
    await store.commit_move(row.id, 0, state='{"turn": 1}', seat=0, action="first")
    before = await store.get_session(row.id)
    with pytest.raises(VersionConflict) as refused:
        await store.commit_move(row.id, 0, state='{"turn": 99}', seat=1, action="late", status="finished")
    assert (refused.value.session_id, refused.value.expected, refused.value.actual) == (row.id, 0, 1)
    assert await store.get_session(row.id) == before
    assert [a.action for a in await store.actions(row.id)] == ["first"]


async def test_a_move_for_an_unknown_session_raises_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.commit_move(404, 0, state="{}", seat=0, action="x")


async def test_of_simultaneous_moves_on_one_version_exactly_one_wins(store: Store) -> None:
    row = await new_session(store, status="active")
    outcomes = await asyncio.gather(
        *(store.commit_move(row.id, 0, state=f'{{"by": {seat}}}', seat=seat, action=f"go.{seat}") for seat in range(8)),
        return_exceptions=True,
    )
    winners = [seat for seat, outcome in enumerate(outcomes) if outcome == 1]
    assert len(winners) == 1
    assert all(isinstance(outcome, VersionConflict) for outcome in outcomes if outcome != 1)
    after = await store.get_session(row.id)
    assert (after.version, after.state) == (1, f'{{"by": {winners[0]}}}')
    assert [(a.seat, a.action) for a in await store.actions(row.id)] == [(winners[0], f"go.{winners[0]}")]


async def test_two_hundred_sessions_moving_at_once_all_land_in_few_transactions(store: Store) -> None:
    sessions = [await new_session(store, status="active") for _ in range(200)]
    batches_before = store.commit_batches

    async def play(session_id: int, moves: int) -> list[int]:
        return [
            await store.commit_move(session_id, v, state=json.dumps({"moves": v + 1}), seat=v % 3, action=f"m.{v}")
            for v in range(moves)
        ]

    versions = await asyncio.gather(*(play(s.id, 3) for s in sessions))
    assert versions == [[1, 2, 3]] * 200
    for session in sessions:
        after = await store.get_session(session.id)
        assert (after.version, json.loads(after.state or "null")) == (3, {"moves": 3})
        assert [(a.seq, a.action) for a in await store.actions(session.id)] == [(1, "m.0"), (2, "m.1"), (3, "m.2")]
    # Group commit: 600 moves, but moves queued together share a transaction.
    assert store.commit_batches - batches_before <= 30
    assert store.largest_commit_batch >= 100


async def test_a_refused_move_in_a_group_does_not_undo_the_others(store: Store) -> None:
    sessions = [await new_session(store, status="active") for _ in range(20)]
    # Every other move names a version its session never had.
    outcomes = await asyncio.gather(
        *(
            store.commit_move(s.id, 0 if i % 2 == 0 else 7, state='{"moved": true}', seat=0, action="go")
            for i, s in enumerate(sessions)
        ),
        return_exceptions=True,
    )
    for i, (session, outcome) in enumerate(zip(sessions, outcomes, strict=True)):
        after = await store.get_session(session.id)
        if i % 2 == 0:
            assert outcome == 1
            assert (after.version, after.state) == (1, '{"moved": true}')
            assert len(await store.actions(session.id)) == 1
        else:
            assert isinstance(outcome, VersionConflict)
            assert after == session
            assert await store.actions(session.id) == []


async def test_a_lone_move_is_written_without_waiting_for_company(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No batching timer: writing a lone move schedules no timed wake-up on the event loop (every
    asyncio timer, `sleep` and `wait_for` included, goes through `loop.call_at`). Checked by what
    is scheduled, not by a stopwatch, so a slow machine cannot fail it."""
    row = await new_session(store, status="active")
    loop = asyncio.get_running_loop()
    timers: list[float] = []
    real_call_at = loop.call_at

    def call_at(when: float, callback: Any, *args: Any, context: Any = None) -> asyncio.TimerHandle:
        timers.append(when - loop.time())
        return real_call_at(when, callback, *args, context=context)

    with monkeypatch.context() as patch:
        patch.setattr(loop, "call_at", call_at)
        for version in range(20):
            await store.commit_move(row.id, version, state="{}", seat=0, action="tick")
    # asyncpg's pool keeps a 300 s timer to recycle idle connections: housekeeping, not a batch
    # window. A batching timer would be milliseconds, so any timer under a minute fails the test.
    assert [delay for delay in timers if delay < 60] == []
    assert (await store.get_session(row.id)).version == 20


async def test_closing_writes_the_moves_still_queued(database: str) -> None:
    store = await Store.open(database)
    sessions = [await new_session(store, status="active") for _ in range(30)]
    pending = [
        asyncio.ensure_future(store.commit_move(s.id, 0, state='{"last": true}', seat=0, action="final"))
        for s in sessions
    ]
    await asyncio.sleep(0)  # the moves are queued, not yet written
    await store.close()
    assert [task.result() for task in pending] == [1] * 30

    reopened = await Store.open(database)
    try:
        for session in sessions:
            assert (await reopened.get_session(session.id)).version == 1
            assert len(await reopened.actions(session.id)) == 1
    finally:
        await reopened.close()


async def test_finishing_stores_the_last_move_status_and_results_together(store: Store, database: str) -> None:
    row = await new_session(store, status="active")
    await store.commit_move(row.id, 0, state='{"turn": 1}', seat=0, action="a")
    results = [_result(row.id, 0, 501, 2, score=3), _result(row.id, 1, None, 1, score=5)]
    version = await store.finish(row.id, 1, state='{"over": true}', seat=1, action="b", results=results)
    assert version == 2
    after = await store.get_session(row.id)
    assert (after.status, after.state, after.version) == ("finished", '{"over": true}', 2)
    assert [(a.seq, a.action) for a in await store.actions(row.id)] == [(1, "a"), (2, "b")]
    stored = await query_db(database, "SELECT seat, user_id, computer, score, place FROM results ORDER BY seat")
    assert stored == [(0, 501, None, 3, 2), (1, None, "random", 5, 1)]


async def test_finishing_without_a_last_move_logs_no_action(store: Store) -> None:
    row = await new_session(store, status="active")
    await store.finish(
        row.id, 0, state="{}", seat=None, action=None, results=[_result(row.id, 0, 501, 1)], status="abandoned"
    )
    after = await store.get_session(row.id)
    assert (after.status, after.version) == ("abandoned", 1)
    assert await store.actions(row.id) == []
    assert await store.stats(501) == [("closest-ghost", 1, 1)]


async def test_a_finish_that_fails_midway_leaves_the_game_as_it_was(store: Store) -> None:
    row = await new_session(store, status="active")
    other = await new_session(store, status="active")
    before = await store.get_session(row.id)
    # Two results for one seat break the results table's key after the state and log row were written.
    broken = [_result(row.id, 0, 501, 1), _result(row.id, 0, 502, 2)]
    outcomes = await asyncio.gather(
        store.finish(row.id, 0, state='{"over": true}', seat=0, action="last", results=broken),
        store.commit_move(other.id, 0, state='{"fine": true}', seat=0, action="go"),
        return_exceptions=True,
    )
    assert isinstance(outcomes[0], CONSTRAINT_ERRORS)
    assert outcomes[1] == 1  # the move sharing its transaction still landed
    assert await store.get_session(row.id) == before
    assert await store.actions(row.id) == []
    assert await store.stats(501) == []


async def test_a_finish_drawn_for_an_old_version_is_refused_and_stores_no_results(store: Store) -> None:
    row = await new_session(store, status="active")
    await store.commit_move(row.id, 0, state="{}", seat=0, action="a")
    with pytest.raises(VersionConflict):
        await store.finish(row.id, 0, state="{}", seat=0, action="b", results=[_result(row.id, 0, 501, 1)])
    assert (await store.get_session(row.id)).status == "active"
    assert await store.stats(501) == []


async def test_finish_refuses_half_a_last_move_and_results_of_another_session(store: Store) -> None:
    row = await new_session(store, status="active")
    with pytest.raises(ValueError, match="both"):
        await store.finish(row.id, 0, state="{}", seat=0, action=None, results=[])
    with pytest.raises(ValueError, match="session"):
        await store.finish(row.id, 0, state="{}", seat=None, action=None, results=[_result(row.id + 1, 0, 1, 1)])
    assert (await store.get_session(row.id)).version == 0
