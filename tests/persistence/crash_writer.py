"""Child process for test_crash_safety: moves a few sessions as fast as it can until it is killed.

Usage: python -m tests.persistence.crash_writer DB_PATH SESSIONS NORMAL|FULL

Prints "ready <ids>" once the sessions exist, then "<session id> <version>" after each move's commit
has returned, so every printed line is a move the store said was stored.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Literal, cast

from persistence.store import Store


def state_after(version: int) -> str:
    """The state JSON the writer stores with move number `version` (the test checks it after the crash)."""
    return json.dumps({"moves": version, "last": action_of(version)})


def action_of(version: int) -> str:
    return f"step.{version}"


async def main(path: str, sessions: int, synchronous: Literal["NORMAL", "FULL"]) -> None:
    store = await Store.open(path, synchronous=synchronous)
    ids: list[int] = []
    for _ in range(sessions):
        row = await store.create_session(
            game_id="toy", options="{}", seed=0, host_id=None, guild_id=None, channel_id=None
        )
        ids.append(row.id)
    print("ready", *ids, flush=True)

    async def play(session_id: int) -> None:
        version = 0
        while True:
            version = await store.commit_move(
                session_id, version, state=state_after(version + 1), seat=version % 2, action=action_of(version + 1)
            )
            print(session_id, version, flush=True)

    await asyncio.gather(*(play(session_id) for session_id in ids))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), cast(Literal["NORMAL", "FULL"], sys.argv[3])))
