"""A process killed in the middle of writing moves loses none it reported, and leaves nothing half-written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from persistence.store import Store
from tests.persistence.crash_writer import action_of, state_after

ROOT = Path(__file__).resolve().parents[2]


def _run_until_killed(db_path: Path, synchronous: str, lines_wanted: int) -> tuple[list[int], dict[int, int]]:
    """Start the writer, read `lines_wanted` committed moves, SIGKILL it; return its sessions and last reports."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.persistence.crash_writer", str(db_path), "4", synchronous],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stderr is not None
    try:
        first = child.stdout.readline().split()
        assert first[:1] == ["ready"], child.stderr.read()
        sessions = [int(word) for word in first[1:]]
        reported: dict[int, int] = {}
        for _ in range(lines_wanted):
            line = child.stdout.readline()
            assert line.endswith("\n"), child.stderr.read()  # a whole line: the writer is alive and well
            session_id, version = map(int, line.split())
            assert version == reported.get(session_id, 0) + 1  # each session reports every move, in order
            reported[session_id] = version
        os.kill(child.pid, signal.SIGKILL)  # no clean-up of any kind: no close, no flush
        child.wait(timeout=10)
        # Lines already in the pipe were printed before the kill: those moves were reported stored too.
        # The kill may cut the last one short: a line counts only when it is whole (ends in a newline).
        *whole, _cut = child.stdout.read().split("\n")
        for line in whole:
            session_id, version = map(int, line.split())
            reported[session_id] = version
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    return sessions, reported


@pytest.mark.parametrize("synchronous", ["NORMAL", "FULL"])
async def test_a_killed_writer_loses_no_reported_move_and_leaves_no_half_move(db_path: Path, synchronous: str) -> None:
    sessions, reported = _run_until_killed(db_path, synchronous, lines_wanted=150)
    assert set(reported) <= set(sessions)

    store = await Store.open(db_path)
    try:
        for session_id in sessions:
            row = await store.get_session(session_id)
            log = await store.actions(session_id)
            # Every reported move is there (more may be: stored but killed before it could say so).
            assert row.version >= reported.get(session_id, 0)
            # State, version and log moved together: no move is half-written.
            assert [a.seq for a in log] == list(range(1, row.version + 1))
            assert [a.action for a in log] == [action_of(v) for v in range(1, row.version + 1)]
            if row.version:
                assert row.state == state_after(row.version)
                assert json.loads(row.state)["last"] == log[-1].action
    finally:
        await store.close()
