"""The end-to-end bench's own pieces: which tables its floor sends, how many play, its summary."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest

from bench import e2e
from rules import registry
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.server import FakeDiscord, point_discord_py_at


def test_the_bench_plays_each_game_at_the_fewest_players_it_allows() -> None:
    assert e2e.players_of("closest-ghost") == 2
    assert e2e.players_of("ghosts-love-candy") == 3
    for game in registry.games().values():
        low, _high = game.seat_range(game.options())
        assert e2e.players_of(game.id) >= low


@pytest.mark.parametrize("game_id", ["closest-ghost", "ghosts-love-candy"])
def test_every_table_the_floor_sends_has_something_to_click(game_id: str) -> None:
    # A game played in DMs has tables without moves: the floor's player clicks the button below them.
    e2e.SHAPES[:] = e2e.table_shapes(game_id)
    for n in range(len(e2e.SHAPES)):
        message = e2e.TableMove.message(n)
        assert any(item.custom_id.startswith("floortable:") for item in message["view"].children)


def test_the_summary_gives_a_line_per_game_and_their_mean(capsys: pytest.CaptureFixture[str]) -> None:
    def tally(clicks: int, seconds: float, edit: float) -> e2e.Tally:
        made = e2e.Tally()
        made.ack, made.edit = [0.01] * clicks, [edit] * clicks
        made.started, made.ended = 0.0, seconds
        return made

    # Two rounds each: a row's figure is the median of its rounds' ratios to floor-tbl's in the same round.
    results = {
        game: {
            "floor-tbl": [tally(100, 1.0, 0.1), tally(50, 1.0, 0.2)],
            "ours": [tally(80, 1.0, 0.12), tally(40, 1.0, 0.24)],
            "ours-txt": [tally(90, 1.0, 0.1), tally(45, 1.0, 0.2)],
        }
        for game in ("closest-ghost", "13-ghosts")
    }
    e2e.print_summary(results)
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("closest-ghost") and " 0.80 " in line and " 1.20 " in line for line in lines)
    assert any(line.startswith("13-ghosts") for line in lines)
    assert any(line.startswith("all games") and " 0.80 " in line and " 0.90 " in line for line in lines)


def test_a_refused_click_is_no_move_and_is_counted_apart() -> None:
    # A stale click the bot refuses (answered privately, type 4) costs far less than a move: counted as
    # one, a busy run (more stale clicks) looked faster than a quiet one.
    made = e2e.Tally()
    assert made.acknowledged(0.1, 7)
    assert made.acknowledged(0.2, 6)
    assert not made.acknowledged(0.01, 4)
    assert not made.acknowledged(3.5, 4)
    made.started, made.ended = 0.0, 1.0
    made.cpu_started, made.cpu_ended = 0.0, 0.01
    assert (made.moves, made.refused, made.deferred, made.late) == (2, 2, 1, 1)
    assert made.ack == [0.1, 0.2]
    assert made.rate == 2.0
    assert made.cpu_per_move == 5.0


def test_over_as_many_rounds_as_rows_each_row_runs_once_in_each_place() -> None:
    names = e2e.row_names("both", with_floor=False)
    assert names == ["floor-tbl", "floor-pic", "ours", "ours-txt"]
    orders = [e2e.round_order(names, n) for n in range(len(names))]
    for place in range(len(names)):
        assert sorted(order[place] for order in orders) == sorted(names)
    assert all(sorted(order) == sorted(names) for order in orders)


async def test_each_round_measures_every_row_again() -> None:
    rows = await e2e.measure("closest-ghost", 2, 2, "off", 60.0, 1.0, with_floor=False, rounds=2, warm_up=False)
    assert list(rows) == ["floor-tbl", "ours-txt"]
    for tallies in rows.values():
        assert len(tallies) == 2
        assert all(t.moves > 0 and t.lost == 0 for t in tallies)


async def test_the_floor_with_a_picture_posts_it_once_and_every_answer_keeps_it() -> None:
    # What Discord and discord.py cost for a table that carries a picture, as ours do while a move's new
    # picture is on its way: the answers name no attachments, so each message keeps the one it was posted with.
    picture = e2e.first_picture("closest-ghost")
    assert picture is not None
    assert picture.startswith(b"\x89PNG")
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        tally = await e2e.table_floor(fake, 2, 3, "closest-ghost", picture)
        messages = [m for m in fake._messages.values() if m.components]
        calls = fake.calls
    finally:
        restore()
        await fake.stop()
    assert tally.moves == 6
    assert len(messages) == 2
    for message in messages:
        assert len(message.versions) == 4, "posted, then answered three times"
        assert message.embed_image() == picture, "the picture posted is still shown after every answer"
    assert sum(1 for call in calls if call.files) == 2, "uploaded once per message, when it was posted"
    assert not e2e.FLOOR_PICTURE, "the next floor-tbl row carries no picture"


def test_a_game_without_pictures_has_no_floor_with_one() -> None:
    assert "floor-pic" not in e2e.row_names("on", with_floor=False, pictured=False)
    assert "floor-pic" not in e2e.row_names("off", with_floor=False)


class Refusing(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"refuse:(?P<n>\d+)"):
    """A control out of date: every click on it is refused privately, as our bot refuses a stale move."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Old move", custom_id=f"refuse:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Refusing:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("That move is out of date.", ephemeral=True)


class RefusingBot(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(Refusing)


async def test_a_player_refused_waits_for_the_message_to_be_redrawn_before_clicking_again() -> None:
    # Clicking an out-of-date control again at once, as the players did, made a busy moment a storm of
    # refused clicks: a player now looks again only once the message has changed.
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    runner = BotRunner(fake)
    try:
        bot = RefusingBot(intents=discord.Intents.default(), guild_ready_timeout=0.1)
        await runner.start(bot)
        view = discord.ui.View(timeout=None)
        view.add_item(Refusing(0))
        sent = await bot.get_partial_messageable(fake.channel_id("games")).send("The table", view=view)
        message = fake.message(sent.id)
        tally = e2e.Tally()
        clicking = asyncio.ensure_future(e2e.click(fake, "alice", message, "refuse:0", None, tally))
        await fake.wait_for(lambda: tally.refused == 1, what="the click refused")
        assert not clicking.done(), "the player waits for the message to be redrawn"
        await sent.edit(content="The table, redrawn")
        await asyncio.wait_for(clicking, 10)
        assert (tally.moves, tally.refused, tally.lost, tally.late) == (0, 1, 0, 0)
        assert len([call for call in fake.calls if "/callback" in call.path]) == 1, "clicked once"
    finally:
        await runner.stop_all()
        restore()
        await fake.stop()
