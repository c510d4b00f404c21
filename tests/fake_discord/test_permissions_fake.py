"""The fake's channel permissions: overwrites a test sets, enforced on the bot's requests with
Discord's status and code, and reported in interactions' `app_permissions`; and its refuse-everything mode."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.ext import commands

from tests.fake_discord import FakeDiscord
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)


class PermsBot(commands.Bot):
    """Remembers the permissions each interaction reported for it."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.1)
        self.reported: list[discord.Permissions] = []

        @self.tree.command(description="Say what I may do here")
        async def perms(interaction: discord.Interaction[Any]) -> None:
            self.reported.append(interaction.app_permissions)
            await interaction.response.send_message("noted", ephemeral=True)

    async def setup_hook(self) -> None:
        await self.tree.sync()


async def refused(send: Any) -> tuple[int, int]:
    with pytest.raises(discord.HTTPException) as caught:
        await send
    return caught.value.status, caught.value.code


def picture() -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG not really"), filename="table.png")


async def test_a_denied_attach_files_refuses_uploads_only_and_shows_in_app_permissions(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(PermsBot())
    assert isinstance(bot, PermsBot)
    games = fake_discord.channel_id("games")
    channel = bot.get_partial_messageable(games)
    with_picture = await channel.send(embed=discord.Embed(title="table"), file=picture())

    fake_discord.set_permissions(games, deny=ATTACH_FILES)
    assert await refused(channel.send(embed=discord.Embed(title="table"), file=picture())) == (403, 50013)
    text = await channel.send(embed=discord.Embed(title="table as text"))
    assert await refused(with_picture.edit(attachments=[picture()])) == (403, 50013)
    await with_picture.edit(embed=discord.Embed(title="no picture"), attachments=[])  # removing one is allowed
    assert fake_discord.message(text.id).embeds[0]["title"] == "table as text"

    await (await fake_discord.slash("alice", games, "perms")).acked()
    assert not bot.reported[-1].attach_files
    assert bot.reported[-1].send_messages
    assert bot.reported[-1].embed_links
    # The bot's own cache heard the overwrite (CHANNEL_UPDATE), as discord.py computes it.
    guild = bot.get_guild(fake_discord.guild.id)
    assert guild is not None
    assert isinstance(text_channel := guild.get_channel(games), discord.TextChannel)
    assert not text_channel.permissions_for(guild.me).attach_files

    fake_discord.set_permissions(games)  # the overwrite removed
    await channel.send(file=picture())
    await (await fake_discord.slash("alice", games, "perms")).acked()
    assert bot.reported[-1].attach_files


async def test_send_messages_governs_the_channel_and_send_messages_in_threads_its_threads(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    bot = await bot_runner.start(PermsBot())
    games = fake_discord.channel_id("games")
    channel = bot.get_channel(games)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="game", type=discord.ChannelType.public_thread)

    fake_discord.set_permissions(games, deny=SEND_MESSAGES)
    assert await refused(channel.send("hello")) == (403, 50013)
    await thread.send("in the thread", embed=discord.Embed(title="table"))  # Send Messages has no effect there

    fake_discord.set_permissions(games, deny=SEND_MESSAGES_IN_THREADS)
    assert await refused(thread.send("in the thread")) == (403, 50013)
    await channel.send("in the channel")

    fake_discord.set_permissions(games, deny=CREATE_PUBLIC_THREADS)
    assert await refused(channel.create_thread(name="another", type=discord.ChannelType.public_thread)) == (
        403,
        50013,
    )
    fake_discord.set_permissions(games, deny=EMBED_LINKS)
    assert await refused(channel.send(embed=discord.Embed(title="table"))) == (403, 50013)
    await channel.send("plain text")


async def test_a_hidden_channel_answers_missing_access(fake_discord: FakeDiscord, bot_runner: BotRunner) -> None:
    bot = await bot_runner.start(PermsBot())
    assert isinstance(bot, PermsBot)
    games = fake_discord.channel_id("games")
    sent = await bot.get_partial_messageable(games).send("before")
    fake_discord.set_permissions(games, deny=VIEW_CHANNEL)
    assert await refused(bot.get_partial_messageable(games).send("hello")) == (403, 50001)
    assert await refused(sent.edit(content="after")) == (403, 50001)
    assert await refused(bot.fetch_channel(games)) == (403, 50001)
    await (await fake_discord.slash("alice", games, "perms")).acked()  # interactions still reach the bot
    assert not bot.reported[-1].view_channel
    # An allow for the role puts it back (role overwrites come after @everyone's).
    fake_discord.set_permissions(games, allow=VIEW_CHANNEL)
    await bot.get_partial_messageable(games).send("back")


@pytest.mark.parametrize("status", [403, 429])
async def test_refuse_everything_refuses_every_request_until_lifted(
    fake_discord: FakeDiscord, bot_runner: BotRunner, status: int
) -> None:
    bot = await bot_runner.start(PermsBot())
    games = fake_discord.channel_id("games")
    fake_discord.refuse_everything(status, retry_after=0.01)
    before = len(fake_discord.calls)
    with pytest.raises(discord.HTTPException) as caught:
        await bot.get_partial_messageable(games).send("hello")
    assert caught.value.status == status
    if status == 429:  # honoured by discord.py (retry_after, Via): it tried several times, then gave up
        assert len(fake_discord.calls) - before == 5
    else:
        assert caught.value.code == 50001
    assert {c.status for c in fake_discord.calls[before:]} == {status}
    fake_discord.refuse_everything(None)
    await bot.get_partial_messageable(games).send("hello again")
