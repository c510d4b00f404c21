"""Playing through the fake Discord as people would: slash commands and clicks only.

The bot under test is the real one (`bot.discord_ui.app.make_bot`), unmodified,
connected to `tests.fake_discord`. Helpers here find the lobby, the thread, the
table and the DMs the way a player would, and check the bot's promises on every
message it sends: acknowledgements in time, and no secret on a public message.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord_ui.client import HauntedBot
from bot.discord_ui.cogs.lobby import play_path
from bot.pictures import drawing_for
from bot.renderers import renderer_for
from bot.renderers.base import Screen
from bot.screens import table_seen
from bot.sessions import Session
from rules import registry
from rules.contract import TAKE_BACK
from tests.fake_discord.models import Component, StoredMessage
from tests.fake_discord.server import FakeDiscord

MOVE = re.compile(r"ht:(?P<sid>\d+):(?P<move>\d+):(?P<seat>\d+):")


def settings_for(fake: FakeDiscord, db: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": "fake-token",
        "database_path": db,
        "dev_guild_id": fake.guild.id,
        "guild_ready_timeout": 0.1,
        "computer_delay": 0.0,
        "table_edit_interval": 0.0,
        "mention_after": 0.0,
        "draw_in_process": False,
        "discord_api_base": fake.api_base,
        "discord_gateway_url": fake.gateway_url,
        "log_level": "DEBUG",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)


def env_for(fake: FakeDiscord, db: Path) -> dict[str, str]:
    """The same settings as environment variables, for a bot child process."""
    return {
        **fake.env(),
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_PATH": str(db),
        "DEV_GUILD_ID": str(fake.guild.id),
        "GUILD_READY_TIMEOUT": "0.1",
        "COMPUTER_DELAY": "0",
        "TABLE_EDIT_INTERVAL": "0",
        "MENTION_AFTER": "0",
        "DRAW_IN_PROCESS": "off",
        "LOG_LEVEL": "INFO",
    }


class SecretWatch:
    """Checks every table the bot publishes: it must not change when any seat's unknowns are
    resampled (`determinize`), i.e. it shows nothing that some player may not know."""

    def __init__(self, bot: HauntedBot) -> None:
        self.checked_embeds: list[dict[str, Any]] = []
        self._checked_keys: set[str] = set()
        self.tables = 0
        publisher = bot.publisher
        original = publisher.table_payload

        def checked(session: Session) -> dict[str, Any]:
            payload = original(session)
            if session.state is not None:
                seen = table_seen(session)
                renderer = renderer_for(session.game)
                expected: Screen | None = None
                picture = payload.get("picture")
                if picture is not None:
                    drawn = drawing_for(seen, "table")
                    assert drawn is not None
                    assert drawn.key == picture.key, f"session {session.id}: the picture is not of the table"
                for seat in range(len(session.seats)):
                    other = session.game.determinize(session.state, seat, random.Random(seat))
                    twin = table_seen(dataclasses.replace(session, state=other))
                    if twin == seen:
                        # The table and its picture are drawn from the sight alone, so an equal sight
                        # draws them equal; only a sight that differs is drawn to compare (most cost).
                        continue
                    expected = expected or renderer.table(seen)
                    assert renderer.table(twin) == expected, (
                        f"session {session.id}: the table shows something seat {seat} cannot know"
                    )
                    # The picture is known by what it shows, so equal keys mean equal PNGs.
                    if picture is not None:
                        twin_picture = drawing_for(twin, "table")
                        assert twin_picture is not None
                        assert twin_picture.key == picture.key, (
                            f"session {session.id}: the table's picture shows something seat {seat} cannot know"
                        )
            embed = payload["embed"].to_dict()
            self.checked_embeds.append(embed)
            self._checked_keys.add(_embed_key(embed))
            self.tables += 1
            return payload

        publisher.table_payload = checked  # type: ignore[method-assign]

    def assert_public_messages_clean(self, fake: FakeDiscord, bot: HauntedBot) -> None:
        """Every embed the bot put in a guild channel or thread is a checked table or a lobby."""
        for channel_id, channel in fake.channels.items():
            if channel.get("guild_id") is None:
                continue
            for message in fake.messages(channel_id):
                for version in message.versions:
                    for embed in version.get("embeds") or []:
                        title = str(embed.get("title") or "")
                        if (
                            "table #" in title
                            or "how to play" in title
                            or title.startswith(("Games on", "Leaderboard"))
                        ):
                            continue  # lobby, /rules, /games and /leaderboard: no game state in them
                        assert _embed_key(embed) in self._checked_keys or _same_embed(embed, self.checked_embeds), (
                            f"unchecked public embed: {title}"
                        )


_EMBED_KEYS = ("title", "description", "fields")


def _embed_key(embed: dict[str, Any]) -> str:
    """What a public embed is compared on, as one string: a long game publishes thousands of tables,
    and comparing each sent one with every checked one took seconds."""
    return json.dumps([embed.get(k) for k in _EMBED_KEYS], sort_keys=True)


def _same_embed(sent: dict[str, Any], checked: list[dict[str, Any]]) -> bool:
    keys = _EMBED_KEYS
    return any(all(sent.get(k) == c.get(k) for k in keys) for c in checked)


class Player:
    """Plays through the fake as one user."""

    def __init__(self, fake: FakeDiscord, name: str) -> None:
        self.fake = fake
        self.name = name
        self.user = fake.user(name)
        self.id = int(self.user["id"])


class Table:
    """One game as players see it: the lobby message, the thread and the table message."""

    def __init__(self, fake: FakeDiscord, bot: HauntedBot, lobby_id: int) -> None:
        self.fake = fake
        self.bot = bot
        self.lobby_id = lobby_id
        self.channel_id = fake.message(lobby_id).channel_id
        self.table_id: int | None = None
        self._game_of: tuple[int, int] | None = None  # (table message id, its game's number), read once

    @classmethod
    async def open(cls, fake: FakeDiscord, bot: HauntedBot, host: str, game: str, **options: Any) -> Table:
        channel = fake.channel_id("games")
        interaction = await fake.slash(host, channel, play_path(registry.get(game)).removeprefix("/"), options)
        ack = await interaction.acked()
        assert ack.type == 4, f"/play answered with callback type {ack.type}"
        assert ack.message_id is not None
        return cls(fake, bot, ack.message_id)

    @classmethod
    async def started(
        cls, fake: FakeDiscord, bot: HauntedBot, host: str, game: str, joiners: tuple[str, ...], **options: Any
    ) -> Table:
        """A table the host opened, the `joiners` joined and the host started."""
        table = await cls.open(fake, bot, host, game, **options)
        for who in joiners:
            await table.lobby_click(who, "Join")
        await table.start(host)
        return table

    async def lobby_click(self, who: str, label: str) -> Any:
        message = self.fake.message(self.lobby_id)
        interaction = await self.fake.click(who, self.lobby_id, _custom_id(message, label))
        return await interaction.acked()

    async def lobby_pick(self, who: str, custom_id_end: str, value: str) -> Any:
        """Pick `value` in the lobby select whose custom_id ends with `custom_id_end`."""
        message = self.fake.message(self.lobby_id)
        select = next(c for c in message.components if c.is_select and (c.custom_id or "").endswith(custom_id_end))
        assert select.custom_id is not None
        interaction = await self.fake.click(who, self.lobby_id, select.custom_id, [value])
        return await interaction.acked()

    async def add_computer(self, who: str, level: str = "normal") -> Any:
        """The host picks a level in "Add a computer player…"."""
        return await self.lobby_pick(who, ":computer", level)

    async def set_clock(self, who: str, seconds: int | None) -> Any:
        """The host picks the turn clock: seconds per move, or None for none."""
        return await self.lobby_pick(who, ":clock", "off" if seconds is None else str(seconds))

    async def start(self, host: str) -> StoredMessage:
        ack = await self.lobby_click(host, "Start")
        assert ack.type == 7, ack
        table = await self.fake.wait_for(self._find_table, what="the table message")
        self.table_id = table.id
        return table

    def _find_table(self) -> StoredMessage | None:
        for channel_id in [self.thread_id(), self.channel_id]:
            if channel_id is None:
                continue
            for message in self.fake.messages(channel_id):
                if any(":table:" in c or MOVE.match(c) for c in message.custom_ids) or " · game #" in message.text():
                    return message
        return None

    def thread_id(self) -> int | None:
        # A thread started from a message takes that message's id: the lobby's thread is this table's,
        # whatever other games' threads the channel has.
        if self.lobby_id in self.fake.channels:
            return self.lobby_id
        # Otherwise a thread the bot opened on its own (its lobby message was gone): not one started
        # from another message, which is another game's lobby.
        for channel_id, channel in self.fake.channels.items():
            here = channel.get("type") == 11 and int(channel.get("parent_id") or 0) == self.channel_id
            if here and channel_id > self.lobby_id and channel_id not in self.fake._messages:
                return channel_id
        return None

    @property
    def table(self) -> StoredMessage:
        """The table message; a newer one the game posted (a table nearing an hour old is posted
        afresh) takes over, as players would follow it down the thread."""
        assert self.table_id is not None
        newer = self._newer_table()
        if newer is not None:
            self.table_id = newer
        return self.fake.message(self.table_id)

    def _newer_table(self) -> int | None:
        """The table message the bot in this process remembers for the game, if newer than ours."""
        service = getattr(self.bot, "service", None)
        if service is None or self.table_id is None:
            return None
        # A table message shows one game for good: its number is read once, not at every look.
        if self._game_of is None or self._game_of[0] != self.table_id:
            sid = re.search(r"game #(\d+)", self.fake.message(self.table_id).text())
            if sid is None:
                return None
            self._game_of = (self.table_id, int(sid[1]))
        session = service.in_memory(self._game_of[1])
        current = session.row.table_message_id if session is not None else None
        if current is not None and current > self.table_id:
            return current if current in self.fake._messages else None
        return None

    def session_id(self) -> int:
        match = re.search(r"game #(\d+)", self.table.text())
        assert match, self.table.text()
        return int(match.group(1))


def _custom_id(message: StoredMessage, label: str) -> str:
    component = message.component(label=label)
    assert component.custom_id is not None
    return component.custom_id


def move_controls(message: StoredMessage) -> list[Component]:
    return [c for c in message.components if c.custom_id and MOVE.match(c.custom_id) and not c.disabled]


def is_take_back(control: Component) -> bool:
    """A control that takes back a choice already made: the whole of it, or one of its picks."""
    token = (control.custom_id or "").rsplit(":", 1)[-1]
    return token.split(".", 1)[0] == TAKE_BACK.kind


def seat_of(component: Component) -> int:
    assert component.custom_id is not None
    match = MOVE.match(component.custom_id)
    assert match
    return int(match["seat"])


async def click_move(
    fake: FakeDiscord, who: str, message: StoredMessage, control: Component, rng: random.Random
) -> Any:
    """Click a move button, or pick a random option of a move select."""
    assert control.custom_id is not None
    values = [rng.choice(control.options).value] if control.is_select else None
    interaction = await fake.click(who, message.id, control.custom_id, values)
    return interaction, await interaction.acked()


def table_moved_past(table: Table, versions: int) -> Callable[[], bool]:
    """A `wait_for` condition: the table has been edited since it had `versions` versions."""
    return lambda: len(table.table.versions) > versions


async def settled(bot: HauntedBot, session_id: int) -> None:
    """Until nothing is pending for the session: no computer thinking, no message edit queued.

    A test that compares two messages (a DM and a /hand screen, a table and the state) must
    wait for this first, or a computer's move may still be editing one of them."""
    service, publisher = bot.service, bot.publisher
    while service.computer_busy(session_id) or publisher.busy(session_id):
        await service.wait_for_computers(session_id)
        await publisher.flushed(session_id)


