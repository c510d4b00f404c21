"""A wire-level fake Discord (REST + gateway websocket on 127.0.0.1) for driving an unmodified discord.py client.

Everything the bot does is recorded (`calls`, stored messages with every version, interactions and their
acknowledgements), and what real Discord refuses is refused the same way. See
/work/shared/discord-testing-notes.md for the protocol facts this follows.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import math
import re
import secrets
import time
import urllib.parse
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from aiohttp import WSMsgType, web

from .models import (
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    EPHEMERAL,
    JSON,
    LOADING,
    MANAGE_THREADS,
    MEMBER_PERMISSIONS,
    SELECT_TYPES,
    THREAD_PERMISSIONS,
    Ack,
    Call,
    Errors,
    FakeTime,
    Interaction,
    LateAck,
    Rejection,
    Snowflakes,
    StoredMessage,
    check_commands,
    check_message,
    copy_json,
    is_empty,
    iso_now,
    make_user,
)
from .permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    THREAD_TYPES,
    VIEW_CHANNEL,
    computed,
    effective,
    missing_to_post,
)

T = TypeVar("T")

#: How long a test waits for something that should come (the bot ready, a call, a message) before it
#: fails. It only bounds a wait for what never comes, so it is generous: a test waits for the state it
#: checks, and a busy CI machine (a load of 12 on 2 cores made the bot's start take over 5 s) is no failure.
PATIENCE = 30.0
UserLike = int | str | JSON
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 1, 1 << 9, 1 << 12
#: The minutes of inactivity after which Discord archives a thread: the only values it takes.
AUTO_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)
# Which callback types each interaction type accepts: 2 command, 3 component, 4 autocomplete, 5 modal submit.
CALLBACKS_ALLOWED = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
#: Discord takes only OLD_EDITS edits per OLD_EDIT_WINDOW seconds per channel to messages older than
#: OLD_MESSAGE_AGE seconds (429, code 30046). Channel message edits only: an interaction's answer that
#: updates its message (callback type 7, or a webhook edit) goes through the interaction's own routes.
OLD_MESSAGE_AGE = 3600.0
OLD_EDITS = 3
OLD_EDIT_WINDOW = 6.0


def created_at(message_id: int) -> float:
    """When a message was made (seconds since 1970, the fake's clock), from its snowflake id."""
    return ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000


class ApiError(Exception):
    """A JSON error answer; `record` puts it in `fake.rejected`."""

    def __init__(
        self, status: int, code: int, message: str, errors: JSON | None = None, record: bool = True,
        retry_after: float | None = None,
    ) -> None:  # fmt: skip
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors, self.record = status, code, message, errors, record
        #: For a 429: seconds until Discord takes the request (sent as discord.py honours it, with `Via`).
        self.retry_after = retry_after

    def body(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        if self.retry_after is not None:
            body |= {"retry_after": round(self.retry_after, 3), "global": False}
        return body

    def headers(self) -> dict[str, str]:
        if self.retry_after is None:
            return {}
        return {"Via": "1.1 google", "Retry-After": str(math.ceil(self.retry_after)), "X-RateLimit-Scope": "user"}


def invalid_form(errors: Errors) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors.tree)


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    bot_role_id: int
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, JSON] = field(default_factory=dict)  # user id -> member fields without `user`
    joined_at: str = field(default_factory=iso_now)


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule: which shard receives a guild's events."""
    return (guild_id >> 22) % shard_count


def _routed_to(shard: list[int], guild_id: int | None) -> bool:
    """Whether shard [i, n] receives an event of this guild; an event without a guild (a DM) goes to shard 0."""
    index, count = shard
    return index == 0 if guild_id is None else shard_of(guild_id, count) == index


@dataclass(eq=False)
class GatewaySession:
    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    #: (seq, event name, `d` as JSON text) of the last 2,000 events, for a RESUME to replay.
    events: deque[tuple[int, str, str]] = field(default_factory=lambda: deque(maxlen=2000))
    conn: _Connection | None = None
    ended: bool = False


@dataclass(eq=False)
class _Connection:
    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    session: GatewaySession | None = None
    ops: list[int] = field(default_factory=list)
    closed_by_server: bool = False

    def send(self, frame: JSON) -> None:
        self.queue.put_nowait(json.dumps(frame))

    def send_event(self, seq: int, event: str, d: str) -> None:
        """A dispatch (op 0) whose `d` is already JSON text: the frame is formatted, not encoded again."""
        self.queue.put_nowait(f'{{"op": 0, "t": {json.dumps(event)}, "s": {seq}, "d": {d}}}')


@dataclass
class _RateLimit:
    method: str
    pattern: re.Pattern[str]
    retry_after: float
    count: int
    is_global: bool


@dataclass
class _Refusal:
    method: str
    pattern: re.Pattern[str]
    error: ApiError
    count: int


@dataclass
class _Request:
    call: Call
    args: dict[str, str]
    body: Any
    #: Uploaded files by their index n (the multipart part `files[n]`): (filename, bytes).
    files: dict[int, tuple[str, bytes]]

    def int_arg(self, name: str) -> int:
        return int(self.args[name])


Handler = Callable[[_Request], Awaitable[tuple[int, Any]]]


