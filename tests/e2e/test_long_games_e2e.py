"""Games that last: each message a move changes is brought up to date on its own, and hour-old
messages are edited within Discord's budget for them."""

from __future__ import annotations

import logging
import random

import pytest

from bot.discord_ui.client import HauntedBot
from bot.discord_ui.publisher import due_humans
from tests.e2e.harness import Table, click_move, latest_dm, move_controls, settled
from tests.fake_discord.server import FakeDiscord


async def test_a_refused_table_holds_back_no_hand_and_no_mention(
    fake_discord: FakeDiscord, haunted: HauntedBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord refuses every edit of the table (as in an archived thread): each next player's DM
    still gets its controls and the "your move" mention is still posted; the table catches up at
    the first refresh after the refusals end."""
    caplog.set_level(logging.INFO)
    fake = fake_discord
    humans = ["alice", "bob", "carol"]
    table = await Table.started(fake, haunted, "alice", "ghosts-of-christmas", ("bob", "carol"))
    thread = table.thread_id()
    assert thread is not None
    assert table.table_id is not None
    sid = table.session_id()
    await settled(haunted, sid)
    fake.refuse_next("PATCH", rf"/messages/{table.table_id}$", 400, 50083, "Thread is archived", count=10**6)
    rng = random.Random(5)
    ids = {who: int(fake.user(who)["id"]) for who in humans}
    passed = 0
    for _ in range(8):
        mover = next(who for who in humans if (dm := latest_dm(fake, who)) and move_controls(dm))
        dm = latest_dm(fake, mover)
        assert dm is not None
        before = {uid for uid in due_humans(await haunted.service.get(sid))}
        await click_move(fake, mover, dm, rng.choice(move_controls(dm)), rng)
        await settled(haunted, sid)
        due = due_humans(await haunted.service.get(sid))
        passed += bool(due - before)
        for who, uid in ids.items():
            if uid in due:
                mine = latest_dm(fake, who)
                assert mine is not None
                assert move_controls(mine), f"{who} is due but their DM has no controls"
                pings = [m.content for m in fake.messages(thread) if "your move in" in m.content]
                assert pings, f"{who} is due but nobody was mentioned"
                assert f"<@{uid}>" in pings[-1], f"{who} is due but not mentioned: {pings}"
    assert passed, "the turn passed from player to player at least once"
    refused = fake.rejections(50083)
    assert refused
    assert all(r.call.method == "PATCH" for r in refused)
    notes = [r for r in caplog.records if "the table was not updated" in r.getMessage()]
    assert notes
    assert not any(r.exc_info for r in notes), "one line per refusal, no traceback"
    assert len(notes) == len(refused), "each refusal is logged once"

    # The refusals end: the next refresh brings the table up to date (nothing retried meanwhile).
    fake.stop_refusing()
    fake.rejected.clear()
    edits = len(table.table.versions)
    mover = next(who for who in humans if (dm := latest_dm(fake, who)) and move_controls(dm))
    dm = latest_dm(fake, mover)
    assert dm is not None
    await click_move(fake, mover, dm, rng.choice(move_controls(dm)), rng)
    await settled(haunted, sid)
    assert len(table.table.versions) > edits
    now = haunted.publisher.table_payload(await haunted.service.get(sid))["embed"].to_dict()
    shown = table.table.embeds[0]
    assert [shown.get(k) for k in ("title", "description", "fields")] == [
        now.get(k) for k in ("title", "description", "fields")
    ], "the table shows the game as it is now"
