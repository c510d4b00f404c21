"""Crafted input: forged custom_ids and option values a hostile client could send.

Every one of them must get a short private answer, change no game and leave no
traceback in the logs (a traceback means a handler crashed).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.discord_ui.client import HauntedBot
from bot.sessions import Session
from tests.e2e.harness import Table
from tests.fake_discord.server import FakeDiscord

HUGE = 2**63  # one past the largest id the store can hold


async def _answer(fake: FakeDiscord, who: str, interaction: Any) -> str:
    """The private text the bot answered an interaction with (a response or a followup)."""
    before = len(fake.ephemerals(who))
    await interaction.acked()
    answers = await fake.wait_for(lambda: fake.ephemerals(who)[before:], what=f"the answer to {who}")
    return answers[-1].text()


async def _running_game(fake: FakeDiscord, bot: HauntedBot) -> tuple[Table, Session]:
    table = await Table.started(fake, bot, "alice", "closest-ghost", ("bob",))
    return table, await bot.service.get(table.session_id())


def _no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    crashed = [r.getMessage() for r in caplog.records if r.exc_info is not None]
    assert not crashed, f"a handler crashed: {crashed}"


@pytest.mark.parametrize(
    ("forged", "expected"),
    [
        pytest.param(f"ht:{HUGE}:0:0:step.up", "no longer exists", id="move-with-a-huge-session-id"),
        pytest.param(f"ht:{HUGE * 4}:table:hand", "no longer exists", id="table-button-with-a-huge-session-id"),
        pytest.param(f"ht:{HUGE}:back:0", "no longer exists", id="im-back-with-a-huge-session-id"),
        pytest.param("ht:{sid}:table:explode", "not one I know", id="unknown-table-verb"),
        pytest.param("ht:{sid}:lobby:explode", "not one I know", id="unknown-lobby-verb"),
        pytest.param("ht:rules:no-such-game:0", "don't know that game", id="rules-page-of-an-unknown-game"),
        pytest.param("ht:{sid}:0:1:nonsense.99", "", id="unknown-move-token"),
    ],
)
async def test_a_forged_button_gets_a_private_answer_and_changes_nothing(
    fake_discord: FakeDiscord, haunted: HauntedBot, caplog: pytest.LogCaptureFixture, forged: str, expected: str
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    table, session = await _running_game(fake, haunted)
    moves = session.move_number
    custom_id = forged.format(sid=session.id)
    fake.forge_button(table.table.id, custom_id)
    text = await _answer(fake, "bob", await fake.click("bob", table.table.id, custom_id))
    assert expected in text
    assert len(text) < 200, "a short answer"
    assert session.move_number == moves, "nothing was played"
    _no_tracebacks(caplog)


@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        pytest.param("rules", {"game": "no-such-game"}, "don't know that game", id="rules-unknown-game"),
        pytest.param("leaderboard", {"game": "no-such-game"}, "don't know that game", id="leaderboard-unknown-game"),
        pytest.param("seat computer", {"seat": -3}, "seats 1 to 2", id="seat-computer-negative-seat"),
        pytest.param("seat computer", {"seat": 9}, "seats 1 to 2", id="seat-computer-missing-seat"),
        pytest.param("seat give", {"seat": 0, "member": "carol"}, "seats 1 to 2", id="seat-give-seat-zero"),
        pytest.param("abandon", {"game": HUGE}, "no longer exists", id="abandon-huge-game-number"),
        pytest.param("leave", {"game": -HUGE}, "no running game", id="leave-negative-game-number"),
        pytest.param("hand", {}, "", id="hand-is-answered"),
    ],
)
async def test_a_crafted_command_gets_a_private_answer(
    fake_discord: FakeDiscord,
    haunted: HauntedBot,
    caplog: pytest.LogCaptureFixture,
    command: str,
    options: dict[str, Any],
    expected: str,
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    table, session = await _running_game(fake, haunted)
    moves = session.move_number
    if command.startswith("seat"):
        options = {**options, "game": session.id}
    interaction = await fake.slash("alice", table.channel_id, command, options, crafted=True)
    text = await _answer(fake, "alice", interaction)
    assert expected in text
    assert session.move_number == moves
    assert session.status == "active"
    _no_tracebacks(caplog)
