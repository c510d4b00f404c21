"""The permissions the bot asks for, the README's invite, and what /play makes of a channel's permissions."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.discord_ui.permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    INVITE_PERMISSIONS,
    NEEDED,
    NO_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TEXT_TABLES,
    VIEW_CHANNEL,
    cannot_play_text,
    table_plan,
)

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_invite_carries_the_permissions_the_code_needs() -> None:
    text = README.read_text()
    integers = {int(n) for n in re.findall(r"permissions=(\d+)", text)}
    integers |= {int(n) for n in re.findall(r"permission integer `(\d+)`", text)}
    assert integers == {INVITE_PERMISSIONS}
    assert INVITE_PERMISSIONS == 309237763072


def test_the_readme_table_says_what_each_permission_is_for() -> None:
    rows = dict(re.findall(r"^\s*\| ([A-Z][^|]*?) \| ([^|]*?) \|$", README.read_text(), re.MULTILINE))
    assert {needed.name: needed.why for needed in NEEDED}.items() <= rows.items()


def test_each_needed_permission_is_discords_own_bit() -> None:
    for needed in NEEDED:
        assert discord.Permissions(1 << needed.bit) == discord.Permissions(**{needed.flag: True}), needed.name
        assert needed.why
    assert discord.Permissions(INVITE_PERMISSIONS).attach_files


EVERYTHING = INVITE_PERMISSIONS


@pytest.mark.parametrize(
    ("denied", "thread", "pictures"),
    [
        (0, True, True),
        (ATTACH_FILES, True, False),
        (CREATE_PUBLIC_THREADS, False, True),
        (SEND_MESSAGES_IN_THREADS | ATTACH_FILES, False, False),
        (SEND_MESSAGES, True, True),  # the thread needs no Send Messages
    ],
)
def test_a_table_can_be_posted(denied: int, thread: bool, pictures: bool) -> None:
    plan = table_plan(EVERYTHING & ~denied)
    assert (plan.missing, plan.thread, plan.pictures) == (0, thread, pictures)
    assert (TEXT_TABLES in plan.limits) == (not pictures)
    assert (NO_THREAD in plan.limits) == (not thread)


def test_without_embed_links_no_table_and_the_host_is_told_exactly_that() -> None:
    plan = table_plan(EVERYTHING & ~EMBED_LINKS)
    assert plan.missing == EMBED_LINKS
    assert "I need **Embed Links**." in cannot_play_text(plan)


def test_without_view_channel_both_are_named() -> None:
    plan = table_plan(EVERYTHING & ~(VIEW_CHANNEL | EMBED_LINKS))
    assert "I need **View Channels** and **Embed Links**." in cannot_play_text(plan)


def test_without_send_messages_nor_threads_every_way_out_is_named() -> None:
    plan = table_plan(EVERYTHING & ~(SEND_MESSAGES | CREATE_PUBLIC_THREADS))
    assert plan.missing == SEND_MESSAGES | CREATE_PUBLIC_THREADS
    text = cannot_play_text(plan)
    assert "I need **Send Messages** here, or both **Create Public Threads** and **Send Messages in Threads**" in text


def test_an_administrator_may_do_everything() -> None:
    plan = table_plan(1 << 3)
    assert (plan.missing, plan.thread, plan.pictures) == (0, True, True)
