"""Discord's permission rules, as the fake applies them to the bot's requests.

Computed as Discord's permissions page says (topics/permissions: "Permission Overwrites" and
"Implicit Permissions"): the @everyone role's permissions and the member's roles' at guild level
(Administrator: everything), then the channel's overwrites, @everyone first, then the member's
roles (denies before allows), then the member's own. A thread has no overwrites of its own: it takes
its parent's, and Send Messages has no effect in it (Send Messages in Threads does).
"""

from __future__ import annotations

from typing import Any

from tests.fake_discord.models import MEMBER_PERMISSIONS

JSON = dict[str, Any]

ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL = (1 << 53) - 1
THREAD_TYPES = (10, 11, 12)


def computed(
    channel: JSON, *, guild_id: int, roles: dict[int, int], member_roles: list[int], member_id: int, owner: bool
) -> int:
    """The member's permissions in a (non-thread) channel, before implicit denials.
    `roles`: role id -> its guild-level permissions (the @everyone role's id is the guild's)."""
    if owner:
        return ALL
    base = roles.get(guild_id, MEMBER_PERMISSIONS)
    for role in member_roles:
        base |= roles.get(role, 0)
    if base & ADMINISTRATOR:
        return ALL
    overwrites = {(int(o["id"]), int(o.get("type", 0))): o for o in channel.get("permission_overwrites") or []}
    everyone = overwrites.get((guild_id, 0))
    if everyone is not None:
        base = (base & ~int(everyone.get("deny") or 0)) | int(everyone.get("allow") or 0)
    allow = deny = 0
    for role in member_roles:
        overwrite = overwrites.get((role, 0))
        if overwrite is not None:
            allow |= int(overwrite.get("allow") or 0)
            deny |= int(overwrite.get("deny") or 0)
    base = (base & ~deny) | allow
    own = overwrites.get((member_id, 1))
    if own is not None:
        base = (base & ~int(own.get("deny") or 0)) | int(own.get("allow") or 0)
    return base


def effective(permissions: int, *, thread: bool) -> int:
    """With Discord's implicit denials: nothing without View Channel; no embeds or files (nor Send
    Messages' other companions) where the member cannot send (Send Messages, or in a thread Send
    Messages in Threads)."""
    if permissions == ALL:
        return ALL
    if not permissions & VIEW_CHANNEL:
        return 0
    send = SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES
    if not permissions & send:
        permissions &= ~(EMBED_LINKS | ATTACH_FILES | (1 << 12) | (1 << 17))  # + Send TTS, Mention Everyone
    return permissions


def missing_to_post(permissions: int, *, thread: bool, embeds: bool, files: bool) -> int:
    """What the bot lacks to create a message with embeds and files (0: nothing)."""
    have = effective(permissions, thread=thread)
    need = (SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES) | (EMBED_LINKS if embeds else 0)
    need |= ATTACH_FILES if files else 0
    return need & ~have