def dm_of(fake: FakeDiscord, who: str) -> Callable[[], StoredMessage | None]:
    """A `wait_for` condition: `who`'s latest DM from the bot, once there is one."""
    return lambda: latest_dm(fake, who)


def latest_dm(fake: FakeDiscord, who: str) -> StoredMessage | None:
    dms = [m for m in fake.dms(who) if m.embeds]
    return dms[-1] if dms else None


def game_over(table: Table) -> bool:
    return "Game over" in table.table.text()


async def play_privately(
    fake: FakeDiscord,
    table: Table,
    humans: list[str],
    rng: random.Random,
    *,
    no_dms: frozenset[str] = frozenset(),
    max_clicks: int = 3000,
    across_processes: bool = False,
) -> int:
    """Play a game with secrets to the end: each human moves from their DM, or, when their DMs
    are closed, from the ephemeral screen the table's "My hand" button gives them. Only moves
    count towards `max_clicks`: waiting for a computer (or a restarting process) is waiting for
    the table to change, never a count of polls, which a busy machine would turn into a timer."""
    clicks = 0
    while not game_over(table):
        mark = table_mark(table)
        acted = False
        for who in humans:
            if game_over(table):
                break
            if who in no_dms:
                moved = await _move_from_my_hand(fake, table, who, rng)
            else:
                moved = await _move_from_dm(fake, who, rng, across_processes=across_processes)
            clicks += moved
            acted |= moved
        assert clicks < max_clicks, "the game did not end"
        if not acted:
            await wait_for_progress(fake, table, mark, [who for who in humans if who not in no_dms])
    return clicks


