"""Records the fake Discord keeps, and the limits real Discord enforces on what a bot sends."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15
SELECT_TYPES = (3, 5, 6, 7, 8)

# What an ordinary member may do in a text channel, and what the bot's role adds (thread and message management).
MEMBER_PERMISSIONS = (
    (1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 35) | (1 << 38)
)
MANAGE_THREADS = 1 << 34
THREAD_PERMISSIONS = MANAGE_THREADS | (1 << 35) | (1 << 36)
# Not Manage Threads, which the bot's invite does not ask for: a thread a moderator locked refuses the bot.
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 13) | (THREAD_PERMISSIONS & ~MANAGE_THREADS)


class FakeTime:
    """The fake's wall clock: real time plus an offset a test moves on with `advance`.

    Discord's rules that depend on age (a message over an hour old, a thread idle past its
    auto-archive time) read this clock, and so do the snowflakes, so a message's `created_at`
    agrees with it. A bot under test that shares it (its `now`) sees the same time.
    """

    def __init__(self) -> None:
        self.offset = 0.0
        #: Called after each `advance`: what falls due at the new time happens then (a thread archives).
        self.on_advance: list[Callable[[], None]] = []

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        for listener in self.on_advance:
            listener()


class Snowflakes:
    """Time-based ids, strictly increasing, so discord.py derives sensible `created_at` values from them."""

    def __init__(self, worker: int = 1, clock: FakeTime | None = None) -> None:
        self._worker = worker
        self._clock = clock or FakeTime()
        self._last_ms = 0
        self._increment = 0

    def next(self) -> int:
        ms = int(self._clock.now() * 1000)
        if ms <= self._last_ms:
            ms = self._last_ms
            self._increment += 1
            if self._increment > 0xFFF:
                ms += 1
                self._increment = 0
        else:
            self._increment = 0
        self._last_ms = ms
        return ((ms - DISCORD_EPOCH_MS) << 22) | (self._worker << 17) | self._increment


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data: a JSON round trip, several times cheaper than `copy.deepcopy`."""
    return json.loads(json.dumps(value))


def make_user(user_id: int, name: str, *, bot: bool = False) -> JSON:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": None if bot else name.capitalize(),
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