class FakeDiscord:
    """The fake. Its state (users, guilds, channels, messages, commands, sessions) survives bot restarts."""

    def __init__(self, *, ack_deadline: float = 3.0, heartbeat_interval_ms: int = 41250, defaults: bool = True) -> None:
        #: The fake's wall clock (`clock.advance(seconds)` moves it on); ids and ages follow it.
        self.clock = FakeTime()
        self.ids = Snowflakes(clock=self.clock)
        self.ack_deadline = ack_deadline
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.require_synced_commands = True
        self.allowed_privileged_intents = PRIVILEGED_INTENTS
        self.app_id = self.ids.next()
        self.bot_user = make_user(self.app_id, "Haunted Table", bot=True)
        self.users: dict[int, JSON] = {self.app_id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, JSON] = {}
        self.commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.calls: list[Call] = []
        self.unhandled: list[Call] = []
        self.rejected: list[Rejection] = []
        self.late_acks: list[LateAck] = []
        #: Called with each interaction as its first callback arrives, before it is answered: a test
        #: can check what the bot had already done (saved) when it acknowledged a click.
        self.on_acknowledge: list[Callable[[Interaction], None]] = []
        self.crashes: list[tuple[Call, str]] = []  # exceptions inside the fake itself (a fixture asserts none)
        self.sessions: dict[str, GatewaySession] = {}
        #: What GET /gateway/bot recommends; an IDENTIFY with shard=[i, n] gets only shard i's guilds and
        #: events, and DMs (events without a guild) go to shard 0, as Discord does.
        self.shard_count = 1
        self.identifies: list[JSON] = []
        self.ready_count = 0
        self.resume_count = 0
        self._messages: dict[int, StoredMessage] = {}
        self._dm_channel_of: dict[int, int] = {}
        self._by_token: dict[str, Interaction] = {}
        self._dm_refused: set[int] = set()
        self._threads_denied: set[int] = set()
        #: Channels and threads that were deleted (their messages stay readable to the test as `messages`).
        self.deleted_channels: dict[int, JSON] = {}
        #: thread id -> the fake time of its last activity (a message, an unarchive, a new auto-archive time).
        self._thread_active: dict[int, float] = {}
        self._none_archives_before = 0.0  # the fake's clock: no thread can be due to archive before it
        self.clock.on_advance.append(self.archive_idle_threads)
        self._rate_limits: list[_RateLimit] = []
        #: `refuse_everything`: (status, code, retry_after) every request gets, or None.
        self.refusing: tuple[int, int, float] | None = None
        self._refusals: list[_Refusal] = []
        # channel -> when (fake clock, real monotonic time) each edit of an hour-old message was made
        self._old_edits: dict[int, list[tuple[float, float]]] = {}
        self._connections: list[_Connection] = []
        self._tick = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []
        self._add_routes()
        if defaults:
            self.add_guild("Haunted Server", channels=["games"])
            for name in ("alice", "bob", "carol", "dave", "eve"):
                self.add_user(name)

    # ------------------------------------------------------------------ lifecycle

    async def start(self, port: int = 0) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        for conn in list(self._connections):
            conn.closed_by_server = True
            await conn.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """Environment variables for a bot child process."""
        return {"DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url}

    # ------------------------------------------------------------------ world building

    @property
    def guild(self) -> Guild:
        """The first guild (by default "Haunted Server")."""
        return next(iter(self.guilds.values()))

    def add_guild(
        self, name: str, *, channels: list[str] | tuple[str, ...] = ("games",), shard: int | None = None
    ) -> Guild:
        """A guild with these text channels; every known user joins it (the first one owns it).
        `shard`: an id that Discord's rule `(guild_id >> 22) % shard_count` puts on that shard."""
        humans = [u for u in self.users if u != self.app_id]
        gid = self.ids.next()
        while shard is not None and shard_of(gid, self.shard_count) != shard:
            gid = self.ids.next()  # the rule reads the id's milliseconds: a later millisecond comes soon
        guild = Guild(gid, name, humans[0] if humans else self.app_id, bot_role_id=self.ids.next())
        self.guilds[guild.id] = guild
        guild.members[self.app_id] = self._member_fields([guild.bot_role_id])
        for user_id in humans:
            guild.members[user_id] = self._member_fields([])
        for channel in channels:
            self.add_channel(guild.id, channel, announce=False)
        self._dispatch("GUILD_CREATE", self._guild_payload(guild))
        return guild

    def add_channel(self, guild_id: int, name: str, *, announce: bool = True) -> JSON:
        """A text channel; `announce` dispatches CHANNEL_CREATE to a connected bot."""
        guild = self.guilds[guild_id]
        cid = self.ids.next()
        channel = {
            "id": str(cid), "type": 0, "guild_id": str(guild_id), "name": name, "position": len(guild.channel_ids),
            "permission_overwrites": [], "topic": None, "nsfw": False, "last_message_id": None,
            "rate_limit_per_user": 0, "parent_id": None, "flags": 0,
        }  # fmt: skip
        self.channels[cid] = channel
        guild.channel_ids.append(cid)
        if announce:
            self._dispatch("CHANNEL_CREATE", channel)
        return channel

    def add_user(self, name: str, *, guild_ids: list[int] | None = None) -> JSON:
        """A new user, a member of the given guilds (default: every guild)."""
        user = make_user(self.ids.next(), name)
        self.users[int(user["id"])] = user
        for gid in self.guilds if guild_ids is None else guild_ids:
            self.guilds[gid].members[int(user["id"])] = self._member_fields([])
            if self.guilds[gid].owner_id == self.app_id:
                self.guilds[gid].owner_id = int(user["id"])
            self._dispatch(
                "GUILD_MEMBER_ADD", {**self._member(gid, int(user["id"])), "guild_id": str(gid)}, GUILD_MEMBERS
            )
        return user

    def user(self, who: UserLike) -> JSON:
        """A user by dict, id, or username ("alice")."""
        if isinstance(who, dict):
            return self.users[int(who["id"])]
        if isinstance(who, int) and who in self.users:  # by id at once: a bench has hundreds of users
            return self.users[who]
        for user in self.users.values():
            if who in (user["username"], user["id"], int(user["id"])):
                return user
        raise AssertionError(f"no user {who!r}")

    def channel_id(self, name: str, guild_id: int | None = None) -> int:
        gid = guild_id or self.guild.id
        for cid in self.guilds[gid].channel_ids:
            if self.channels[cid]["name"] == name:
                return cid
        raise AssertionError(f"no channel #{name} in guild {gid}")

    # ------------------------------------------------------------------ what the bot did

    def message(self, message_id: int) -> StoredMessage:
        try:
            return self._messages[int(message_id)]
        except KeyError:
            raise AssertionError(f"the bot never created message {message_id}") from None

    def messages(self, channel_id: int, *, ephemeral: bool = False, deleted: bool = False) -> list[StoredMessage]:
        """The bot's messages in a channel, oldest first (public and not deleted unless asked)."""
        return [
            m
            for m in self._messages.values()
            if m.channel_id == channel_id and (ephemeral or not m.ephemeral) and (deleted or not m.deleted)
        ]

    def latest_message(self, channel_id: int) -> StoredMessage | None:
        found = self.messages(channel_id)
        return found[-1] if found else None

    def dm_channel_id(self, who: UserLike) -> int | None:
        """The DM channel the bot opened with this user (None if it never did)."""
        return self._dm_channel_of.get(int(self.user(who)["id"]))

    def dms(self, who: UserLike) -> list[StoredMessage]:
        cid = self.dm_channel_id(who)
        return [] if cid is None else self.messages(cid)

    def ephemerals(self, who: UserLike, channel_id: int | None = None) -> list[StoredMessage]:
        """Ephemeral messages (responses and followups) only this user saw, oldest first."""
        uid = int(self.user(who)["id"])
        return [
            m
            for m in self._messages.values()
            if m.ephemeral_for == uid and not m.deleted and (channel_id is None or m.channel_id == channel_id)
        ]

    def calls_to(self, method: str, path_regex: str) -> list[Call]:
        return [c for c in self.calls if c.method == method.upper() and re.search(path_regex, c.path)]

    def rejections(self, code: int | None = None) -> list[Rejection]:
        return [r for r in self.rejected if code is None or r.code == code]

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        self._tick.set()
        self._tick = asyncio.Event()

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = PATIENCE,  # noqa: ASYNC109
        what: str = "condition",
    ) -> T:
        """Returns predicate()'s first truthy value, re-checked on every recorded change and every 20 ms.
        `timeout` only bounds a wait for something that never comes: generous, so a busy machine is no failure."""
        deadline = time.monotonic() + timeout
        while True:
            tick = self._tick
            result = predicate()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                recent = "\n  ".join(repr(c) for c in self.calls[-8:])
                raise AssertionError(f"timed out after {timeout} s waiting for {what}; last calls:\n  {recent}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tick.wait(), min(remaining, 0.02))  # also polls state outside the fake

    async def wait_for_call(
        self, method: str, path_regex: str, *, where: Callable[[Call], bool] | None = None, after: int = 0,
        timeout: float = PATIENCE,  # noqa: ASYNC109
    ) -> Call:  # fmt: skip
        """The first call (from index `after` of `calls`) matching method, path regex and `where`."""

        def find() -> Call | None:
            for call in self.calls[after:]:
                if (
                    call.method == method.upper()
                    and re.search(path_regex, call.path)
                    and (where is None or where(call))
                ):
                    return call
            return None

        return await self.wait_for(find, timeout, f"{method} {path_regex}")

    async def wait_for_message(
        self,
        channel_id: int,
        where: Callable[[StoredMessage], bool] | None = None,
        *,
        timeout: float = PATIENCE,  # noqa: ASYNC109
    ) -> StoredMessage:
        """The newest public message in the channel satisfying `where`, waiting until there is one."""

        def find() -> StoredMessage | None:
            return next((m for m in reversed(self.messages(channel_id)) if where is None or where(m)), None)

        return await self.wait_for(find, timeout, f"a message in channel {channel_id}")

    async def wait_ready(
        self,
        timeout: float = PATIENCE,  # noqa: ASYNC109
        *,
        since: int | None = None,
    ) -> GatewaySession:
        """Waits until a bot IDENTIFYed and got READY; with `since=fake.ready_count`, a READY after that one."""

        def find() -> GatewaySession | None:
            if since is not None and self.ready_count <= since:
                return None
            live = self._live_sessions()
            return live[-1] if live else None

        return await self.wait_for(find, timeout, "the bot to be READY")

    async def wait_resumed(self, since: int, timeout: float = PATIENCE) -> None:  # noqa: ASYNC109
        await self.wait_for(lambda: self.resume_count > since and self._live_sessions(), timeout, "a RESUME")

    # ------------------------------------------------------------------ scripted faults

    def refuse_dms(self, who: UserLike, refuse: bool = True) -> None:
        """Messages to this user's DM channel get 403 code 50007."""
        uid = int(self.user(who)["id"])
        if refuse:
            self._dm_refused.add(uid)
        else:
            self._dm_refused.discard(uid)

    def rate_limit_next(
        self, method: str, path_regex: str, retry_after: float = 0.3, count: int = 1, *, is_global: bool = False
    ) -> None:
        """The next `count` calls matching (method or "*", re.search on the path) get a 429 that discord.py honours."""
        self._rate_limits.append(_RateLimit(method.upper(), re.compile(path_regex), retry_after, count, is_global))

    def refuse_next(self, method: str, path_regex: str, status: int, code: int, message: str, count: int = 1) -> None:
        """The next `count` calls matching (method or "*", re.search on the path) get this JSON error,
        recorded in `rejected`: a refusal the fake does not model itself (a thread archived by hand, say)."""
        self._refusals.append(_Refusal(method.upper(), re.compile(path_regex), ApiError(status, code, message), count))

    def stop_refusing(self) -> None:
        """Forget every refusal `refuse_next` still had to give."""
        self._refusals.clear()

    def delete_message(self, message_id: int) -> None:
        """Someone (a moderator) deletes a message: later GET/PATCH/DELETE give 404 code 10008."""
        stored = self.message(message_id)
        stored.deleted = True
        self._dispatch_deleted(stored)

    def archive_thread(self, thread_id: int, *, locked: bool = False) -> None:
        """A moderator archives a thread ("Close", or with `locked` "Close & Lock"); THREAD_UPDATE follows."""
        thread = self.channels[thread_id]
        meta = thread["thread_metadata"]
        assert not meta["archived"], f"thread {thread_id} is already archived"
        meta |= {"archived": True, "locked": meta["locked"] or locked, "archive_timestamp": self._iso_now()}
        self._dispatch("THREAD_UPDATE", thread)
        self._notify()

    def archive_idle_threads(self) -> None:
        """Archive every thread idle for its auto-archive time by `clock` (Discord does it on its own:
        checked on each request, each interaction and each `clock.advance`); THREAD_UPDATE for each."""
        now = self.clock.now()
        # No thread archives before it has been idle for the shortest auto-archive time, and a thread's
        # last activity only moves on: until the oldest one is that old, the scan (on every request) is skipped.
        if now < self._none_archives_before:
            return
        self._none_archives_before = min(self._thread_active.values(), default=now) + min(AUTO_ARCHIVE_MINUTES) * 60
        for tid, since in list(self._thread_active.items()):
            thread = self.channels.get(tid)
            if thread is None:
                continue
            meta = thread["thread_metadata"]
            if not meta["archived"] and now - since >= meta["auto_archive_duration"] * 60:
                meta |= {"archived": True, "archive_timestamp": self._iso_now()}
                self._dispatch("THREAD_UPDATE", thread)
                self._notify()

    def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a thread (THREAD_DELETE) or a text channel with its threads (CHANNEL_DELETE);
        later calls on them get 404 code 10003."""
        channel = self.channels[channel_id]
        guild = self.guilds[int(channel["guild_id"])]
        gone = [channel_id]
        if channel["type"] not in THREAD_TYPES:
            gone += [c for c in guild.channel_ids if int(self.channels[c].get("parent_id") or 0) == channel_id]
        for cid in gone:
            self.deleted_channels[cid] = self.channels.pop(cid)
            guild.channel_ids.remove(cid)
            self._thread_active.pop(cid, None)
        if channel["type"] in THREAD_TYPES:
            keys = ("id", "guild_id", "parent_id", "type")
            self._dispatch("THREAD_DELETE", {k: channel[k] for k in keys})
        else:  # a client learns that the channel's threads went with it (discord.py drops them itself)
            self._dispatch("CHANNEL_DELETE", channel)
        self._notify()

    def deny_thread_creation(self, channel_id: int, *, visible: bool = False) -> None:
        """Thread creation under this channel gets 403 code 50013; `visible` also tells the bot's cache."""
        self._threads_denied.add(channel_id)
        if visible:
            channel = self.channels[channel_id]
            guild = self.guilds[int(channel["guild_id"])]
            deny = {"id": str(guild.bot_role_id), "type": 0, "allow": "0", "deny": str(THREAD_PERMISSIONS)}
            channel["permission_overwrites"].append(deny)
            self._dispatch("CHANNEL_UPDATE", channel)

    def set_permissions(self, channel_id: int, *, deny: int = 0, allow: int = 0) -> None:
        """A server admin sets the bot role's overwrite on this channel (replacing the one before; both 0:
        none). The bot hears CHANNEL_UPDATE; its requests there and its interactions' `app_permissions`
        follow Discord's rules from then on (tests/fake_discord/permissions.py)."""
        channel = self.channels[channel_id]
        role = str(self.guilds[int(channel["guild_id"])].bot_role_id)
        kept = [o for o in channel["permission_overwrites"] if not (o["id"] == role and o["type"] == 0)]
        added = [{"id": role, "type": 0, "allow": str(allow), "deny": str(deny)}] if deny or allow else []
        channel["permission_overwrites"] = kept + added
        self._dispatch("CHANNEL_UPDATE", channel)
        self._notify()

    def bot_permissions(self, channel_id: int) -> int:
        """The bot's permissions in a guild channel or thread (its parent's), overwrites applied, before
        Discord's implicit denials: what an interaction there reports as `app_permissions`."""
        channel = self.channels[channel_id]
        parent = self.channels[int(channel["parent_id"])] if channel["type"] in THREAD_TYPES else channel
        guild = self.guilds[int(parent["guild_id"])]
        roles = {guild.id: MEMBER_PERMISSIONS, guild.bot_role_id: BOT_PERMISSIONS}
        permissions = computed(
            parent, guild_id=guild.id, roles=roles, member_roles=[guild.bot_role_id], member_id=self.app_id,
            owner=guild.owner_id == self.app_id,
        )  # fmt: skip
        return permissions & ~(0 if self._threads_allowed(channel) else THREAD_PERMISSIONS)

    def refuse_everything(self, status: int | None = 403, code: int = 50001, *, retry_after: float = 1.0) -> None:
        """Every request the bot makes (REST and interaction callbacks) is refused until called with
        None: with `status` and `code` (403/50001 "Missing Access", say), or a 429 that discord.py
        honours (`retry_after` seconds, scope "user", which counts towards Discord's ban)."""
        self.refusing = None if status is None else (status, code, retry_after)
        self._notify()

    # ------------------------------------------------------------------ gateway controls

    def dispatch(self, event: str, data: JSON) -> None:
        """Sends (or buffers for a RESUME) a raw dispatch event to every live session."""
        self._dispatch(event, data)

    async def send_reconnect(self) -> None:
        """Op 7: the client closes and RESUMEs at resume_gateway_url."""
        for conn in self._connected():
            conn.send({"op": 7, "d": None})

    async def invalidate_session(self, resumable: bool = False) -> None:
        """Op 9: with resumable=False the session is forgotten and the client IDENTIFYs again."""
        for conn in self._connected():
            if not resumable and conn.session is not None:
                conn.session.ended = True
            conn.send({"op": 9, "d": resumable})

    async def drop_connection(self, code: int = 4000) -> None:
        """Closes the bot's socket(s); with 4000 the client RESUMEs, with 4014 start() raises."""
        for conn in self._connected():
            conn.closed_by_server = True
            await conn.ws.close(code=code)

    def _connected(self) -> list[_Connection]:
        return [c for c in self._connections if c.session is not None and not c.ws.closed]

    def shards_ready(self) -> set[int]:
        """The shard ids with a live gateway session (0 for an unsharded one)."""
        return {s.shard[0] if s.shard else 0 for s in self._live_sessions()}

    def _live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.conn is not None and not s.ended]

    def _dispatch(self, event: str, data: JSON, intent: int | None = None) -> None:
        guild = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else data.get("guild_id")
        # Encoded once, now: the text is the snapshot every session sends and a RESUME replays, so
        # `data` may be the fake's own live records (a channel, a message version) without a copy.
        encoded = orjson.dumps(data).decode()
        for session in self.sessions.values():
            wanted = intent is None or session.intents & intent
            routed = session.shard is None or _routed_to(session.shard, int(guild) if guild else None)
            if not session.ended and wanted and routed:
                self._send_event(session, event, encoded)

    def _send_event(self, session: GatewaySession, event: str, encoded: str) -> None:
        """Sends (or keeps for a RESUME) an event whose `d` is the JSON text `encoded`."""
        session.seq += 1
        session.events.append((session.seq, event, encoded))
        if session.conn is not None:
            session.conn.send_event(session.seq, event, encoded)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws)
        self._connections.append(conn)
        writer = asyncio.create_task(self._writer(conn))
        conn.send({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_frame(conn, json.loads(msg.data))
        finally:
            conn.queue.put_nowait(None)
            await writer
            self._connections.remove(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                # Client.close() ends the session with 1000; anything else (4000, a dropped socket) may RESUME.
                session.ended = session.ended or (ws.close_code == 1000 and not conn.closed_by_server)
            self._notify()
        return ws

    async def _writer(self, conn: _Connection) -> None:
        while (frame := await conn.queue.get()) is not None:
            if conn.ws.closed:
                continue
            with contextlib.suppress(ConnectionError, RuntimeError):
                await conn.ws.send_str(frame)

    async def _on_frame(self, conn: _Connection, frame: JSON) -> None:
        op, d = int(frame.get("op", -1)), frame.get("d") or {}
        conn.ops.append(op)
        if op == 1:
            conn.send({"op": 11})
        elif op == 2:
            await self._identify(conn, d)
        elif op == 6:
            self._resume(conn, d)
        elif op == 8 and conn.session is not None:
            gid = int(d["guild_id"])
            members = [self._member(gid, uid) for uid in self.guilds[gid].members]
            chunk = {"guild_id": str(gid), "members": members, "chunk_index": 0, "chunk_count": 1, "not_found": []}
            self._send_event(conn.session, "GUILD_MEMBERS_CHUNK", json.dumps({**chunk, "nonce": d.get("nonce")}))

    async def _identify(self, conn: _Connection, d: JSON) -> None:
        intents = int(d.get("intents", 0))
        self.identifies.append(d)
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            conn.closed_by_server = True
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        session = GatewaySession(secrets.token_hex(16), intents, d.get("shard"), conn=conn)
        self.sessions[session.id] = session
        conn.session = session
        guilds = [g for g in self.guilds.values() if session.shard is None or _routed_to(session.shard, g.id)]
        ready: JSON = {
            "v": 10, "user": {**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds], "session_id": session.id,
            "resume_gateway_url": self.gateway_url, "session_type": "normal", "private_channels": [],
            "relationships": [], "presences": [], "application": {"id": str(self.app_id), "flags": 0},
        }  # fmt: skip
        if session.shard is not None:
            ready["shard"] = session.shard
        self._send_event(session, "READY", json.dumps(ready))
        for guild in guilds:
            self._send_event(session, "GUILD_CREATE", json.dumps(self._guild_payload(guild, intents)))
        self.ready_count += 1
        self._notify()

    def _resume(self, conn: _Connection, d: JSON) -> None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None or session.ended:
            conn.send({"op": 9, "d": False})
            return
        session.conn, conn.session = conn, session
        seq = int(d.get("seq") or 0)
        for s, event, encoded in session.events:
            if s > seq:
                conn.send_event(s, event, encoded)
        self._send_event(session, "RESUMED", "{}")
        self.resume_count += 1
        self._notify()

    # ------------------------------------------------------------------ payloads

    def _member_fields(self, roles: list[int]) -> JSON:
        return {
            "roles": [str(r) for r in roles], "nick": None, "avatar": None, "joined_at": iso_now(),
            "premium_since": None, "deaf": False, "mute": False, "pending": False, "flags": 0,
        }  # fmt: skip

    def _member(self, guild_id: int, user_id: int) -> JSON:
        return {**self.guilds[guild_id].members[user_id], "user": self.users[user_id]}

    def _guild_payload(self, guild: Guild, intents: int = GUILD_MEMBERS) -> JSON:
        everyone = {"id": str(guild.id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS), "position": 0}
        bot_role = {"id": str(guild.bot_role_id), "name": "Haunted Table", "permissions": str(BOT_PERMISSIONS)}
        roles = [everyone, {**bot_role, "position": 1, "managed": True, "tags": {"bot_id": str(self.app_id)}}]
        # Without the members intent, real Discord sends only the bot's own member.
        shown = [u for u in guild.members if intents & GUILD_MEMBERS or u == self.app_id]
        channels = [self.channels[c] for c in guild.channel_ids if self.channels[c]["type"] not in (10, 11, 12)]
        threads = [self.channels[c] for c in guild.channel_ids if self.channels[c]["type"] in (10, 11, 12)]
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "owner_id": str(guild.owner_id),
            "unavailable": False, "member_count": len(guild.members), "large": False, "joined_at": guild.joined_at,
            "roles": [{"color": 0, "hoist": False, "managed": False, "mentionable": False, **r} for r in roles],
            "channels": channels, "threads": [t for t in threads if not t["thread_metadata"]["archived"]],
            "members": [self._member(guild.id, u) for u in shown], "presences": [], "voice_states": [],
            "emojis": [], "stickers": [], "features": [], "preferred_locale": "en-US", "premium_tier": 0,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "afk_timeout": 300, "system_channel_id": None,
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
        }  # fmt: skip

    def _dm_channel(self, user_id: int) -> JSON:
        """The DM channel between the bot and this user, created on first use and kept for good."""
        if user_id not in self._dm_channel_of:
            cid = self.ids.next()
            self._dm_channel_of[user_id] = cid
            self.channels[cid] = {"id": str(cid), "type": 1, "last_message_id": None, "flags": 0, "recipient": user_id}
        channel = self.channels[self._dm_channel_of[user_id]]
        return {k: v for k, v in channel.items() if k != "recipient"} | {"recipients": [self.users[user_id]]}

    def _channel_payload(self, channel_id: int) -> JSON:
        """The channel as Discord shows it. It shares parts with the live record: encode it at once or copy it."""
        channel = self.channels[channel_id]
        return self._dm_channel(channel["recipient"]) if channel["type"] == 1 else channel

    def _channel(self, channel_id: int) -> JSON:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise ApiError(404, 10003, "Unknown Channel") from None

    def _visible(self, channel: JSON) -> int:
        """The bot's permissions in a channel it makes a request about; 403/50001 if it cannot see it."""
        if channel["type"] == 1:
            return (1 << 53) - 1
        permissions = self.bot_permissions(int(channel["id"]))
        if not effective(permissions, thread=channel["type"] in THREAD_TYPES) & VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        return permissions

    def _threads_allowed(self, channel: JSON) -> bool:
        return int(channel.get("parent_id") or channel["id"]) not in self._threads_denied

    # ------------------------------------------------------------------ interactions (the test author's hands)

    async def slash(
        self, who: UserLike, channel_id: int | None, name: str, options: JSON | None = None, *,
        guild: bool | None = None, focused: str | None = None, allow_offline: bool = False, crafted: bool = False,
    ) -> Interaction:  # fmt: skip
        """A user runs `/name` (subcommands as "game start") in a channel (None: the user's DM with the bot).

        `guild=None` uses the guild-scoped command if one is synced there, else the global one; True/False force it.
        `focused` names an option to send an autocomplete (type 4) instead. `crafted` sends option values a
        hostile client could forge (outside the declared choices), which the official client never would.
        """
        user = self.user(who)
        uid = int(user["id"])
        cid = int(self._dm_channel(uid)["id"]) if channel_id is None else channel_id
        self._assert_usable(cid, "use a command")
        gid = self.channels[cid].get("guild_id")
        path = name.split()
        command = self._find_command(path[0], int(gid) if gid else None, guild)
        definitions = (command.get("options") or []) if command else []
        kinds: list[int] = []
        for part in path[1:]:  # descend through subcommand groups (type 2) to the subcommand (type 1)
            sub = next((o for o in definitions if o.get("name") == part and o.get("type") in (1, 2)), None)
            assert sub or not command or not self.require_synced_commands, f"/{path[0]} has no subcommand {part!r}"
            kinds.append(sub["type"] if sub else 2 if len(kinds) < len(path) - 2 else 1)
            definitions = (sub.get("options") or []) if sub else []
        resolved: JSON = {}
        leaf = self._command_options(
            definitions, dict(options or {}), int(gid) if gid else None, resolved, focused, crafted=crafted
        )
        for part, kind in reversed(list(zip(path[1:], kinds, strict=True))):
            leaf = [{"name": part, "type": kind, "options": leaf}]
        data: JSON = {"id": command["id"] if command else str(self.ids.next()), "name": path[0], "type": 1}
        data["options"] = leaf
        if resolved:
            data["resolved"] = resolved
        if command and command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return self._send_interaction(2 if focused is None else 4, user, cid, data, allow_offline=allow_offline)

    async def click(
        self, who: UserLike, message_id: int, custom_id: str, values: list[Any] | None = None, *,
        allow_offline: bool = False,
    ) -> Interaction:  # fmt: skip
        """A user clicks a button (or picks `values` in a select) on the current version of a bot message."""
        user = self.user(who)
        stored = self.message(message_id)
        assert not stored.deleted, f"message {message_id} was deleted: nothing to click"
        self._assert_usable(stored.channel_id, "click")
        assert stored.ephemeral_for in (None, int(user["id"])), f"message {message_id} is another user's ephemeral"
        recipient = self.channels[stored.channel_id].get("recipient")
        assert recipient in (None, int(user["id"])), f"message {message_id} is in another user's DMs"
        comp = next((c for c in stored.components if c.custom_id == custom_id), None)
        assert comp is not None, f"custom_id {custom_id!r} is not on message {message_id}: {stored.custom_ids}"
        assert not comp.disabled, f"component {custom_id!r} is disabled"
        data: JSON = {"custom_id": custom_id, "component_type": comp.type}
        if comp.is_select:
            assert values is not None, f"select {custom_id!r} needs values"
            assert comp.min_values <= len(values) <= comp.max_values, f"{len(values)} values for {custom_id!r}"
            if comp.type == 3:
                allowed = [o.value for o in comp.options]
                assert all(v in allowed for v in values), f"values {values} not among options {allowed}"
            data["values"] = [str(v) for v in values]
        else:
            assert values is None, "a button takes no values"
        return self._send_interaction(3, user, stored.channel_id, data, stored, allow_offline=allow_offline)

    def forge_button(self, message_id: int, custom_id: str) -> None:
        """A hostile client's forgery: the current version of a bot message gains a button with any custom_id,
        so that `click` can send it (the bot must answer it like any other click, without crashing)."""
        self.forge_rows(message_id, [{"type": 1, "components": [{"type": 2, "style": 2, "custom_id": custom_id}]}])

    def forge_rows(self, message_id: int, rows: list[JSON]) -> None:
        """The current version of a bot message gains these component rows, as a client still showing an
        older version (or a forged one) would send them."""
        current = self.message(message_id).current
        current["components"] = [*(current.get("components") or []), *rows]

    async def submit_modal(self, who: UserLike, opened: Interaction, values: dict[str, str | list[str]]) -> Interaction:
        """The user fills in the modal the bot answered `opened` with (type 9) and submits it.

        `values` is keyed by a field's custom_id or its label; a select field takes a list.
        """
        assert opened.modal is not None, f"interaction {opened.id} was not answered with a modal"
        unused = dict(values)

        def fill(node: JSON, label: str | None = None) -> JSON:
            if node.get("type") == 1:
                return {"type": 1, "components": [fill(c) for c in node.get("components") or []]}
            if node.get("type") == 18:
                return {"type": 18, "component": fill(node["component"], node.get("label"))}
            cid = str(node.get("custom_id"))
            key = cid if cid in unused else str(label or node.get("label"))
            assert key in unused or not node.get("required", True), f"modal field {key!r} is required"
            value = unused.pop(key, [] if node.get("type") in SELECT_TYPES else "")
            field = "values" if node.get("type") in SELECT_TYPES else "value"
            return {"type": node.get("type"), "custom_id": cid, field: value}

        components = [fill(c) for c in opened.modal.get("components") or []]
        assert not unused, f"the modal has no fields {sorted(unused)}"
        data = {"custom_id": opened.modal["custom_id"], "components": components}
        message = self._messages.get(opened.message_id) if opened.message_id else None
        return self._send_interaction(5, self.user(who), opened.channel_id, data, message)

    def _assert_usable(self, channel_id: int, what: str) -> None:
        """A client offers no controls and no commands in a deleted channel or an archived thread, and
        no controls in a locked one."""
        self.archive_idle_threads()
        assert channel_id not in self.deleted_channels, f"channel {channel_id} was deleted: nobody can {what} there"
        meta = self.channels[channel_id].get("thread_metadata") or {}
        assert not meta.get("archived"), f"thread {channel_id} is archived: nobody can {what} there"
        assert what != "click" or not meta.get("locked"), f"thread {channel_id} is locked: nobody can click there"

    def _find_command(self, name: str, guild_id: int | None, guild: bool | None) -> JSON | None:
        scoped = self.guild_commands.get(guild_id, []) if guild_id else []
        pools = {True: [scoped], False: [self.commands], None: [scoped, self.commands]}[guild]
        for pool in pools:
            for cmd in pool:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    in_dms = cmd.get("dm_permission") is not False and 1 in (cmd.get("contexts") or [1])
                    assert guild_id is not None or in_dms, f"/{name} is not offered in DMs"
                    return cmd
        synced = {"global": [c["name"] for c in self.commands], f"guild {guild_id}": [c["name"] for c in scoped]}
        assert not self.require_synced_commands, f"/{name} is not synced (guild={guild}), so Discord hides it: {synced}"
        return None

    def _command_options(
        self, definitions: list[JSON], given: JSON, guild_id: int | None, resolved: JSON, focused: str | None,
        *, crafted: bool = False,
    ) -> list[JSON]:  # fmt: skip
        by_name = {o["name"]: o for o in definitions if o.get("type") not in (1, 2)}
        out: list[JSON] = []
        for opt_name, value in given.items():
            definition = by_name.get(opt_name)
            assert definition or not self.require_synced_commands, f"no option {opt_name!r}: {sorted(by_name)}"
            kind = definition["type"] if definition else {bool: 5, int: 4, float: 10}.get(type(value), 3)
            choices = [c["value"] for c in (definition or {}).get("choices") or []]
            assert crafted or opt_name == focused or not choices or value in choices, f"{value!r} not in {choices}"
            if kind == 6:
                user = self.user(value)
                value = user["id"]
                resolved.setdefault("users", {})[value] = user
                if guild_id and int(value) in self.guilds[guild_id].members:
                    member = {**self.guilds[guild_id].members[int(value)], "permissions": str(MEMBER_PERMISSIONS)}
                    resolved.setdefault("members", {})[value] = member
            elif kind == 7:
                value = str(value)
                resolved.setdefault("channels", {})[value] = copy_json(self._channel_payload(int(value))) | {
                    "permissions": "0"
                }
            try:
                value = {3: str, 4: int, 10: float}.get(kind, lambda v: v)(value)
            except ValueError:
                # Only a forged payload carries a value of another kind ("abc" for a number).
                assert crafted, f"{value!r} is not a value of option type {kind}"
            option: JSON = {"name": opt_name, "type": kind, "value": value}
            if opt_name == focused:
                option["focused"] = True
            out.append(option)
        if focused is None:
            missing = [o["name"] for o in by_name.values() if o.get("required") and o["name"] not in given]
            assert not missing, f"required options missing: {missing}"
        return out

    def _send_interaction(
        self, kind: int, user: JSON, channel_id: int, data: JSON, message: StoredMessage | None = None,
        *, allow_offline: bool = False,
    ) -> Interaction:  # fmt: skip
        assert allow_offline or self._live_sessions(), "no bot is connected to the fake gateway"
        uid = int(user["id"])
        channel = self.channels[channel_id]
        iid = self.ids.next()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(60)
        payload: JSON = {
            "id": str(iid), "application_id": str(self.app_id), "type": kind, "token": token, "version": 1,
            "data": data, "channel_id": str(channel_id), "channel": self._channel_payload(channel_id),
            "locale": "en-US", "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
        }  # fmt: skip
        gid = int(channel["guild_id"]) if channel.get("guild_id") else None
        if gid is not None:
            assert uid in self.guilds[gid].members, f"{user['username']} is not a member of guild {gid}"
            member = {**self._member(gid, uid), "permissions": str(MEMBER_PERMISSIONS)}
            app_permissions = self.bot_permissions(channel_id)
            payload |= {"guild_id": str(gid), "guild_locale": "en-US", "member": member, "context": 0}
            payload |= {"app_permissions": str(app_permissions), "authorizing_integration_owners": {"0": str(gid)}}
        else:
            payload |= {"user": user, "context": 1, "app_permissions": str(BOT_PERMISSIONS)}
            payload["authorizing_integration_owners"] = {"0": "0"}
        if message is not None:
            payload["message"] = message.current  # _dispatch encodes it at once: no copy needed
        inter = Interaction(iid, token, kind, user, channel_id, gid, data, time.monotonic())
        inter.message_id = message.id if message else None
        self.interactions[iid] = inter
        self._by_token[token] = inter
        self._dispatch("INTERACTION_CREATE", payload)
        return inter

    # ------------------------------------------------------------------ REST plumbing

    def _add_routes(self) -> None:
        app, tok, cid, mid = r"(?P<app>\d+)", r"(?P<token>[^/]+)", r"(?P<cid>\d+)", r"(?P<mid>\d+)"
        table: list[tuple[str, str, Handler, bool]] = [
            ("GET", r"/users/@me", self._get_me, True),
            ("GET", r"/users/(?P<uid>\d+)", self._get_user, True),
            ("POST", r"/users/@me/channels", self._create_dm, True),
            ("GET", r"/(oauth2/)?applications/@me", self._get_application, True),
            ("GET", r"/gateway(/bot)?", self._get_gateway, False),
            ("GET PUT", rf"/applications/{app}(/guilds/(?P<gid>\d+))?/commands", self._commands, True),
            ("POST", rf"/interactions/(?P<iid>\d+)/{tok}/callback", self._callback, False),
            ("POST", rf"/webhooks/{app}/{tok}", self._followup, False),
            (
                "GET PATCH DELETE",
                rf"/webhooks/{app}/{tok}/messages/(?P<mid>@original|\d+)",
                self._webhook_message,
                False,
            ),
            ("GET PATCH", rf"/channels/{cid}", self._channel_route, True),
            ("GET", rf"/channels/{cid}/messages", self._history, True),
            ("POST", rf"/channels/{cid}/messages", self._post_message, True),
            ("GET PATCH DELETE", rf"/channels/{cid}/messages/{mid}", self._channel_message, True),
            ("POST", rf"/channels/{cid}(/messages/{mid})?/threads", self._create_thread, True),
            ("POST", rf"/channels/{cid}/typing", self._typing, True),
            ("GET", r"/guilds/(?P<gid>\d+)(?P<channels>/channels)?", self._get_guild, True),
            ("GET", r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", self._get_member, True),
        ]
        for methods, pattern, handler, auth in table:
            for method in methods.split():
                self._routes.append((method, re.compile(pattern + "$"), handler, auth))

    async def _handle(self, request: web.Request) -> web.Response:
        body: Any = None
        files: dict[int, tuple[str, bytes]] = {}
        # The header as sent: aiohttp's `content_type` parses it with the email package, which cost the
        # fake more than the bot's whole click in the end-to-end benchmark.
        content_type = request.headers.get("Content-Type", "")
        raw = await request.read()
        malformed: ApiError | None = None
        if content_type.startswith("multipart/form-data"):
            try:
                parts = form_parts(content_type, raw)
            except ValueError as problem:  # recorded and refused like any other bad request, below
                parts = []
                malformed = ApiError(400, 50109, f"The request body contains invalid JSON or form data ({problem})")
            for name, filename, data in parts:
                if name == "payload_json":
                    body = json.loads(data)
                else:
                    # Real Discord names the parts files[0], files[1]...: the n the payload's attachments refer to.
                    index = _FILE_PART.fullmatch(name)
                    n = int(index.group(1)) if index else len(files)
                    files[n] = (filename or name, data)
        elif raw:
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode(errors="replace")
        call = Call(request.method, "/" + request.match_info["tail"], dict(request.query), body, time.monotonic())
        call.files = [name for name, _data in files.values()]
        self.calls.append(call)
        req = _Request(call, {}, body, files)
        if malformed is not None:
            status, data, headers = self._refuse(call, req, malformed)
        else:
            status, data, headers = await self._answer(request, call, req)
        call.status = status
        self._notify()
        # `data` may be the fake's own records (a message's current version, a live channel): it is
        # encoded here, before anything can change them, so handlers answer with them uncopied.
        if data is None:
            return web.Response(status=status)
        # Exactly "application/json": discord.py compares the header by equality (web.json_response adds a charset).
        return web.Response(
            status=status, body=orjson.dumps(data), headers={"Content-Type": "application/json", **headers}
        )

    async def _answer(self, request: web.Request, call: Call, req: _Request) -> tuple[int, Any, dict[str, str]]:
        self.archive_idle_threads()
        if self.refusing is not None:
            status, code, retry_after = self.refusing
            if status == 429:
                body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": False}
                headers = {"Via": "1.1 google", "Retry-After": str(retry_after), "X-RateLimit-Scope": "user"}
                return 429, body, headers
            return self._refuse(call, req, ApiError(status, code, "Refused (refuse_everything)"))
        for limit in self._rate_limits:
            if limit.method in ("*", call.method) and limit.pattern.search(call.path):
                limit.count -= 1
                self._rate_limits = [r for r in self._rate_limits if r.count > 0]
                body = {
                    "message": "You are being rate limited.",
                    "retry_after": limit.retry_after,
                    "global": limit.is_global,
                }
                scope = "global" if limit.is_global else "user"
                return (
                    429,
                    body,
                    {"Via": "1.1 google", "Retry-After": str(limit.retry_after), "X-RateLimit-Scope": scope},
                )
        for refusal in self._refusals:
            if refusal.method in ("*", call.method) and refusal.pattern.search(call.path):
                refusal.count -= 1
                self._refusals = [r for r in self._refusals if r.count > 0]
                return self._refuse(call, req, refusal.error)
        route = next(((r, m) for r in self._routes if r[0] == call.method and (m := r[1].match(call.path))), None)
        if route is None:
            self.unhandled.append(call)
            return 404, {"message": "404: Not Found", "code": 0}, {}
        (_, _, handler, auth), match = route
        req.args = {k: v for k, v in match.groupdict().items() if v is not None}
        try:
            if auth and not request.headers.get("Authorization", "").startswith("Bot "):
                raise ApiError(401, 0, "401: Unauthorized")
            status, data = await handler(req)
        except ApiError as error:
            return self._refuse(call, req, error)
        except Exception as error:  # a bug in the fake: a 500 would make discord.py retry for 25 s
            self.crashes.append((call, repr(error)))
            return 400, {"message": f"fake Discord crashed: {error!r}", "code": 0}, {}
        return status, data, {}

    def _refuse(self, call: Call, req: _Request, error: ApiError) -> tuple[int, Any, dict[str, str]]:
        if error.code == 10062 and error.record:  # an unknown token (a late one is recorded by _callback)
            self.late_acks.append(LateAck(call, int(req.args.get("iid", 0)), None, error.message))
        elif error.record:
            self.rejected.append(Rejection(call, error.status, error.code, error.message, error.errors))
        return error.status, error.body(), error.headers()

    # ------------------------------------------------------------------ REST: users, application, commands

    async def _get_me(self, req: _Request) -> tuple[int, Any]:
        return 200, {**self.bot_user, "verified": True, "mfa_enabled": False, "flags": 0}

    async def _get_user(self, req: _Request) -> tuple[int, Any]:
        if req.int_arg("uid") not in self.users:
            raise ApiError(404, 10013, "Unknown User")
        return 200, self.users[req.int_arg("uid")]

    async def _get_application(self, req: _Request) -> tuple[int, Any]:
        owner = next((u for u in self.users.values() if not u["bot"]), self.bot_user)
        return 200, {
            "id": str(self.app_id), "name": "Haunted Table", "description": "", "icon": None, "bot_public": True,
            "bot_require_code_grant": False, "owner": owner, "verify_key": "0" * 64, "flags": 0, "team": None,
            "interactions_endpoint_url": None, "bot": self.bot_user, "summary": "", "rpc_origins": [],
        }  # fmt: skip

    async def _get_gateway(self, req: _Request) -> tuple[int, Any]:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return 200, {"url": self.gateway_url, "shards": self.shard_count, "session_start_limit": limit}

    async def _commands(self, req: _Request) -> tuple[int, Any]:
        if req.int_arg("app") != self.app_id:
            raise ApiError(403, 50001, "Missing Access")
        gid = int(req.args["gid"]) if "gid" in req.args else None
        if gid is not None and gid not in self.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        current = self.commands if gid is None else self.guild_commands.get(gid, [])
        if req.call.method == "GET":
            return 200, current
        if not isinstance(req.body, list) or (errors := check_commands(req.body)):
            raise invalid_form(errors if isinstance(req.body, list) else Errors())
        known = {(c["type"], c["name"]): c["id"] for c in current}
        synced = []
        for command in copy_json(req.body):
            command.setdefault("type", 1)
            command |= {"id": known.get((command["type"], command["name"])) or str(self.ids.next())}
            command |= {"application_id": str(self.app_id), "version": str(self.ids.next())}
            command.setdefault("description", "")
            command.setdefault("default_member_permissions", None)
            if gid is not None:
                command["guild_id"] = str(gid)
            synced.append(command)
        if gid is None:
            self.commands = synced
        else:
            self.guild_commands[gid] = synced
        return 200, synced

    # ------------------------------------------------------------------ REST: interaction callbacks and webhooks

    async def _callback(self, req: _Request) -> tuple[int, Any]:
        inter = self.interactions.get(req.int_arg("iid"))
        if inter is None or inter.token != req.args["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        latency = time.monotonic() - inter.sent_at
        if inter.ack is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if inter.refusal is not None or latency > self.ack_deadline:
            inter.refusal = LateAck(req.call, inter.id, latency, f"acknowledged after {latency:.2f} s")
            self.late_acks.append(inter.refusal)
            inter._settle()
            raise ApiError(404, 10062, "Unknown interaction", record=False)
        for hook in self.on_acknowledge:
            hook(inter)
        try:
            return self._respond(inter, req, latency)
        except ApiError as error:  # the interaction stays unacknowledged: acked() reports why at once
            inter.problem = f"callback refused with {error.status} {error.code} {error.message} {error.errors or ''}"
            inter._settle()
            raise

    def _respond(self, inter: Interaction, req: _Request, latency: float) -> tuple[int, Any]:
        body = req.body if isinstance(req.body, dict) else {}
        kind, data = int(body.get("type", 0)), body.get("data") or {}
        if kind not in CALLBACKS_ALLOWED[inter.type] or (kind in (6, 7) and inter.message_id is None):
            errors = Errors()
            errors.add("type", "INTERACTION_RESPONSE_TYPE_INVALID", f"Callback {kind} is invalid here")
            raise invalid_form(errors)
        stored: StoredMessage | None = None
        ephemeral_for = inter.user_id if int(data.get("flags") or 0) & EPHEMERAL else None
        message_kind = 20 if inter.type == 2 else 0
        if kind == 4:
            stored = self._create_message(inter.channel_id, data, req.files, inter, ephemeral_for, message_kind)
        elif kind == 5:
            loading = {"content": "", "flags": LOADING}
            stored = self._create_message(inter.channel_id, loading, {}, inter, ephemeral_for, message_kind)
        elif kind in (6, 7):
            stored = self._known_message(inter.message_id)
            if kind == 7:
                self._edit_message(stored, data, req.files)
        elif kind == 8:
            errors = Errors()
            errors.max_length("data.choices", data.get("choices") or [], 25)
            if errors:
                raise invalid_form(errors)
        elif kind == 9:
            self._check_modal(data)
            inter.modal = data
        if kind in (4, 5):
            inter.original_id = stored.id if stored else None
        inter.ack = Ack(kind, data, latency, stored.id if stored else None)
        inter._settle()
        answer: JSON = {"id": str(inter.id), "type": inter.type}
        resource: JSON = {"type": kind}
        if stored is not None:
            answer |= {"response_message_id": str(stored.id), "response_message_loading": kind == 5}
            answer["response_message_ephemeral"] = stored.ephemeral
            resource["message"] = stored.current
        if req.call.query.get("with_response", "").lower() not in ("1", "true"):
            return 204, None
        return 200, {"interaction": answer, "resource": resource}

    def _check_modal(self, data: JSON) -> None:
        errors = Errors()
        errors.max_length("data.title", data.get("title") or "", 45)
        errors.max_length("data.custom_id", data.get("custom_id") or "", 100)
        if not 1 <= len(data.get("components") or []) <= 5:
            errors.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
        if errors:
            raise invalid_form(errors)

    def _webhook_interaction(self, req: _Request) -> Interaction:
        inter = self._by_token.get(req.args["token"])
        # An interaction token works as a webhook only once the interaction has been acknowledged.
        if inter is None or inter.ack is None or req.int_arg("app") != self.app_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        return inter

    async def _followup(self, req: _Request) -> tuple[int, Any]:
        inter = self._webhook_interaction(req)
        body = req.body if isinstance(req.body, dict) else {}
        original = self._messages.get(inter.original_id or 0)
        if inter.ack and inter.ack.type == 5 and original and original.flags & LOADING and not original.deleted:
            # The first followup after a "thinking" defer replaces that message and keeps its ephemerality.
            stored = self._edit_message(original, body, req.files)
        else:
            ephemeral_for = inter.user_id if int(body.get("flags") or 0) & EPHEMERAL else None
            stored = self._create_message(inter.channel_id, body, req.files, inter, ephemeral_for)
        inter.followup_ids.append(stored.id)
        return (200, stored.current) if req.call.query.get("wait", "").lower() in ("1", "true") else (204, None)

    async def _webhook_message(self, req: _Request) -> tuple[int, Any]:
        inter = self._webhook_interaction(req)
        if req.args["mid"] == "@original":
            target = inter.original_id if inter.original_id else inter.message_id if inter.ack.type in (6, 7) else None  # type: ignore[union-attr]
        else:
            mid = int(req.args["mid"])
            target = mid if mid in (inter.original_id, inter.message_id, *inter.followup_ids) else None
        return self._message_verb(req, self._known_message(target))

    # ------------------------------------------------------------------ REST: channels and messages

    async def _create_dm(self, req: _Request) -> tuple[int, Any]:
        recipient = int((req.body or {}).get("recipient_id", 0))  # discord.py sends an int here
        if recipient not in self.users or recipient == self.app_id:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return 200, self._dm_channel(recipient)

    async def _channel_route(self, req: _Request) -> tuple[int, Any]:
        cid = req.int_arg("cid")
        channel = self._channel(cid)
        self._visible(channel)
        if req.call.method == "PATCH":
            body = req.body or {}
            if "thread_metadata" in channel:
                self._edit_thread(channel, body)
            for key in ("name", "topic", "rate_limit_per_user"):
                if key in body:
                    channel[key] = body[key]
            self._dispatch("THREAD_UPDATE" if "thread_metadata" in channel else "CHANNEL_UPDATE", channel)
        return 200, self._channel_payload(cid)

    def _edit_thread(self, thread: JSON, body: JSON) -> None:
        """Modify Channel on a thread, as Discord's docs give it: an archived thread takes only a change
        that unarchives it; unarchiving an unlocked thread needs no more than sending there; a locked
        thread, locking, and slow mode need Manage Threads; other changes, Manage Threads or the creator."""
        meta = thread["thread_metadata"]
        manages = self._bot_manages_threads(thread)
        if meta["archived"] and body.get("archived") is not False:
            raise ApiError(400, 50083, "Thread is archived")
        if not manages and (meta["locked"] or "locked" in body or "rate_limit_per_user" in body):
            raise ApiError(403, 50013, "Missing Permissions")
        others = set(body) - {"archived", "locked", "rate_limit_per_user"}
        if others and not manages and thread.get("owner_id") != str(self.app_id):
            raise ApiError(403, 50013, "Missing Permissions")
        duration = body.get("auto_archive_duration")
        if duration is not None and duration not in AUTO_ARCHIVE_MINUTES:
            errors = Errors()
            errors.add("auto_archive_duration", "BASE_TYPE_CHOICES", f"Value must be one of {AUTO_ARCHIVE_MINUTES}.")
            raise invalid_form(errors)
        was_archived = meta["archived"]
        meta |= {k: body[k] for k in ("archived", "locked", "auto_archive_duration") if k in body}
        if was_archived != meta["archived"] or duration is not None:  # both count as activity
            meta["archive_timestamp"] = self._iso_now()
            self._thread_active[int(thread["id"])] = self.clock.now()

    def _bot_manages_threads(self, channel: JSON) -> bool:
        """Whether the bot holds Manage Threads here (in a thread: in its parent), overwrites applied."""
        return bool(self.bot_permissions(int(channel["id"])) & MANAGE_THREADS)

    def _iso_now(self) -> str:
        return dt.datetime.fromtimestamp(self.clock.now(), dt.UTC).isoformat()

    async def _typing(self, req: _Request) -> tuple[int, Any]:
        self._channel(req.int_arg("cid"))
        return 204, None

    async def _post_message(self, req: _Request) -> tuple[int, Any]:
        cid = req.int_arg("cid")
        channel = self._channel(cid)
        if channel["type"] == 1 and channel["recipient"] in self._dm_refused:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        permissions = self._visible(channel)
        if channel["type"] != 1:
            body = req.body if isinstance(req.body, dict) else {}
            embeds = bool(body.get("embeds") or body.get("embed"))
            thread = channel["type"] in THREAD_TYPES
            if missing_to_post(permissions, thread=thread, embeds=embeds, files=bool(req.files)):
                raise ApiError(403, 50013, "Missing Permissions")
        meta = channel.get("thread_metadata")
        if meta and meta["locked"] and not self._bot_manages_threads(channel):
            raise ApiError(400, 160005, "Thread is locked")
        if meta and meta["archived"]:  # a message unarchives a thread the bot may write in
            meta |= {"archived": False, "archive_timestamp": self._iso_now()}
            self._dispatch("THREAD_UPDATE", channel)
        body = req.body if isinstance(req.body, dict) else {}
        return 200, self._create_message(cid, body, req.files).current

    async def _channel_message(self, req: _Request) -> tuple[int, Any]:
        channel = self._channel(req.int_arg("cid"))
        permissions = self._visible(channel)
        meta = channel.get("thread_metadata")
        if meta and req.call.method == "PATCH":  # deleting is the one thing an archived thread allows
            if meta["archived"]:
                raise ApiError(400, 50083, "Thread is archived")
            if meta["locked"] and not self._bot_manages_threads(channel):
                raise ApiError(400, 160005, "Thread is locked")
        stored = self._known_message(req.int_arg("mid"))
        if stored.channel_id != req.int_arg("cid") or stored.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        thread = channel["type"] in THREAD_TYPES
        if req.call.method == "PATCH" and req.files and not effective(permissions, thread=thread) & ATTACH_FILES:
            raise ApiError(403, 50013, "Missing Permissions")  # a new upload; keeping or removing files is allowed
        if req.call.method != "PATCH":
            return self._message_verb(req, stored)
        old = self.clock.now() - created_at(stored.id) > OLD_MESSAGE_AGE
        if old:
            self._old_edit_allowed(stored.channel_id)
        answer = self._message_verb(req, stored)
        if old:
            self._old_edits.setdefault(stored.channel_id, []).append((self.clock.now(), time.monotonic()))
        return answer

    def _old_edit_allowed(self, channel_id: int) -> None:
        """Discord's budget for edits to messages over an hour old: `OLD_EDITS` per `OLD_EDIT_WINDOW`
        seconds per channel, then 429 with code 30046 until the oldest of them leaves the window.
        Time passes as the fake clock moves on or as real time does, whichever is further, as the bot
        counts it: a test's clock that stands still while a busy machine takes seconds of real time
        must not make the two disagree on when the window is over."""
        now, real = self.clock.now(), time.monotonic()

        def left(edit: tuple[float, float]) -> float:  # seconds until this edit leaves the window
            return OLD_EDIT_WINDOW - max(now - edit[0], real - edit[1])

        recent = [edit for edit in self._old_edits.get(channel_id, []) if left(edit) > 0]
        self._old_edits[channel_id] = recent
        if len(recent) >= OLD_EDITS:
            message = "Maximum number of edits to messages older than 1 hour reached. Try again later"
            raise ApiError(429, 30046, message, retry_after=max(0.001, left(recent[-OLD_EDITS])))

    def _message_verb(self, req: _Request, stored: StoredMessage) -> tuple[int, Any]:
        if req.call.method == "PATCH":
            self._edit_message(stored, req.body if isinstance(req.body, dict) else {}, req.files)
        elif req.call.method == "DELETE":
            stored.deleted = True
            self._dispatch_deleted(stored)
            return 204, None
        return 200, stored.current

    async def _history(self, req: _Request) -> tuple[int, Any]:
        cid = req.int_arg("cid")
        self._visible(self._channel(cid))
        q = req.call.query
        found = [m for m in self.messages(cid) if int(q.get("after", 0)) < m.id < int(q.get("before", 1 << 63))]
        return 200, [m.current for m in reversed(found)][: int(q.get("limit", 50))]

    async def _create_thread(self, req: _Request) -> tuple[int, Any]:
        cid = req.int_arg("cid")
        parent = self._channel(cid)
        if parent["type"] not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        permissions = self._visible(parent)
        body = req.body or {}
        private = "mid" not in req.args and int(body.get("type") or 12) == 12
        needed = (1 << 36) if private else CREATE_PUBLIC_THREADS  # Create Private Threads for a private one
        if cid in self._threads_denied or not permissions & needed:
            raise ApiError(403, 50013, "Missing Permissions")
        errors = Errors()
        if not 1 <= len(body.get("name") or "") <= 100:
            errors.add("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if errors:
            raise invalid_form(errors)
        starter = self._known_message(int(req.args["mid"])) if "mid" in req.args else None
        if starter is not None:
            if starter.channel_id != cid or starter.ephemeral:
                raise ApiError(404, 10008, "Unknown Message")
            if starter.id in self.channels:
                raise ApiError(400, 160004, "A thread has already been created for this message")
        # A thread started from a message takes the message's id; v10 defaults others to private threads.
        tid = starter.id if starter else self.ids.next()
        kind = (10 if parent["type"] == 5 else 11) if starter else int(body.get("type") or 12)
        duration = body.get("auto_archive_duration", 4320)
        if duration not in AUTO_ARCHIVE_MINUTES:
            errors.add("auto_archive_duration", "BASE_TYPE_CHOICES", f"Value must be one of {AUTO_ARCHIVE_MINUTES}.")
            raise invalid_form(errors)
        now = self._iso_now()
        meta = {"archived": False, "auto_archive_duration": duration, "locked": False}
        meta |= {"archive_timestamp": now, "invitable": body.get("invitable", True), "create_timestamp": now}
        thread: JSON = {
            "id": str(tid), "type": kind, "guild_id": parent["guild_id"], "parent_id": str(cid), "name": body["name"],
            "owner_id": str(self.app_id), "last_message_id": None, "message_count": 0,
            "rate_limit_per_user": body.get("rate_limit_per_user", 0), "member_count": 1, "total_message_sent": 0,
            "flags": 0, "thread_metadata": meta,
        }  # fmt: skip
        self.channels[tid] = thread
        self._thread_active[tid] = self.clock.now()
        self.guilds[int(parent["guild_id"])].channel_ids.append(tid)
        if starter is not None:  # not a new version: Discord marks the message (HAS_THREAD) without an edit
            starter.current["flags"] = starter.flags | (1 << 5)
            starter.current["thread"] = copy_json(thread)
        member = {"id": str(tid), "user_id": str(self.app_id), "join_timestamp": now, "flags": 1}
        self._dispatch("THREAD_CREATE", {**thread, "newly_created": True, "member": member})
        return 201, {**thread, "member": member}

    async def _get_guild(self, req: _Request) -> tuple[int, Any]:
        guild = self.guilds.get(req.int_arg("gid"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        payload = self._guild_payload(guild)
        if "channels" in req.args:
            return 200, payload["channels"]
        return 200, {k: v for k, v in payload.items() if k not in ("members", "channels", "threads", "presences")}

    async def _get_member(self, req: _Request) -> tuple[int, Any]:
        guild = self.guilds.get(req.int_arg("gid"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if req.int_arg("uid") not in guild.members:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, self._member(guild.id, req.int_arg("uid"))

    # ------------------------------------------------------------------ message store

    def _known_message(self, message_id: int | None) -> StoredMessage:
        stored = self._messages.get(message_id or 0)
        if stored is None or stored.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return stored

    def _validate(self, message: JSON) -> None:
        if errors := check_message(message):
            raise invalid_form(errors)
        if is_empty(message):
            raise ApiError(400, 50006, "Cannot send an empty message")

    def _attachments(
        self, payload: JSON, files: dict[int, tuple[str, bytes]], before: list[JSON], blobs: dict[str, bytes]
    ) -> list[JSON]:
        """A message's attachments after a create or an edit, as real Discord keeps them: a payload's
        `attachments` list is the whole new set, each entry either an attachment the message already
        has (by its id) or a new upload (by the n of its part `files[n]`, with its filename); what it
        does not list is removed. Without the list, every upload is added under its part's filename.
        New uploads' bytes go into `blobs` by attachment id."""
        listed = payload.get("attachments")
        uploads: list[tuple[int, str, str | None]] = []
        if listed is None:
            out = list(before)
            uploads = [(n, name, None) for n, (name, _data) in sorted(files.items())]
        else:
            out = []
            had = {str(a["id"]): a for a in before}
            errors = Errors()
            for k, entry in enumerate(listed):
                aid = str(entry.get("id"))
                # The alt text: "description (alt text) for the file (max 1024 characters)".
                description = entry.get("description")
                errors.max_length(f"attachments.{k}.description", description, 1024)
                if aid in had:
                    # An edit may give a kept attachment a new description.
                    out.append(had[aid] | ({"description": description} if description is not None else {}))
                elif aid.isdigit() and int(aid) in files:
                    uploads.append((int(aid), str(entry.get("filename") or files[int(aid)][0]), description))
                else:
                    errors.add(f"attachments.{k}.id", "ATTACHMENT_NOT_FOUND", f"Unknown attachment {aid}")
            if errors:
                raise invalid_form(errors)
        for n, name, description in uploads:
            data = files[n][1]
            new_id = self.ids.next()
            url = f"{self.api_base}/attachments/{new_id}/{name}"
            attachment: JSON = {"id": str(new_id), "filename": name, "size": len(data), "url": url, "proxy_url": url}
            if description is not None:
                attachment["description"] = description
            if (size := png_size(data)) is not None:
                attachment |= {"content_type": "image/png", "width": size[0], "height": size[1]}
            out.append(attachment)
            blobs[str(new_id)] = data
        return out

    @staticmethod
    def _embed_pictures(message: JSON) -> None:
        """An embed's `attachment://name` image or thumbnail becomes that attachment's URL, as real
        Discord shows it (a name the message has no attachment for stays as it was: nothing shows)."""
        by_name = {a["filename"]: a for a in message.get("attachments") or []}
        for embed in message.get("embeds") or []:
            for key in ("image", "thumbnail"):
                url = str((embed.get(key) or {}).get("url") or "")
                found = by_name.get(url.removeprefix("attachment://")) if url.startswith("attachment://") else None
                if found is not None:
                    embed[key] = {k: found[k] for k in ("url", "proxy_url", "width", "height") if k in found}

    def _create_message(
        self, channel_id: int, payload: JSON, files: dict[int, tuple[str, bytes]],
        interaction: Interaction | None = None, ephemeral_for: int | None = None, kind: int = 0,
    ) -> StoredMessage:  # fmt: skip
        channel = self._channel(channel_id)
        flags = (int(payload.get("flags") or 0) & ((1 << 2) | (1 << 12) | (1 << 15) | LOADING)) | (
            EPHEMERAL if ephemeral_for is not None else 0
        )
        mid = self.ids.next()
        message: JSON = {
            "id": str(mid), "channel_id": str(channel_id), "type": kind, "content": payload.get("content") or "",
            "author": self.bot_user, "timestamp": iso_now(), "edited_timestamp": None, "tts": bool(payload.get("tts")),
            "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [], "flags": flags, "pinned": False,
        }  # fmt: skip
        blobs: dict[str, bytes] = {}
        message["attachments"] = self._attachments(payload, files, [], blobs)
        self._embed_pictures(message)
        if channel.get("guild_id"):
            message["guild_id"] = channel["guild_id"]
        if isinstance(payload.get("message_reference"), dict):
            message["message_reference"] = {"channel_id": str(channel_id), **payload["message_reference"]}
            message["type"] = 19
        if interaction is not None:
            owners = {"0": str(interaction.guild_id or 0)}
            meta = {"id": str(interaction.id), "type": interaction.type, "user": interaction.user}
            message |= {"webhook_id": str(self.app_id), "application_id": str(self.app_id)}
            message["interaction_metadata"] = meta | {"authorizing_integration_owners": owners}
        self._validate(message)
        stored = StoredMessage(mid, channel_id, [message], ephemeral_for, interaction.id if interaction else None)
        stored.files = {name: data for name, data in files.values()}
        stored.blobs = blobs
        self._messages[mid] = stored
        if ephemeral_for is None:
            channel["last_message_id"] = str(mid)
            if "message_count" in channel:
                channel["message_count"] += 1
                channel["total_message_sent"] += 1
                self._thread_active[channel_id] = self.clock.now()
            self._dispatch("MESSAGE_CREATE", message, DIRECT_MESSAGES if channel["type"] == 1 else GUILD_MESSAGES)
        return stored

    def _edit_message(self, stored: StoredMessage, patch: JSON, files: dict[int, tuple[str, bytes]]) -> StoredMessage:
        if stored.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        editable: tuple[tuple[str, Any], ...] = (("content", ""), ("embeds", []), ("components", []))
        replaced = {key: empty if patch[key] is None else patch[key] for key, empty in editable if key in patch}
        # The new version copies what it keeps of the old one (no two versions share a mutable part, and
        # _embed_pictures changes embeds in place), cheaply: only the nested parts, by a JSON round trip.
        new = dict(stored.current)
        new |= copy_json({k: v for k, v in new.items() if k not in replaced and isinstance(v, (dict, list))})
        new |= replaced
        flags = stored.flags & ~LOADING
        if patch.get("flags") is not None:  # only embed suppression and components v2 can change; v2 cannot go
            flags = (flags & (EPHEMERAL | (1 << 15) | (1 << 5))) | (int(patch["flags"]) & ((1 << 2) | (1 << 15)))
        new["flags"] = flags
        blobs: dict[str, bytes] = {}
        if "attachments" in patch or files:
            new["attachments"] = self._attachments(patch, files, new.get("attachments") or [], blobs)
        self._embed_pictures(new)
        new["edited_timestamp"] = iso_now()
        self._validate(new)
        stored.versions.append(new)
        stored.files |= {name: data for name, data in files.values()}
        stored.blobs |= blobs
        if not stored.ephemeral:
            channel = self.channels.get(stored.channel_id) or self.deleted_channels[stored.channel_id]
            self._dispatch("MESSAGE_UPDATE", new, DIRECT_MESSAGES if channel["type"] == 1 else GUILD_MESSAGES)
        return stored

    def _dispatch_deleted(self, stored: StoredMessage) -> None:
        if stored.ephemeral:
            return
        channel = self.channels.get(stored.channel_id) or self.deleted_channels[stored.channel_id]
        event = {"id": str(stored.id), "channel_id": str(stored.channel_id)}
        if channel.get("guild_id"):
            event["guild_id"] = channel["guild_id"]
        self._dispatch("MESSAGE_DELETE", event, DIRECT_MESSAGES if channel["type"] == 1 else GUILD_MESSAGES)


_FILE_PART = re.compile(r"files\[(\d+)\]")


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG (from its IHDR chunk), or None if the bytes are not a PNG."""
    if len(data) < 24 or not data.startswith(b"\x89PNG\r\n\x1a\n") or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def point_discord_py_at(fake: FakeDiscord) -> Callable[[], None]:
    """Points discord.py's REST base and gateway URL at the fake; returns a function that restores them."""
    import discord.gateway
    import discord.http
    import yarl

    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)

    def restore() -> None:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = before

    return restore


def form_parts(content_type: str, raw: bytes) -> list[tuple[str, str | None, bytes]]:
    """The (name, filename, bytes) of each part of a multipart/form-data body, as discord.py's aiohttp
    writes it: a boundary parameter, and a Content-Disposition header on each part. A body that is not
    such a form raises ValueError (a 400, as Discord answers)."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise ValueError("multipart body without a boundary")
    delimiter = b"--" + (found.group(1) or found.group(2)).encode()
    chunks = raw.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise ValueError("multipart body without its closing boundary")
    parts = []
    for chunk in chunks[1:-1]:
        head, sep, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        if not sep or not data.endswith(b"\r\n"):
            raise ValueError("malformed multipart part")
        disposition = next(
            (line for line in head.decode().split("\r\n") if line.lower().startswith("content-disposition:")), ""
        )
        params = dict(_PARAM.findall(disposition))
        name = params.get("name")
        if name is None:
            raise ValueError("multipart part without a name")
        filename = params.get("filename")
        if "filename*" in params:  # RFC 5987: utf-8''percent-encoded
            filename = urllib.parse.unquote(params["filename*"].split("'", 2)[-1])
        parts.append((name, filename, data[:-2]))
    return parts


_BOUNDARY = re.compile(r'boundary=(?:"([^"]+)"|([^;\s]+))')
_PARAM = re.compile(r'([\w*]+)="?([^";]*)"?')
