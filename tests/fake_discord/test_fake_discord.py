"""The fake Discord driven by an unmodified discord.py bot (defined here) over real HTTP and websocket."""

from __future__ import annotations

import asyncio
import io
import json
import re
import time
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fake_discord import FakeDiscord
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import JSON, check_message, flatten_components
from tests.fake_discord.server import form_parts


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A button whose state lives in its custom_id, so it keeps working after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class GhostPicker(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="ghost-pick",
        options=[
            discord.SelectOption(label="Blinky", value="blinky"),
            discord.SelectOption(label="Clyde", value="clyde"),
        ],
    )
    async def chosen(self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class Fear(discord.ui.Modal, title="Fears"):
    fear: discord.ui.TextInput[Any] = discord.ui.TextInput(label="What scares you?")

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"noted: {self.fear.value}", ephemeral=True)


class TinyBot(commands.Bot):
    def __init__(self, slow_seconds: float = 0.0, intents: discord.Intents | None = None) -> None:
        intents = intents or discord.Intents.default()
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.1)
        self.slow_seconds = slow_seconds
        self.errors: list[int] = []
        self.counter_runs = 0

        @self.tree.command(description="Start a counter")
        async def counter(interaction: discord.Interaction[Any]) -> None:
            self.counter_runs += 1
            try:
                await asyncio.sleep(self.slow_seconds)
                view = discord.ui.View(timeout=None).add_item(Counter(0))
                await interaction.response.send_message("count 0", view=view)
            except discord.HTTPException as error:
                self.errors.append(error.code)

        @self.tree.command(description="Greet someone privately")
        @app_commands.describe(who="whom to greet")
        async def greet(interaction: discord.Interaction[Any], who: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(f"hello {who}", ephemeral=True)

        @self.tree.command(description="Open a game table with its own thread")
        async def table(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("table")
            message = await interaction.original_response()
            try:
                thread = await message.create_thread(name="game 1")
                await thread.send("first move")
            except discord.Forbidden as error:
                self.errors.append(error.code)

        @self.tree.command(description="Pick a ghost")
        async def pick(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("pick one", view=GhostPicker())

        @self.tree.command(description="Confess a fear")
        async def scare(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_modal(Fear())

        @greet.autocomplete("who")
        async def who_choices(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=n, value=n) for n in ("alice", "bob", "anna") if n.startswith(current)]

        @self.tree.command(description="Offer a button with a far too long label")
        async def shout(interaction: discord.Interaction[Any]) -> None:
            view = discord.ui.View().add_item(discord.ui.Button(label="B" + "o" * 80, custom_id="shout"))
            try:
                await interaction.response.send_message("listen", view=view)
            except discord.HTTPException as error:
                self.errors.append(error.code)

        ghost = app_commands.Group(name="ghost", description="Ghostly deeds")

        @ghost.command(description="Haunt a room")
        async def haunt(interaction: discord.Interaction[Any], room: int, victim: discord.Member) -> None:
            await interaction.response.send_message(f"haunting room {room + 1} with {victim.name}")

        self.tree.add_command(ghost)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py sleeps 5 s before every re-IDENTIFY by default

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        await self.tree.sync()


def games(fake: FakeDiscord) -> int:
    return fake.channel_id("games")


async def test_login_syncs_commands_and_reaches_ready(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    bot = await bot_runner.start(TinyBot())
    paths = [(c.method, c.path) for c in fake_discord.calls]
    app = fake_discord.app_id
    assert paths[:3] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{app}/commands"),
    ]
    assert sorted(c["name"] for c in fake_discord.commands) == [
        "counter",
        "ghost",
        "greet",
        "pick",
        "scare",
        "shout",
        "table",
    ]
    assert fake_discord.ready_count == 1
    assert fake_discord.identifies[0]["intents"] == discord.Intents.default().value
    assert bot.user is not None
    assert bot.user.id == app
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None
    assert [c.name for c in guild.text_channels] == ["games"]


async def test_slash_command_is_answered_with_a_message_carrying_a_button(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    interaction = await fake_discord.slash("alice", games(fake_discord), "counter")
    ack = await interaction.acked()
    assert ack.type == 4
    assert ack.latency < 1.0
    message = fake_discord.message(ack.message_id or 0)
    assert message.content == "count 0"
    assert message.component(custom_id="counter:0").label == "Count 0"
    assert fake_discord.latest_message(games(fake_discord)) is message


async def test_deferred_ephemeral_followup_replaces_the_thinking_message(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    interaction = await fake_discord.slash("bob", games(fake_discord), "greet", {"who": "carol"})
    assert (await interaction.acked()).type == 5
    await fake_discord.wait_for(lambda: interaction.followup_ids)
    [private] = fake_discord.ephemerals("bob")
    assert private.content == "hello carol"
    assert len(private.versions) == 2
    assert fake_discord.messages(games(fake_discord)) == []


async def test_dynamic_button_click_edits_the_message_even_after_a_bot_restart(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    first = await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "counter")).acked()
    message_id = ack.message_id or 0
    click = await fake_discord.click("bob", message_id, "counter:0")
    assert (await click.acked()).type == 7
    assert fake_discord.message(message_id).custom_ids == ["counter:1"]

    await bot_runner.stop(first)
    await bot_runner.start(TinyBot())  # a new bot object: new IDENTIFY, nothing remembered but the fake's state
    assert fake_discord.ready_count == 2
    click = await fake_discord.click("carol", message_id, "counter:1")
    assert (await click.acked()).type == 7
    assert [v["content"] for v in fake_discord.message(message_id).versions] == ["count 0", "count 1", "count 2"]


async def test_dm_is_delivered_and_a_refused_dm_raises_forbidden_50007(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    alice = await bot.fetch_user(int(fake_discord.user("alice")["id"]))
    await alice.send("boo")
    assert [m.content for m in fake_discord.dms("alice")] == ["boo"]
    create_dm = fake_discord.calls_to("POST", r"^/users/@me/channels$")[0]
    assert create_dm.json == {"recipient_id": alice.id}

    fake_discord.refuse_dms("bob")
    bob = await bot.fetch_user(int(fake_discord.user("bob")["id"]))
    with pytest.raises(discord.Forbidden) as refused:
        await bob.send("boo")
    assert refused.value.code == 50007
    assert fake_discord.dms("bob") == []
    assert len(fake_discord.rejections(50007)) == 1


async def test_rate_limited_edit_is_waited_out_and_retried(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("before")
    fake_discord.rate_limit_next("PATCH", r"/messages/\d+$", retry_after=0.3)
    started = time.monotonic()
    await sent.edit(content="after")
    assert time.monotonic() - started >= 0.3
    assert [c.status for c in fake_discord.calls_to("PATCH", r"/messages/\d+$")] == [429, 200]
    assert fake_discord.message(sent.id).content == "after"


async def test_editing_a_deleted_message_raises_not_found(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("table")
    fake_discord.delete_message(sent.id)
    with pytest.raises(discord.NotFound) as gone:
        await sent.edit(content="new table")
    assert gone.value.code == 10008


async def test_second_acknowledgement_of_one_interaction_is_refused_with_40060(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    # Two processes running the same token both answer every interaction: the second answer is refused.
    first, second = await bot_runner.start(TinyBot()), await bot_runner.start(TinyBot())
    interaction = await fake_discord.slash("alice", games(fake_discord), "counter")
    await interaction.acked()
    await fake_discord.wait_for(lambda: fake_discord.rejections(40060))
    assert isinstance(first, TinyBot)
    assert isinstance(second, TinyBot)
    assert first.counter_runs == second.counter_runs == 1
    assert sorted(first.errors + second.errors) == [40060]
    assert len(fake_discord.messages(games(fake_discord))) == 1


async def test_acknowledgement_after_the_deadline_is_refused_and_recorded(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake_discord.ack_deadline = 0.2
    bot = await bot_runner.start(TinyBot(slow_seconds=0.3))
    interaction = await fake_discord.slash("alice", games(fake_discord), "counter")
    [late] = await fake_discord.wait_for(lambda: fake_discord.late_acks)
    assert late.interaction_id == interaction.id
    assert (late.latency or 0) > 0.2
    with pytest.raises(AssertionError, match="refused"):
        await interaction.acked()
    assert isinstance(bot, TinyBot)
    await fake_discord.wait_for(lambda: bot.errors)
    assert bot.errors == [10062]


async def test_click_on_a_custom_id_missing_from_the_current_message_is_refused(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "counter")).acked()
    await (await fake_discord.click("alice", ack.message_id or 0, "counter:0")).acked()
    with pytest.raises(AssertionError, match="not on message"):
        await fake_discord.click("alice", ack.message_id or 0, "counter:0")  # the button was replaced


@pytest.mark.parametrize(
    ("content", "embeds"),
    [("x" * 2001, []), ("", [discord.Embed(description="y" * 3500), discord.Embed(description="z" * 3500)])],
    ids=["content-over-2000", "embeds-over-6000"],
)
async def test_oversized_message_is_refused_with_50035(
    fake_discord: FakeDiscord, bot_runner: BotRunner, content: str, embeds: list[discord.Embed]
) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(content or None, embeds=embeds)
    assert refused.value.status == 400
    assert refused.value.code == 50035
    assert fake_discord.messages(games(fake_discord)) == []
    assert len(fake_discord.rejections(50035)) == 1


async def test_button_label_over_80_chars_is_refused_and_the_interaction_stays_unacknowledged(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    interaction = await fake_discord.slash("alice", games(fake_discord), "shout")
    with pytest.raises(AssertionError, match="50035"):
        await interaction.acked()
    [refused] = fake_discord.rejections(50035)
    assert refused.errors is not None
    [label_error] = refused.errors["components"]["0"]["components"]["0"]["label"]["_errors"]
    assert label_error["code"] == "BASE_TYPE_MAX_LENGTH"
    assert isinstance(bot, TinyBot)
    await fake_discord.wait_for(lambda: bot.errors)
    assert bot.errors == [50035]


async def test_gateway_resume_replays_an_interaction_sent_while_disconnected(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    resumes = fake_discord.resume_count
    await fake_discord.drop_connection(4000)
    interaction = await fake_discord.slash("alice", games(fake_discord), "counter", allow_offline=True)
    await fake_discord.wait_resumed(resumes)
    assert (await interaction.acked()).type == 4
    resumes = fake_discord.resume_count
    await fake_discord.send_reconnect()  # op 7
    await fake_discord.wait_resumed(resumes)
    assert fake_discord.ready_count == 1  # resumed twice, never identified again
    assert (await (await fake_discord.slash("bob", games(fake_discord), "counter")).acked()).type == 4


async def test_invalid_session_makes_the_bot_identify_again(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    await bot_runner.start(TinyBot())
    readies = fake_discord.ready_count
    await fake_discord.invalidate_session(resumable=False)
    await fake_discord.wait_ready(since=readies)
    interaction = await fake_discord.slash("alice", games(fake_discord), "counter")
    assert (await interaction.acked()).type == 4


async def test_button_in_a_dm_is_clicked_in_dm_context_by_its_recipient_only(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    alice = await bot.fetch_user(int(fake_discord.user("alice")["id"]))
    sent = await alice.send("your hand", view=discord.ui.View(timeout=None).add_item(Counter(5)))
    with pytest.raises(AssertionError, match="another user's DMs"):
        await fake_discord.click("bob", sent.id, "counter:5")
    click = await fake_discord.click("alice", sent.id, "counter:5")
    assert (await click.acked()).type == 7
    assert click.guild_id is None
    assert [m.content for m in fake_discord.dms("alice")] == ["count 6"]


async def test_message_thread_takes_the_message_id_and_denied_creation_gives_50013(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "table")).acked()
    thread_id = ack.message_id or 0
    first_move = await fake_discord.wait_for_message(thread_id)
    assert first_move.content == "first move"
    assert fake_discord.channels[thread_id]["type"] == 11
    assert fake_discord.channels[thread_id]["parent_id"] == str(games(fake_discord))
    assert isinstance(bot.get_channel(thread_id), discord.Thread)  # THREAD_CREATE reached the bot's cache

    fake_discord.deny_thread_creation(games(fake_discord))
    await (await fake_discord.slash("alice", games(fake_discord), "table")).acked()
    assert isinstance(bot, TinyBot)
    await fake_discord.wait_for(lambda: bot.errors)
    assert bot.errors == [50013]


async def test_select_values_must_be_offered_and_a_rate_limited_callback_is_retried(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("eve", games(fake_discord), "pick")).acked()
    message_id = ack.message_id or 0
    assert [o.value for o in fake_discord.message(message_id).component(custom_id="ghost-pick").options] == [
        "blinky",
        "clyde",
    ]
    with pytest.raises(AssertionError, match="not among options"):
        await fake_discord.click("eve", message_id, "ghost-pick", ["inky"])
    fake_discord.rate_limit_next("POST", r"/callback$", retry_after=0.05)
    choice = await fake_discord.click("eve", message_id, "ghost-pick", ["clyde"])
    assert (await choice.acked()).latency >= 0.05
    assert fake_discord.message(message_id).content == "picked clyde"
    assert fake_discord.message(message_id).components == []


async def test_modal_is_opened_and_submitted_by_field_label(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    await bot_runner.start(TinyBot())
    opened = await fake_discord.slash("dave", games(fake_discord), "scare")
    assert (await opened.acked()).type == 9
    submitted = await fake_discord.submit_modal("dave", opened, {"What scares you?": "spiders"})
    assert (await submitted.acked()).type == 4
    assert [m.content for m in fake_discord.ephemerals("dave")] == ["noted: spiders"]


async def test_privileged_intent_not_enabled_stops_the_bot_with_4014(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake_discord.allowed_privileged_intents = 0
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents=intents)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await bot_runner.start(bot)
    await bot.close()


async def test_autocomplete_and_subcommand_options_reach_the_command_tree(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    suggest = await fake_discord.slash("bob", games(fake_discord), "greet", {"who": "a"}, focused="who")
    ack = await suggest.acked()
    assert ack.type == 8
    assert [c["value"] for c in ack.data["choices"]] == ["alice", "anna"]

    haunt = await fake_discord.slash("bob", games(fake_discord), "ghost haunt", {"room": 3, "victim": "carol"})
    assert (await haunt.acked()).type == 4
    assert fake_discord.latest_message(games(fake_discord)) is not None
    assert fake_discord.message(haunt.original_id or 0).content == "haunting room 4 with carol"
    with pytest.raises(AssertionError, match="required options missing"):
        await fake_discord.slash("bob", games(fake_discord), "ghost haunt", {"room": 3})


async def test_uploaded_file_is_kept_as_an_attachment_with_its_bytes(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("the board", file=discord.File(io.BytesIO(b"ghost map"), filename="board.txt"))
    assert [a.filename for a in sent.attachments] == ["board.txt"]
    assert fake_discord.message(sent.id).files == {"board.txt": b"ghost map"}


def _button(n: int, label: str = "Boo") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": f"b{n}"}


def _row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


_MENU_OF_26 = {"type": 3, "custom_id": "menu", "options": [{"label": f"o{i}", "value": f"o{i}"} for i in range(26)]}


@pytest.mark.parametrize(
    ("components", "path"),
    [
        ([_row(_button(i)) for i in range(6)], "components"),
        ([_row(*(_button(i) for i in range(6)))], "components.0.components"),
        ([_row(_MENU_OF_26)], "components.0.components.0.options"),
        ([_row(_button(0), {**_MENU_OF_26, "options": []})], "components.0.components"),
        ([_row(_button(0), _button(0))], "components.0.components.1.custom_id"),
        ([_row(_button(0, "x" * 81))], "components.0.components.0.label"),
    ],
    ids=["six-rows", "six-buttons-in-a-row", "26-options", "select-sharing-a-row", "duplicate-id", "long-label"],
)
def test_component_limits_name_the_offending_field_in_the_50035_errors(
    components: list[dict[str, Any]], path: str
) -> None:
    node = check_message({"content": "x", "components": components}).tree
    for part in path.split("."):
        node = node[part]
    assert node["_errors"]
    assert not check_message({"content": "x", "components": [_row(_button(0), _button(1))]})


async def test_sharding_each_shard_gets_its_guilds_events_and_dms_go_to_shard_0(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    fake.shard_count = 2
    on_one = fake.add_guild("Shard One", channels=["games"], shard=1)
    on_zero = fake.add_guild("Shard Zero", channels=["games"], shard=0)
    seen: dict[int, list[int | None]] = {0: [], 1: []}  # shard id -> guild of each interaction

    def client(shard: int) -> discord.AutoShardedClient:
        bot = discord.AutoShardedClient(
            intents=discord.Intents.default(), shard_count=2, shard_ids=[shard], guild_ready_timeout=0.1
        )

        @bot.event
        async def on_interaction(interaction: discord.Interaction[Any]) -> None:
            seen[shard].append(interaction.guild_id)
            await interaction.response.send_message("ok", ephemeral=True)

        return bot

    zero, one = await bot_runner.start(client(0)), await bot_runner.start(client(1))
    assert fake.shards_ready() == {0, 1}
    assert [identify["shard"] for identify in fake.identifies] == [[0, 2], [1, 2]]
    assert on_one.id in {g.id for g in one.guilds}
    assert on_one.id not in {g.id for g in zero.guilds}
    assert on_zero.id in {g.id for g in zero.guilds}

    fake.commands = [{"name": "ping", "description": "ping", "type": 1, "id": str(fake.ids.next()), "options": []}]
    for channel in (fake.channel_id("games", on_one.id), fake.channel_id("games", on_zero.id), None):
        await (await fake.slash("alice", channel, "ping", guild=False)).acked()
    assert seen == {0: [on_zero.id, None], 1: [on_one.id]}


def _png(tag: bytes) -> bytes:
    """Just enough of a PNG for the fake to read its size: signature and IHDR (2 x 1)."""
    return b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + (2).to_bytes(4, "big") + (1).to_bytes(4, "big") + tag


def _pictured(name: str) -> discord.Embed:
    return discord.Embed(title="table").set_image(url=f"attachment://{name}")


async def test_an_embed_shows_its_attached_picture_and_an_edit_replaces_or_clears_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    first = discord.File(io.BytesIO(_png(b"one")), filename="table.png")
    sent = await channel.send(embed=_pictured("table.png"), file=first)
    stored = fake_discord.message(sent.id)
    [attachment] = stored.attachments
    assert [call.files for call in fake_discord.calls_to("POST", r"/messages$")][-1] == ["table.png"]
    assert (attachment["width"], attachment["height"], attachment["content_type"]) == (2, 1, "image/png")
    assert stored.embeds[0]["image"]["url"] == attachment["url"], "attachment:// becomes the attachment's URL"
    assert stored.embed_image() == _png(b"one")
    assert sent.embeds[0].image.url == attachment["url"], "discord.py reads the resolved URL back"

    second = discord.File(io.BytesIO(_png(b"two")), filename="table.png")
    await sent.edit(embed=_pictured("table.png"), attachments=[second])
    [replaced] = stored.attachments
    assert replaced["id"] != attachment["id"], "attachments not listed in an edit are removed"
    assert stored.embed_image() == _png(b"two")
    assert stored.embed_image(version=0) == _png(b"one"), "each version keeps the picture it showed"

    await sent.edit(embed=discord.Embed(title="text only"), attachments=[])
    assert stored.attachments == []
    assert stored.embed_image() is None


async def test_an_edit_keeps_the_attachments_it_lists_by_id_and_refuses_unknown_ids(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send(
        "two files", files=[discord.File(io.BytesIO(b"a"), "a.txt"), discord.File(io.BytesIO(b"b"), "b.txt")]
    )
    kept = [a for a in sent.attachments if a.filename == "b.txt"]
    edited = await sent.edit(attachments=kept)
    assert [a.filename for a in edited.attachments] == ["b.txt"]
    stale = edited.attachments[0]
    await sent.edit(attachments=[])
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(attachments=[stale])
    assert refused.value.code == 50035
    fake_discord.rejected.clear()


class Repaint(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"repaint:(?P<n>\d+)"):
    """A button that answers its click with the message redrawn, a new picture attached."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Repaint {n}", custom_id=f"repaint:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Repaint:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None).add_item(Repaint(self.n + 1))
        picture = discord.File(io.BytesIO(_png(str(self.n + 1).encode())), filename="table.png")
        await interaction.response.edit_message(embed=_pictured("table.png"), attachments=[picture], view=view)


async def test_a_click_answered_with_a_new_picture_replaces_the_old_one(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = TinyBot()
    bot.add_dynamic_items(Repaint)
    await bot_runner.start(bot)
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View(timeout=None).add_item(Repaint(0))
    picture = discord.File(io.BytesIO(_png(b"0")), filename="table.png")
    sent = await channel.send(embed=_pictured("table.png"), file=picture, view=view)
    click = await fake_discord.click("alice", sent.id, "repaint:0")
    assert (await click.acked()).type == 7
    stored = fake_discord.message(sent.id)
    assert len(stored.attachments) == 1
    assert stored.embed_image() == _png(b"1")
    assert stored.custom_ids == ["repaint:1"]


# ---- snapshots: what the fake records never changes afterwards ----------------------------------


def _recorded(fake: FakeDiscord, event: str) -> list[JSON]:
    """The `d` of every recorded (replayable) event of this name, in every session, as it was sent."""
    return [json.loads(d) for session in fake.sessions.values() for _, name, d in session.events if name == event]


async def test_a_click_event_keeps_the_message_it_carried_after_edits_and_after_its_data_is_changed(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "counter")).acked()
    message_id = ack.message_id or 0
    first = await fake_discord.click("bob", message_id, "counter:0")
    await first.acked()
    second = await fake_discord.click("bob", message_id, "counter:1")
    await second.acked()
    first.data["custom_id"] = "changed by the test"
    clicks = {event["id"]: event for event in _recorded(fake_discord, "INTERACTION_CREATE")}
    assert clicks[str(first.id)]["data"]["custom_id"] == "counter:0"
    assert clicks[str(first.id)]["message"]["content"] == "count 0"
    assert clicks[str(second.id)]["message"]["content"] == "count 1"
    updates = [event["content"] for event in _recorded(fake_discord, "MESSAGE_UPDATE")]
    assert updates == ["count 1", "count 2"], "each MESSAGE_UPDATE keeps the version it announced"


async def test_a_resume_replays_an_event_as_dispatched_even_if_its_dict_changed_since(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(TinyBot())
    cid = games(fake_discord)
    resumes = fake_discord.resume_count
    await fake_discord.drop_connection(4000)
    sent = {**fake_discord.channels[cid], "topic": "dispatched"}
    fake_discord.dispatch("CHANNEL_UPDATE", sent)
    sent["topic"] = "changed after dispatch"
    await fake_discord.wait_resumed(resumes)
    channel = await fake_discord.wait_for(lambda: bot.get_channel(cid), what="the channel in the bot's cache")
    assert isinstance(channel, discord.TextChannel)
    await fake_discord.wait_for(lambda: channel.topic == "dispatched", what="the replayed CHANNEL_UPDATE")
    assert [event["topic"] for event in _recorded(fake_discord, "CHANNEL_UPDATE")] == ["dispatched"]


async def test_an_edit_makes_a_version_sharing_nothing_with_the_one_before(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "counter")).acked()
    stored = fake_discord.message(ack.message_id or 0)
    await (await fake_discord.click("bob", stored.id, "counter:0")).acked()
    old, new = stored.versions
    new["author"]["username"] = "changed"
    new["interaction_metadata"]["user"]["username"] = "changed"
    new["mentions"].append({"id": "1"})
    assert old["author"]["username"] == "Haunted Table"
    assert old["interaction_metadata"]["user"]["username"] == "alice"
    assert old["mentions"] == []
    assert fake_discord.bot_user["username"] == "Haunted Table"
    copied = stored.payload()
    copied["components"].clear()
    assert stored.custom_ids == ["counter:1"], "a payload() copy is the caller's own"


async def test_a_message_s_components_follow_its_current_version(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    await bot_runner.start(TinyBot())
    ack = await (await fake_discord.slash("alice", games(fake_discord), "counter")).acked()
    stored = fake_discord.message(ack.message_id or 0)
    assert stored.components == flatten_components(stored.current["components"])
    assert stored.custom_ids == ["counter:0"]
    stored.components.clear()  # the caller's list: the next read is whole again
    await (await fake_discord.click("bob", stored.id, "counter:0")).acked()
    assert stored.custom_ids == ["counter:1"]
    assert stored.components == flatten_components(stored.current["components"])
    fake_discord.forge_button(stored.id, "forged")
    assert stored.custom_ids == ["counter:1", "forged"]
    assert [c.custom_id for c in flatten_components(stored.versions[0]["components"])] == ["counter:0"]


class _Sink:
    """Collects what aiohttp writes for a request body."""

    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def _form_as_discord_py_sends_it(files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "x"}), content_type="application/json")
    for n, (filename, data) in enumerate(files):
        form.add_field(f"files[{n}]", data, filename=filename, content_type="application/octet-stream")
    writer = form()
    sink = _Sink()
    await writer.write(sink)  # type: ignore[arg-type]
    return str(writer.headers["Content-Type"]), bytes(sink.data)


async def test_multipart_bodies_are_read_part_by_part_with_their_names_files_and_exact_bytes() -> None:
    awkward = b"\r\n--not-the-boundary\r\n\r\n\x00\xff"  # line breaks and dashes inside a file stay its own
    content_type, body = await _form_as_discord_py_sends_it([("table.png", b"\x89PNG"), ("fantôme.txt", awkward)])
    parts = form_parts(content_type, body)
    assert [(name, filename) for name, filename, _data in parts] == [
        ("payload_json", None),
        ("files[0]", "table.png"),
        ("files[1]", "fantôme.txt"),
    ]
    assert json.loads(parts[0][2]) == {"content": "x"}
    assert [data for _name, _filename, data in parts[1:]] == [b"\x89PNG", awkward]


@pytest.mark.parametrize(
    "cut",
    [
        pytest.param(lambda body: body[:-40], id="no closing boundary"),
        pytest.param(lambda body: body.replace(b"\r\n\r\n", b"\r\n", 1), id="headers never end"),
        pytest.param(lambda body: body.replace(b'name="payload_json"', b"", 1), id="a part without a name"),
    ],
)
async def test_a_malformed_multipart_body_is_refused_not_half_read(cut: Any) -> None:
    content_type, body = await _form_as_discord_py_sends_it([("table.png", b"\x89PNG")])
    with pytest.raises(ValueError, match="multipart"):
        form_parts(content_type, cut(body))
    with pytest.raises(ValueError, match="boundary"):
        form_parts("multipart/form-data", body)


async def test_a_malformed_multipart_request_gets_a_400_answer(fake_discord: FakeDiscord) -> None:
    content_type, body = await _form_as_discord_py_sends_it([("table.png", b"\x89PNG")])
    url = f"{fake_discord.api_base}/channels/{games(fake_discord)}/messages"
    headers = {"Authorization": "Bot fake-token", "Content-Type": content_type}
    async with aiohttp.ClientSession() as http, http.post(url, data=body[:-40], headers=headers) as answer:
        assert answer.status == 400
        assert (await answer.json())["code"] == 50109
    assert [r.code for r in fake_discord.rejected] == [50109], "recorded, so an e2e test's teardown would catch it"


class ThreadWatcher(TinyBot):
    """TinyBot, noting the thread and channel events it hears."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple[str, int, bool, bool]] = []

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        meta = payload.data.get("thread_metadata") or {}
        self.heard.append(("update", payload.thread_id, bool(meta.get("archived")), bool(meta.get("locked"))))

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.heard.append(("thread gone", payload.thread_id, False, False))

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.heard.append(("channel gone", channel.id, False, False))


async def _thread_with_a_button(fake: FakeDiscord, bot: discord.Client, minutes: int) -> tuple[int, int]:
    """A thread the bot opened (archiving after `minutes` idle) and a message of it with a counter button."""
    channel = bot.get_channel(games(fake))
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("lobby")
    thread = await starter.create_thread(name="game", auto_archive_duration=minutes)  # type: ignore[arg-type]
    view = discord.ui.View(timeout=None).add_item(Counter(0))
    table = await thread.send("count 0", view=view)
    return thread.id, table.id


async def test_an_idle_thread_archives_by_the_fake_clock_refuses_edits_and_clicks_and_a_message_reopens_it(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    bot = await bot_runner.start(ThreadWatcher())
    assert isinstance(bot, ThreadWatcher)
    thread_id, table_id = await _thread_with_a_button(fake, bot, 60)
    fake.clock.advance(59 * 60)
    assert not fake.channels[thread_id]["thread_metadata"]["archived"]
    fake.clock.advance(60)
    await fake.wait_for(lambda: ("update", thread_id, True, False) in bot.heard, what="THREAD_UPDATE")
    with pytest.raises(AssertionError, match="archived"):
        await fake.click("alice", table_id, "counter:0")
    message = bot.get_partial_messageable(thread_id).get_partial_message(table_id)
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="count 9")
    assert (refused.value.status, refused.value.code) == (400, 50083)
    await bot.get_partial_messageable(thread_id).send("your move")  # sending unarchives it
    assert not fake.channels[thread_id]["thread_metadata"]["archived"]
    await message.edit(content="count 1")
    await (await fake.click("alice", table_id, "counter:0")).acked()
    # A moderator's archive, undone by the bot (no Manage Threads needed for an unlocked thread).
    fake.archive_thread(thread_id)
    await bot.http.edit_channel(thread_id, archived=False)
    assert not fake.channels[thread_id]["thread_metadata"]["archived"]
    with pytest.raises(discord.HTTPException) as wrong:
        await bot.http.edit_channel(thread_id, auto_archive_duration=90)
    assert wrong.value.code == 50035
    fake.rejected.clear()


async def test_a_locked_thread_refuses_the_bot_without_manage_threads(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    bot = await bot_runner.start(ThreadWatcher())
    assert isinstance(bot, ThreadWatcher)
    thread_id, table_id = await _thread_with_a_button(fake, bot, 10080)
    fake.archive_thread(thread_id, locked=True)
    await fake.wait_for(lambda: ("update", thread_id, True, True) in bot.heard, what="THREAD_UPDATE")
    thread = bot.get_partial_messageable(thread_id)
    refusals = []
    for attempt in (
        thread.send("your move"),
        thread.get_partial_message(table_id).edit(content="count 1"),
        bot.http.edit_channel(thread_id, archived=False),
    ):
        with pytest.raises(discord.HTTPException) as refused:
            await attempt
        refusals.append((refused.value.status, refused.value.code))
    assert refusals == [(400, 160005), (400, 50083), (403, 50013)]
    with pytest.raises(AssertionError, match="archived"):
        await fake.click("alice", table_id, "counter:0")
    assert [r.code for r in fake.rejected] == [160005, 50083, 50013]
    fake.rejected.clear()


async def test_a_deleted_thread_or_channel_is_gone_for_the_bot_with_its_gateway_event(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    fake = fake_discord
    bot = await bot_runner.start(ThreadWatcher())
    assert isinstance(bot, ThreadWatcher)
    thread_id, table_id = await _thread_with_a_button(fake, bot, 10080)
    fake.delete_channel(thread_id)
    await fake.wait_for(lambda: ("thread gone", thread_id, False, False) in bot.heard, what="THREAD_DELETE")
    with pytest.raises(discord.NotFound) as gone:
        await bot.get_partial_messageable(thread_id).send("your move")
    assert gone.value.code == 10003
    with pytest.raises(AssertionError, match="deleted"):
        await fake.click("alice", table_id, "counter:0")

    other_thread, _table = await _thread_with_a_button(fake, bot, 10080)
    channel = games(fake)
    fake.delete_channel(channel)
    await fake.wait_for(lambda: ("channel gone", channel, False, False) in bot.heard, what="CHANNEL_DELETE")
    assert bot.get_channel(other_thread) is None  # its threads went with it
    for target in (channel, other_thread):
        with pytest.raises(discord.NotFound) as gone:
            await bot.get_partial_messageable(target).send("your move")
        assert gone.value.code == 10003
    fake.rejected.clear()


async def test_an_attachment_keeps_its_description_of_at_most_1024_characters(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    # Discord: "description (alt text) for the file (max 1024 characters)"; longer is a 50035 form error.
    bot = await bot_runner.start(TinyBot())
    channel = bot.get_channel(games(fake_discord))
    assert isinstance(channel, discord.TextChannel)
    picture = discord.File(io.BytesIO(_png(b"one")), filename="table.png", description="Alice leads the 7.")
    sent = await channel.send(embed=_pictured("table.png"), file=picture)
    [attachment] = fake_discord.message(sent.id).attachments
    assert attachment["description"] == "Alice leads the 7."
    assert sent.attachments[0].description == "Alice leads the 7.", "discord.py reads it back"
    too_long = discord.File(io.BytesIO(_png(b"two")), filename="table.png", description="x" * 1025)
    with pytest.raises(discord.HTTPException) as refused:
        await sent.edit(embed=_pictured("table.png"), attachments=[too_long])
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert fake_discord.message(sent.id).attachments == [attachment], "a refused edit changes nothing"
