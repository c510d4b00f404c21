"""A Discord that refuses everything for a while: the bot's requests stay few (Discord bans an
address for an hour at 10,000 refused requests in 10 minutes), every refusal is counted, and
once Discord answers again the game catches up and plays to its end."""

from __future__ import annotations

import random

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import MOVE, Table, game_over, latest_dm, move_controls, play_privately, settled
from tests.fake_discord.server import FakeDiscord

#: Moves played while Discord refuses everything. Each would cost a refused table edit, hand edit
#: and "your move" mention (and the removal of the one before) if every path tried again as it was.
MOVES = 30
#: Refused requests allowed for those moves: a few per route (table, hand, mention), whatever the
#: machine's speed: the pauses double (1, 2, 4... s), so even a minute of refusals costs at most about
#: 7 per route.
BOUND = 30


async def test_a_storm_of_refusals_costs_few_requests_and_the_game_recovers(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "best-candy")
    await table.add_computer("alice")
    await table.start("alice")
    sid = table.session_id()
    session = await haunted.service.get(sid)
    alice = int(fake.user("alice")["id"])
    seat = session.seat_of(alice)
    assert seat is not None
    await settled(haunted, sid)

    fake.refuse_everything(403, 50001)
    start = len(fake.calls)
    moved = 0
    # Alice moves as her clicks would (the service's path; her DM cannot show new controls now).
    while moved < MOVES and session.status == "active":
        await haunted.service.wait_for_computers(sid)
        legal = session.legal(seat)
        if not legal:
            continue
        await haunted.service.act(sid, alice, seat, random.Random(moved).choice(legal)[0])
        moved += 1
        await settled(haunted, sid)
    storm = fake.calls[start:]
    refused = [c for c in storm if c.status in (401, 403, 429)]
    assert moved == MOVES, "the game went on while Discord refused"
    assert len(storm) == len(refused), "everything was refused"
    assert 0 < len(refused) <= BOUND, [f"{c.method} {c.path}" for c in refused]
    assert haunted.refused.kinds["403/50001"] == len(refused), "every refusal is counted, by kind"
    assert sum(haunted.refused.held.values()) > 0, "the rest were held back, not sent"

    fake.refuse_everything(None)
    fake.rejected.clear()  # scripted here: the teardown's check is for the bot's own mistakes

    # Nothing else happens in the game until alice sees her controls: the bot tries again by itself.
    def caught_up() -> bool:
        dm = latest_dm(fake, "alice")
        drawn_for = {int(m["move"]) for c in move_controls(dm) if (m := MOVE.match(c.custom_id or ""))} if dm else set()
        return game_over(table) or drawn_for == {session.move_number}

    await fake.wait_for(caught_up, timeout=60, what="alice's controls for the current move")
    await play_privately(fake, table, ["alice"], random.Random(7))
    assert game_over(table)
    assert (await haunted.service.get(sid)).status == "finished"
