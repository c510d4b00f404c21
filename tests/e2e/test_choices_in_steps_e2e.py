"""A long choice on Discord comes in steps: Scary's auction asks the count, then the trump, and a
step can be taken back before the bid is made. No menu holds more than 25 options."""

from __future__ import annotations

import re

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, latest_dm, move_controls
from tests.fake_discord.models import Component, StoredMessage
from tests.fake_discord.server import FakeDiscord

BID_GROUP = re.compile(r"Bid \d+…")


def _options(message: StoredMessage | None) -> list[str]:
    if message is None:
        return []
    return [option.label for c in move_controls(message) if c.is_select for option in c.options]


def _labels(message: StoredMessage | None) -> list[str]:
    return [] if message is None else [c.label or "" for c in move_controls(message) if not c.is_select]


def _select_with(message: StoredMessage, label: str) -> tuple[Component, str]:
    for control in move_controls(message):
        for option in control.options:
            if option.label == label:
                return control, option.value
    raise AssertionError(f"no option {label!r}")


async def test_scarys_auction_asks_the_count_then_the_trump_and_a_step_can_be_taken_back(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    # A seeded deal: the computers' bids, and so the bids left to alice, are the same every run.
    haunted.service._seed_source = lambda: 5
    table = await Table.open(fake, haunted, "alice", "scary")
    for _ in range(4):
        await table.add_computer("alice")
    await table.start("alice")

    def a_bid_group(message: StoredMessage | None) -> str | None:
        return next((label for label in _options(message) if BID_GROUP.fullmatch(label)), None)

    first = await fake.wait_for(
        lambda: (dm := latest_dm(fake, "alice")) is not None and a_bid_group(dm) is not None and dm,
        what="alice's first step of the auction",
    )
    assert isinstance(first, StoredMessage)
    assert all(len(c.options) <= 25 for c in move_controls(first) if c.is_select)
    assert not any(" with " in label for label in _options(first))
    group = a_bid_group(first)
    assert group is not None
    count = group.removeprefix("Bid ").removesuffix("…")

    select, value = _select_with(first, group)
    assert select.custom_id is not None
    await (await fake.click("alice", first.id, select.custom_id, [value])).acked()
    second = await fake.wait_for(
        lambda: (dm := latest_dm(fake, "alice")) is not None and "Back to every choice" in _labels(dm) and dm,
        what=f"the trumps of a bid of {count}",
    )
    assert isinstance(second, StoredMessage)
    offered = _options(second)
    # The bids of that count, one per trump (the game's menu says them short: "11 with Chocolate").
    assert f"{count} with Chocolate" in offered
    assert all(f"{count} with" in label for label in offered)
    assert "Pass" not in _labels(second)

    back = next(c for c in move_controls(second) if c.label == "Back to every choice")
    assert back.custom_id is not None
    await (await fake.click("alice", second.id, back.custom_id)).acked()
    await fake.wait_for(
        lambda: (dm := latest_dm(fake, "alice")) is not None and group in _options(dm),
        what="the first step again",
    )