def table_mark(table: Table) -> tuple[int, int]:
    """Which table message, and how many times it was drawn: it changes with every move."""
    message = table.table
    return message.id, len(message.versions)


async def wait_for_progress(fake: FakeDiscord, table: Table, mark: tuple[int, int], dm_players: list[str]) -> None:
    """Wait until the game has moved on since `mark` (the table was redrawn, or it is over) or a
    DM player has controls. A private "My hand" screen is not pushed, so the table is what tells
    a player without DMs to look again."""
    try:
        await fake.wait_for(
            lambda: (
                game_over(table)
                or table_mark(table) != mark
                or any(_has_moves(latest_dm(fake, who)) for who in dm_players)
            ),
            what="the game to move on",
        )
    except AssertionError as stuck:
        labels = [c.label for c in table.table.components]
        raise AssertionError(f"{stuck}\ntable {labels}:\n{table.table.text()}") from None


def _has_moves(message: StoredMessage | None) -> bool:
    return message is not None and bool(playable(message))


def playable(message: StoredMessage) -> list[Component]:
    """What a player of a whole game at random clicks: any move but taking back a choice already
    made (ruling G9). Players who took back whenever it was their only control could keep a
    simultaneous choice from ever closing: visited in turn while one player's screen is still being
    drawn, the others would choose and take back in step with each other for ever."""
    return [c for c in move_controls(message) if not is_take_back(c)]