@dataclass
class Call:
    """One REST request as the bot sent it (path is relative to /api/v10)."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    at: float
    status: int = 0
    files: list[str] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"<Call {self.method} {self.path} -> {self.status}>"


@dataclass
class Rejection:
    """A request refused with a 4xx because real Discord would refuse it (bad payload, double ack, ...)."""

    call: Call
    status: int
    code: int
    message: str
    errors: JSON | None = None


@dataclass
class LateAck:
    """An interaction callback refused with 10062: too late, or for a token the fake never issued."""

    call: Call
    interaction_id: int
    latency: float | None
    reason: str


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True)
class Component:
    """A flattened interactive component of a message (buttons, selects, text inputs)."""

    type: int
    custom_id: str | None
    label: str | None = None
    style: int | None = None
    disabled: bool = False
    url: str | None = None
    placeholder: str | None = None
    options: tuple[SelectOption, ...] = ()
    min_values: int = 1
    max_values: int = 1
    row: int = 0

    @property
    def is_select(self) -> bool:
        return self.type in SELECT_TYPES


def walk_components(components: list[JSON]) -> Iterator[tuple[int, JSON]]:
    """Yields (top-level row index, component) for every nested component, containers included."""
    for row, top in enumerate(components):
        stack = [top]
        while stack:
            node = stack.pop(0)
            yield row, node
            stack.extend(node.get("components") or [])
            for key in ("component", "accessory"):
                if isinstance(node.get(key), dict):
                    stack.append(node[key])


def flatten_components(components: list[JSON]) -> list[Component]:
    found: list[Component] = []
    for row, node in walk_components(components):
        kind = node.get("type")
        if kind not in (2, 4, *SELECT_TYPES):
            continue
        options = tuple(
            SelectOption(o["label"], o["value"], o.get("description"), bool(o.get("default")))
            for o in node.get("options") or []
        )
        found.append(
            Component(
                type=kind,
                custom_id=node.get("custom_id"),
                label=node.get("label"),
                style=node.get("style"),
                disabled=bool(node.get("disabled")),
                url=node.get("url"),
                placeholder=node.get("placeholder"),
                options=options,
                min_values=node.get("min_values", 1),
                max_values=node.get("max_values", 1),
                row=row,
            )
        )
    return found


@dataclass(eq=False)
class StoredMessage:
    """A message the bot created, with every version it went through (versions[-1] is current)."""

    id: int
    channel_id: int
    versions: list[JSON]
    ephemeral_for: int | None = None
    interaction_id: int | None = None
    deleted: bool = False
    #: The bytes of every file uploaded to it, by filename (the latest upload of a name wins).
    files: dict[str, bytes] = field(default_factory=dict)
    #: The same bytes by attachment id (every upload, replaced ones included).
    blobs: dict[str, bytes] = field(default_factory=dict)
    #: The current version's component rows, flattened, and their custom_ids: `wait_for` predicates read
    #: them over and over, and a version's rows are never changed in place (an edit makes a new version,
    #: `forge_rows` replaces the list), so the rows' identity says when to flatten again.
    _flat: tuple[list[JSON] | None, list[Component], list[str]] | None = field(default=None, init=False, repr=False)

    @property
    def current(self) -> JSON:
        return self.versions[-1]

    @property
    def attachments(self) -> list[JSON]:
        return list(self.current.get("attachments") or [])

    def embed_image(self, version: int = -1, embed: int = 0) -> bytes | None:
        """The bytes of the picture an embed of this message shows (of one version, the current by
        default), when it is one of the message's own attachments; None otherwise."""
        message = self.versions[version]
        embeds = message.get("embeds") or []
        if embed >= len(embeds):
            return None
        url = (embeds[embed].get("image") or {}).get("url")
        found = next((a for a in message.get("attachments") or [] if a.get("url") == url), None)
        return self.blobs.get(str(found["id"])) if found is not None else None

    @property
    def content(self) -> str:
        return str(self.current.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.current.get("embeds") or [])

    @property
    def flags(self) -> int:
        return int(self.current.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    def _flattened(self) -> tuple[list[JSON] | None, list[Component], list[str]]:
        rows = self.current.get("components")
        if self._flat is None or self._flat[0] is not rows:
            found = flatten_components(rows or [])
            self._flat = (rows, found, [c.custom_id for c in found if c.custom_id is not None])
        return self._flat

    @property
    def components(self) -> list[Component]:
        return list(self._flattened()[1])  # a new list: the caller may change it

    @property
    def custom_ids(self) -> list[str]:
        return list(self._flattened()[2])

    def component(self, *, label: str | None = None, custom_id: str | None = None) -> Component:
        """The component with this label or custom_id; AssertionError (listing what is there) if none."""
        for c in self.components:
            if (label is None or c.label == label) and (custom_id is None or c.custom_id == custom_id):
                return c
        shown = [(c.label, c.custom_id) for c in self.components]
        raise AssertionError(f"no component label={label!r} custom_id={custom_id!r} on message {self.id}: {shown}")

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields: what a reader sees, for `in` assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    def payload(self) -> JSON:
        """A copy of the current version, free to change (the fake encodes `current` itself where it sends it)."""
        return dict(copy_json(self.current))

    def __repr__(self) -> str:
        return f"<StoredMessage {self.id} ch={self.channel_id} v{len(self.versions)} {self.content[:40]!r}>"


@dataclass
class Ack:
    """The first accepted callback of an interaction."""

    type: int
    data: JSON
    latency: float
    message_id: int | None


@dataclass(eq=False)
class Interaction:
    """An INTERACTION_CREATE the fake sent, and what the bot did with it."""

    id: int
    token: str
    type: int
    user: JSON
    channel_id: int
    guild_id: int | None
    data: JSON
    sent_at: float
    message_id: int | None = None
    ack: Ack | None = None
    refusal: LateAck | None = None
    problem: str | None = None  # why a callback in time was refused (bad payload, wrong type)
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: JSON | None = None
    _done: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def user_id(self) -> int:
        return int(self.user["id"])

    def _settle(self) -> None:
        self._done.set()

    async def acked(self, timeout: float = 3.5) -> Ack:  # noqa: ASYNC109
        """Waits for the bot's accepted callback; AssertionError if none comes or it was refused as late."""
        try:
            await asyncio.wait_for(self._done.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"interaction {self.id} was not acknowledged within {timeout} s") from None
        if self.ack is None:
            raise AssertionError(f"interaction {self.id} acknowledgement refused: {self.refusal or self.problem}")
        return self.ack


# ---------------------------------------------------------------- limits real Discord enforces

_MAX_LENGTH = "BASE_TYPE_MAX_LENGTH"


class Errors:
    """Discord's nested `errors` object: {"components": {"0": {"components": {"_errors": [...]}}}}."""

    def __init__(self) -> None:
        self.tree: JSON = {}

    def add(self, path: str, code: str, message: str) -> None:
        node = self.tree
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: str, value: Any, limit: int) -> None:
        if value is not None and len(value) > limit:
            self.add(path, _MAX_LENGTH, f"Must be {limit} or fewer in length.")

    def __bool__(self) -> bool:
        return bool(self.tree)


