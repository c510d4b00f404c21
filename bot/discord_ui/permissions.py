"""The server permissions the bot needs, each with what it is for, and what the bot does without one.

The README's invite link carries `INVITE_PERMISSIONS`, computed here (a test holds the two equal).
At `/play` the interaction reports the bot's permissions in that channel (`app_permissions`, with
the channel's overwrites applied): `table_plan` says whether a table can be posted there, and how
(in a thread or in the channel, with pictures or as text).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Needed:
    name: str  # as Discord's server settings name it
    flag: str  # discord.Permissions attribute
    bit: int
    why: str


#: Every permission the bot asks for in its invite, in the order of Discord's permission list.
NEEDED = (
    Needed("View Channels", "view_channel", 10, "see the channel where /play was used, and the game's thread"),
    Needed("Send Messages", "send_messages", 11, "post the table in the channel when no thread can be made"),
    Needed("Embed Links", "embed_links", 14, "show the table and each hand as an embed"),
    Needed("Attach Files", "attach_files", 15, "attach the picture of the table and of each hand"),
    Needed("Read Message History", "read_message_history", 16, "read the lobby message a game's thread starts from"),
    Needed("Create Public Threads", "create_public_threads", 35, "give each game a thread of its own under the lobby"),
    Needed("Send Messages in Threads", "send_messages_in_threads", 38, "post the table and mentions in that thread"),
)  # fmt: skip

#: The permissions integer of the invite link.
INVITE_PERMISSIONS = sum(1 << needed.bit for needed in NEEDED)

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ADMINISTRATOR = 1 << 3
#: A thread of its own needs both: one to create it, one to post the table in it.
THREADS = CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS

#: What a session lost for lack of a permission (stored with it, as words: see `Limits`).
TEXT_TABLES = "text"  # no Attach Files: tables and hands without pictures
NO_THREAD = "channel"  # no thread permissions: the table lives in the channel


def names(bits: int) -> list[str]:
    """The Discord names of the needed permissions in `bits`, in Discord's order."""
    return [needed.name for needed in NEEDED if bits & (1 << needed.bit)]


def listed(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C', each in bold."""
    bold = [f"**{item}**" for item in items]
    return bold[0] if len(bold) == 1 else ", ".join(bold[:-1]) + " and " + bold[-1]


@dataclass(frozen=True)
class TablePlan:
    """Where and how a game opened in a channel can show its table, from the bot's permissions there."""

    missing: int  # permissions without which no table can be posted (0: it can be)
    thread: bool  # the table gets a thread of its own
    pictures: bool  # tables and hands carry a picture

    @property
    def limits(self) -> frozenset[str]:
        return frozenset({*(() if self.pictures else (TEXT_TABLES,)), *(() if self.thread else (NO_THREAD,))})


def table_plan(permissions: int) -> TablePlan:
    """What the bot can do with its `permissions` in a channel (an interaction's `app_permissions`).

    A table needs the channel to be visible and an embed to be allowed, and somewhere to post: a
    thread (both thread permissions) or the channel (Send Messages). Discord ignores Embed Links
    and Attach Files where Send Messages is denied, except in threads (which Send Messages does
    not govern)."""
    if permissions & ADMINISTRATOR:
        return TablePlan(missing=0, thread=True, pictures=True)
    thread = permissions & THREADS == THREADS
    where = SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES
    missing = (VIEW_CHANNEL | EMBED_LINKS | where) & ~permissions
    if not thread and permissions & VIEW_CHANNEL and not permissions & SEND_MESSAGES:
        missing |= THREADS & ~permissions  # a thread would do instead of Send Messages: name both ways out
    return TablePlan(missing=missing, thread=thread, pictures=bool(permissions & ATTACH_FILES))


def cannot_play_text(plan: TablePlan) -> str:
    """The host's private answer when no table can be posted in the channel."""
    missing = names(plan.missing)
    if plan.missing & SEND_MESSAGES and plan.missing & THREADS:
        others = [n for n in missing if n not in names(SEND_MESSAGES | THREADS)]
        where = (
            "**Send Messages** here, or both **Create Public Threads** and **Send Messages in Threads** "
            "to give the game a thread"
        )
        need = f"{listed(others)} and {where}" if others else where
    else:
        need = listed(missing)
    return (
        f"I can't post a game's table in this channel: I need {need}. "
        "Ask a server admin to allow it for me here, or use /play in another channel."
    )


#: Discord's JSON error codes for a request refused for lack of a permission.
MISSING_ACCESS = 50001  # the bot cannot see the channel
MISSING_PERMISSIONS = 50013

#: Told to the host once, when a game starts without pictures.
TEXT_TABLES_NOTE = (
    "I can't attach pictures in this channel (I need **Attach Files**), so this game is shown as text: "
    "the table and the hands have no pictures."
)

#: Told to the host once (in the game's channel), when Discord refuses a table's picture mid-game.
TEXT_TABLES_FROM_NOW = (
    "I can no longer attach pictures in this channel (I need **Attach Files**), so the table goes on as text."
)
