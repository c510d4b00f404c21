"""`/log`: a game's whole log as text files, public lines for anyone, private lines for their player only."""

from __future__ import annotations

import random
from functools import partial

from bot.discord_ui.client import HauntedBot
from rules.contract import LOG_KEEP
from tests.e2e.harness import Table, play_privately
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord


def answered(fake: FakeDiscord, who: str, before: int) -> list[StoredMessage]:
    """`who`'s private answers with some text, after the first `before` ones."""
    return [m for m in fake.ephemerals(who)[before:] if m.text()]


async def ask_for_log(fake: FakeDiscord, who: str, channel_id: int, options: dict[str, object]) -> StoredMessage:
    before = len(fake.ephemerals(who))
    interaction = await fake.slash(who, channel_id, "log", options)
    await interaction.acked()
    answers = await fake.wait_for(lambda: [m for m in fake.ephemerals(who)[before:] if m.files], what="the log")
    return answers[-1]


async def test_the_whole_log_comes_as_a_file_with_private_lines_only_in_the_players_own(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "13-ghosts")
    await table.add_computer("alice")
    await table.start("alice")
    await play_privately(fake, table, ["alice"], random.Random(5))
    sid = table.session_id()
    session = await haunted.service.get(sid)
    assert session.state is not None

    mine = await ask_for_log(fake, "alice", table.channel_id, {"game": sid})
    assert mine.ephemeral
    public_name, private_name = sorted(mine.files, key=lambda name: "private" in name)
    public = mine.files[public_name].decode()
    private = mine.files[private_name].decode()
    public_lines = [line for line in public.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    # The whole game from its first line, however long the (randomly dealt) game was; the state
    # keeps only its last LOG_KEEP lines.
    assert public_lines[0].split(".", 1)[0].strip() == "1", "the file starts at the game's first line"
    assert "Round 1 begins" in public_lines[0]
    assert len(public_lines) >= min(len(session.state.log), LOG_KEEP)
    assert session.game.result(session.state) is not None
    assert "You drew" in private, "alice's own draws are in her file"
    assert "You drew" not in public, "no private line in the public file"
    assert "You were dealt" not in public

    theirs = await ask_for_log(fake, "bob", table.channel_id, {"game": sid})
    assert list(theirs.files) == [public_name], "a watcher gets the public lines only"
    assert theirs.files[public_name].decode() == public


async def test_a_log_of_an_unknown_or_foreign_game_is_refused_privately(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    channel = fake.channel_id("games")
    for game in (999, -4):
        before = len(fake.ephemerals("alice"))
        interaction = await fake.slash("alice", channel, "log", {"game": game})
        await interaction.acked()
        answer = await fake.wait_for(partial(answered, fake, "alice", before), what="the refusal")
        assert "no game with that number" in answer[-1].text()
        assert not answer[-1].files
