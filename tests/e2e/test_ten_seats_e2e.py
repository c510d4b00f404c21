"""Ten seats (I Got a Rock) through the fake Discord, which refuses any message beyond
Discord's limits (5 rows, 5 buttons a row, 25 options a select): the lobby, the table and a
taker's hand all stay within them at the largest table."""

from __future__ import annotations

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, dm_of
from tests.fake_discord.server import FakeDiscord


async def test_a_lobby_seats_ten_and_refuses_an_eleventh(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "i-got-a-rock")
    for _ in range(9):
        await table.add_computer("alice")
    lobby = fake.message(table.lobby_id)
    assert "10 seated, 2-10 needed" in lobby.text()
    assert "10. Computer 9 (normal computer)" in lobby.text()
    await table.add_computer("alice")
    assert "10 seated" in fake.message(table.lobby_id).text(), "an eleventh seat is refused"
    assert fake.ephemerals("alice")[-1].text() == "This table is full: I Got a Rock seats at most 10."
    await table.start("alice")
    dm = await fake.wait_for(dm_of(fake, "alice"), what="alice's DM")
    assert "I Got a Rock" in dm.text()
    assert table.table.text().count("**Computer") == 9