def embed_length(embed: JSON) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "") + len((embed.get("author") or {}).get("name") or "")
    return total + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in embed.get("fields") or [])


def _check_embeds(embeds: list[JSON], errors: Errors) -> None:
    errors.max_length("embeds", embeds, 10)
    if sum(embed_length(e) for e in embeds) > 6000:
        errors.add("embeds", _MAX_LENGTH, "Embed size exceeds maximum size of 6000")
    for i, embed in enumerate(embeds):
        errors.max_length(f"embeds.{i}.title", embed.get("title"), 256)
        errors.max_length(f"embeds.{i}.description", embed.get("description"), 4096)
        errors.max_length(f"embeds.{i}.fields", embed.get("fields"), 25)
        for j, fld in enumerate(embed.get("fields") or []):
            errors.max_length(f"embeds.{i}.fields.{j}.name", fld.get("name"), 256)
            errors.max_length(f"embeds.{i}.fields.{j}.value", fld.get("value"), 1024)


def _check_item(item: JSON, path: str, errors: Errors, seen: set[str]) -> None:
    kind = item.get("type")
    custom_id = item.get("custom_id")
    if custom_id is not None:
        errors.max_length(f"{path}.custom_id", custom_id, 100)
        if custom_id in seen:
            errors.add(
                f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
            )
        seen.add(custom_id)
    if kind == 2:
        errors.max_length(f"{path}.label", item.get("label"), 80)
        link = item.get("style") in (5, 6)
        if link == (custom_id is not None):
            errors.add(path, "BUTTON_COMPONENT_INVALID", "A link button needs a url and other buttons a custom_id")
    elif kind in SELECT_TYPES:
        errors.max_length(f"{path}.placeholder", item.get("placeholder"), 150)
        options = item.get("options") or []
        if kind == 3 and not 1 <= len(options) <= 25:
            errors.add(f"{path}.options", _MAX_LENGTH, "Must be between 1 and 25 in length.")
        for k, opt in enumerate(options):
            for key in ("label", "value", "description"):
                errors.max_length(f"{path}.options.{k}.{key}", opt.get(key), 100)


def check_components(components: list[JSON], errors: Errors, *, v2: bool = False) -> None:
    if not v2:
        errors.max_length("components", components, 5)
    seen: set[str] = set()
    for i, row in enumerate(components):
        if row.get("type") != 1:
            if not v2:
                errors.add(f"components.{i}", "UNION_TYPE_CHOICES", "Top-level components must be action rows")
            continue
        items = row.get("components") or []
        if not 1 <= len(items) <= 5:
            errors.add(f"components.{i}.components", _MAX_LENGTH, "Must be between 1 and 5 in length.")
        if len(items) > 1 and any(item.get("type") in SELECT_TYPES for item in items):
            errors.add(f"components.{i}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select takes a whole row")
        for j, item in enumerate(items):
            _check_item(item, f"components.{i}.components.{j}", errors, seen)


def check_message(message: JSON) -> Errors:
    """The 50035 (Invalid Form Body) errors real Discord gives for this message payload."""
    errors = Errors()
    flags = int(message.get("flags") or 0)
    errors.max_length("content", message.get("content") or "", 2000)
    _check_embeds(message.get("embeds") or [], errors)
    check_components(message.get("components") or [], errors, v2=bool(flags & COMPONENTS_V2))
    if flags & COMPONENTS_V2 and (message.get("content") or message.get("embeds")):
        errors.add("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "No content or embeds with V2")
    return errors


def is_empty(message: JSON) -> bool:
    keys = ("content", "embeds", "components", "attachments", "sticker_ids", "sticker_items", "poll")
    return not any(message.get(k) for k in keys) and not message.get("flags", 0) & LOADING


_COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def check_commands(commands: list[JSON]) -> Errors:
    errors = Errors()
    names: set[tuple[int, str]] = set()
    errors.max_length("_", commands, 100)
    for i, cmd in enumerate(commands):
        name, kind = str(cmd.get("name", "")), int(cmd.get("type", 1))
        if kind == 1 and (not _COMMAND_NAME.match(name) or name != name.lower()):
            errors.add(f"{i}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        if (kind, name) in names:
            errors.add(f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
        names.add((kind, name))
        if kind == 1:
            description = cmd.get("description") or ""
            if not 1 <= len(description) <= 100:
                errors.add(f"{i}.description", _MAX_LENGTH, "Must be between 1 and 100 in length.")
        errors.max_length(f"{i}.options", cmd.get("options") or [], 25)
    return errors
