"""Two session services on one PostgreSQL database, as two shard processes (bot/shards.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.sessions import Change, Player, SessionService, StaleMove
from bot.shards import Shards, shard_of
from persistence.store import Store
from rules.contract import act

ANA = Player(10, "Ana")
BO = Player(20, "Bo")
GUILD_ON_SHARD_1 = 1 << 22  # (guild_id >> 22) % 2 == 1

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])


@pytest_asyncio.fixture
async def two(database: str) -> AsyncIterator[tuple[SessionService, SessionService]]:
    """The owner of shard 1 and the process of shard 0, each with its own store."""
    stores = [await Store.open(database), await Store.open(database)]
    owner = SessionService(stores[0], seed_source=lambda: 1234, owns=Shards(2, frozenset({1})).owns)
    other = SessionService(stores[1], seed_source=lambda: 1234, owns=Shards(2, frozenset({0})).owns)
    for service in (owner, other):
        await service.watch_other_processes()
    yield owner, other
    for service in (owner, other):
        await service.close()
        await service.store.close()


async def started(owner: SessionService) -> int:
    session = await owner.create_lobby("toy", ANA, guild_id=GUILD_ON_SHARD_1, channel_id=2)
    await owner.join(session.id, BO)
    await owner.start(session.id, ANA)
    return session.id


def test_a_session_belongs_to_the_shard_of_its_guild_and_one_without_a_guild_to_shard_0(engine: str) -> None:
    assert shard_of(GUILD_ON_SHARD_1, 2) == 1
    assert shard_of(None, 2) == 0
    assert Shards.parse(2, "1").owns(GUILD_ON_SHARD_1)
    assert not Shards.parse(2, "0").owns(GUILD_ON_SHARD_1)
    assert Shards.parse(None, "").owns(GUILD_ON_SHARD_1)
    with pytest.raises(ValueError, match="between 0 and 1"):
        Shards.parse(2, "2")


async def test_the_owner_hears_of_a_move_made_in_another_process_and_tells_its_listeners(
    engine: str, two: tuple[SessionService, SessionService]
) -> None:
    owner, other = two
    heard: asyncio.Queue[Change] = asyncio.Queue()
    owner.subscribe(heard.put_nowait)
    session_id = await started(owner)
    while not heard.empty():
        heard.get_nowait()
    # Bo's DM button reaches the other process, which commits the move.
    await other.act(session_id, BO.user_id, 1, act("pick", 2), 0)
    async with asyncio.timeout(30):  # a guard against hanging; notices take milliseconds
        change = await heard.get()
    assert change.kind == "moved"
    mine = await owner.get(session_id)
    assert mine.move_number == 1
    assert mine.state is not None
    assert mine.state.picks == [None, 2]  # type: ignore[attr-defined]


async def test_a_click_drawn_for_a_move_this_process_has_not_heard_of_yet_counts(
    engine: str, two: tuple[SessionService, SessionService]
) -> None:
    owner, other = two
    session_id = await started(owner)
    await other.get(session_id)  # cached at move 0
    await owner.act(session_id, ANA.user_id, 0, act("pick", 1), 0)
    # Drawn at move 1 (Ana's pick), clicked before the notice of it reached the other process.
    await other.act(session_id, BO.user_id, 1, act("pick", 1), 1)
    assert (await owner.store.get_session(session_id)).version == (await other.get(session_id)).row.version


async def test_a_move_racing_one_from_another_process_is_judged_again_on_the_stored_state_not_lost(
    engine: str, database: str, two: tuple[SessionService, SessionService]
) -> None:
    owner, _ = two
    session_id = await started(owner)
    # A process that hears nothing (its notices lost, say): only the store's version check protects it.
    deaf = SessionService(await Store.open(database), owns=Shards(2, frozenset({0})).owns)
    try:
        stale = await deaf.get(session_id)
        await owner.act(session_id, ANA.user_id, 0, act("pick", 2), 0)
        assert stale.move_number == 0
        # Its commit conflicts, the session is reloaded, and Bo's simultaneous pick is still legal: it counts.
        await deaf.act(session_id, BO.user_id, 1, act("pick", 1), 0)
        assert stale.move_number == 2
        log = await owner.store.actions(session_id)
        assert [(a.seat, a.action) for a in log] == [(0, act("pick", 2).token()), (1, act("pick", 1).token())]
        # Its own pick again, drawn at move 0: refused, since Ana already picked (not stored twice).
        with pytest.raises(StaleMove):
            await deaf.act(session_id, ANA.user_id, 0, act("pick", 1), 0)
        assert len(await owner.store.actions(session_id)) == 2
    finally:
        await deaf.close()
        await deaf.store.close()