async def _move_from_dm(fake: FakeDiscord, who: str, rng: random.Random, *, across_processes: bool = False) -> bool:
    """One move from `who`'s DM, if it shows controls. `across_processes`: the bot runs as several
    shard processes, where the owner's redraw of a DM can land just after another process answered
    a click on it with a newer screen (docs/operations.md); a click on that superseded screen must
    then be refused politely, the DM redrawn, and nothing moved. In one process the same happens when
    another player's last simultaneous choice ends the choice this DM still offered to change."""
    message = latest_dm(fake, who)
    if message is None or not playable(message):
        return False
    before = len(message.versions)
    _, ack = await click_move(fake, who, message, rng.choice(playable(message)), rng)
    # Also in one process: a seat done with a simultaneous choice may change it (ruling G9)
    # until another player's last choice ends it, so a click can cross that move; it is refused
    # politely and the DM redrawn.
    if ack.type == 4 and "no longer possible" in str(ack.data.get("content")):
        try:
            await fake.wait_for(lambda: len(message.versions) > before, what=f"{who}'s DM drawn anew")
        except AssertionError as stuck:
            shown = "\n---\n".join(json.dumps(v.get("embeds"))[:600] for v in message.versions[-3:])
            count = len(message.versions)
            raise AssertionError(f"{stuck}\nDM {message.id}, {count} versions, the last:\n{shown}") from None
        return False
    assert ack.type in (6, 7), f"refused moves are answered privately (4); a move redraws this DM (7): {ack}"
    # The bot redraws this DM with the move (at least the controls' move number changes).
    await fake.wait_for(lambda: len(message.versions) > before or not move_controls(message), what=f"{who}'s DM")
    return True


async def _move_from_my_hand(fake: FakeDiscord, table: Table, who: str, rng: random.Random) -> bool:
    if not any(c.label == "My hand" for c in table.table.components):
        return False
    interaction = await fake.click(who, table.table.id, _custom_id(table.table, "My hand"))
    ack = await interaction.acked()
    assert ack.type == 4, "My hand answers with a private message"
    screen = fake.message(ack.message_id) if ack.message_id else None
    assert screen is not None
    assert screen.ephemeral, "the hand is shown only to its player"
    if not playable(screen):
        return False
    before = len(screen.versions)
    await click_move(fake, who, screen, rng.choice(playable(screen)), rng)
    await fake.wait_for(lambda: len(screen.versions) > before, what=f"{who}'s private screen to update")
    return True
