"""A long choice on Discord comes in steps: Scary's auction asks the count, then the trump, and a
step can be taken back before the bid is made. No menu holds more than 25 options."""

from __future__ import annotations

import re

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, latest_dm, move_controls, settled
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


async def test_a_chosen_ghost_can_be_taken_back_until_the_last_player_has_chosen(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    """Ruling G9 on Discord: in Ghosts Love Candy alice sends a ghost while bob still chooses; her
    DM then offers only taking it back, which gives her the ghosts again. Once bob has chosen
    too, the ghosts are revealed and nothing can be taken back."""
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "ghosts-love-candy")
    await table.lobby_click("bob", "Join")
    await table.add_computer("alice")
    await table.start("alice")

    def with_label(who: str, start: str) -> StoredMessage | None:
        dm = latest_dm(fake, who)
        return dm if dm is not None and any(label.startswith(start) for label in _labels(dm)) else None

    async def press(who: str, message: StoredMessage, label: str) -> None:
        control = next(c for c in move_controls(message) if c.label == label)
        assert control.custom_id is not None
        await (await fake.click(who, message.id, control.custom_id)).acked()

    first = await fake.wait_for(lambda: with_label("alice", "Send ghost"), what="alice's ghosts")
    ghost = next(label for label in _labels(first) if label.startswith("Send ghost")).removeprefix("Send ghost ")
    await press("alice", first, f"Send ghost {ghost}")
    chosen = await fake.wait_for(lambda: with_label("alice", "Take back"), what="alice's way to take it back")
    assert _labels(chosen) == [f"Take back ghost {ghost}"]
    assert f"Your secret ghost this round: **{ghost}**" in chosen.text()
    # Bob, still choosing, is not told which ghost alice sent.
    bobs = await fake.wait_for(lambda: with_label("bob", "Send ghost"), what="bob's ghosts")
    assert "Take back" not in " ".join(_labels(bobs))

    await press("alice", chosen, f"Take back ghost {ghost}")
    again = await fake.wait_for(lambda: with_label("alice", "Send ghost"), what="alice's ghosts again")
    assert f"Send ghost {ghost}" in _labels(again)
    await press("alice", again, f"Send ghost {ghost}")
    await fake.wait_for(lambda: with_label("alice", "Take back"), what="alice's ghost sent again")

    bobs = await fake.wait_for(lambda: with_label("bob", "Send ghost"), what="bob's ghosts")
    bob_ghost = next(label for label in _labels(bobs) if label.startswith("Send ghost"))
    await press("bob", bobs, bob_ghost)
    # The last choice reveals every ghost: from then on nobody can take one back.
    await fake.wait_for(lambda: "Ghosts revealed" in table.table.text(), what="the ghosts revealed")
    await settled(haunted, table.session_id())
    assert not any("Take back" in label for who in ("alice", "bob") for label in _labels(latest_dm(fake, who)))
