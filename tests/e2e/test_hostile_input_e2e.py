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


def _refusal_lines(caplog: pytest.LogCaptureFixture, since: int) -> list[str]:
    """What the bot logged about refused input since record number `since`."""
    watched = ("bot.discord_ui.tree", "bot.discord_ui.components", "bot.discord_ui.client")
    return [r.getMessage() for r in caplog.records[since:] if r.name in watched]


@pytest.mark.parametrize(
    ("forged", "component_type"),
    [
        pytest.param("ht:{sid}:0:0:*3", 2, id="a-button-with-a-selects-id"),
        pytest.param("ht:{sid}:table:hand", 3, id="a-select-with-a-buttons-id"),
        pytest.param("ht:abc:0:0:step.up", 2, id="a-session-that-is-not-a-number"),
        pytest.param("ht:{sid}:x:0:step.up", 2, id="a-move-number-that-is-not-a-number"),
        pytest.param("ht:{sid}:lobby:Join", 2, id="a-verb-in-capitals"),
        pytest.param("ht:{sid}:seat:explode", 2, id="an-unknown-kind-of-control"),
        pytest.param("nothing-of-ours", 2, id="an-id-of-another-grammar"),
    ],
)
async def test_a_component_of_the_wrong_shape_gets_a_private_answer_and_one_log_line(
    fake_discord: FakeDiscord,
    haunted: HauntedBot,
    caplog: pytest.LogCaptureFixture,
    forged: str,
    component_type: int,
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    table, session = await _running_game(fake, haunted)
    moves = session.move_number
    custom_id = forged.format(sid=session.id)
    values: list[str] | None = None
    if component_type == 2:
        fake.forge_button(table.table.id, custom_id)
    else:
        options = [{"label": "One", "value": "1"}]
        fake.forge_rows(
            table.table.id, [{"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}]
        )
        values = ["1"]
    since = len(caplog.records)
    text = await _answer(fake, "bob", await fake.click("bob", table.table.id, custom_id, values))
    assert text == "That button is not one I know; nothing was changed."
    assert session.move_number == moves
    assert len(_refusal_lines(caplog, since)) == 1, _refusal_lines(caplog, since)
    _no_tracebacks(caplog)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param(
            "play candy-tricks sugarfree",
            "That command is not available. To open a table for Sugarfree, use `/play candy-cards sugarfree`.",
            id="a-game-under-the-wrong-shelf",
        ),
        pytest.param(
            "play candy-tricks no-such-game",
            "That command is not available: use `/play` and pick a game from its list.",
            id="a-game-the-bot-does-not-have",
        ),
        pytest.param(
            "start",
            "That command is not available any more. Type `/` to see the commands I have now "
            "(your Discord app may take a minute to show them).",
            id="a-command-the-bot-no-longer-has",
        ),
        pytest.param(
            "play candy-tricks",
            "That command has changed since your Discord app loaded it. Type `/` to see the commands I have now "
            "(your Discord app may take a minute to show them).",
            id="a-shelf-sent-as-a-command",
        ),
    ],
)
async def test_a_command_the_bot_does_not_have_is_answered_with_what_to_use(
    fake_discord: FakeDiscord, haunted: HauntedBot, caplog: pytest.LogCaptureFixture, command: str, expected: str
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    fake.require_synced_commands = False  # an app still showing an old command list
    since = len(caplog.records)
    interaction = await fake.slash("alice", fake.channel_id("games"), command)
    assert await _answer(fake, "alice", interaction) == expected
    assert len(_refusal_lines(caplog, since)) == 1, _refusal_lines(caplog, since)
    _no_tracebacks(caplog)


@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        pytest.param(
            "seat computer",
            {"seat": "two"},
            "The option seat takes a whole number; nothing was done.",
            id="seat-as-text",
        ),
        pytest.param(
            "abandon",
            {"game": "the last one"},
            "The option game takes a whole number; nothing was done.",
            id="game-as-text",
        ),
        pytest.param(
            "play best-candy",
            {"solo_difficulty": "hard"},
            "The option solo_difficulty takes a whole number; nothing was done.",
            id="play-option-as-text",
        ),
        pytest.param(
            "play best-candy",
            {"king_cards": "yes"},
            "The option king_cards takes True or False; nothing was done.",
            id="play-switch-as-text",
        ),
        pytest.param(
            "seat give",
            {"seat": 2, "member": "outsider"},
            "That person is not a member of this server; pick someone from the list Discord shows.",
            id="a-member-who-is-not-in-the-server",
        ),
    ],
)
async def test_an_option_of_the_wrong_kind_gets_a_private_answer_and_one_log_line(
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
    fake.add_user("outsider", guild_ids=[])
    if command.startswith("seat"):
        options = {**options, "game": session.id}
    since = len(caplog.records)
    interaction = await fake.slash("alice", table.channel_id, command, options, crafted=True)
    assert await _answer(fake, "alice", interaction) == expected
    assert len(_refusal_lines(caplog, since)) == 1, _refusal_lines(caplog, since)
    assert session.status == "active"
    assert len(await haunted.service.open_sessions(session.row.guild_id)) == 1, "no table was opened"
    _no_tracebacks(caplog)


@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        pytest.param(
            "play best-candy",
            {"king_cards": True, "new_suit_cards": "black black"},
            "Those options do not work for Best Candy on the Block: Each new suit card can be chosen only once.",
            id="a-new-suit-card-twice",
        ),
        pytest.param(
            "play best-candy",
            {"king_cards": True, "chosen_kings": "tax tax veto 5"},
            "Those options do not work for Best Candy on the Block: Each King card can be chosen only once.",
            id="a-king-card-twice",
        ),
        pytest.param(
            "play best-candy",
            {"chosen_kings": "tax veto 5 9"},
            "Those options do not work for Best Candy on the Block: "
            "Choosing King cards needs the King cards option on.",
            id="king-cards-chosen-without-king-cards",
        ),
        pytest.param(
            "play best-candy",
            {"solo_difficulty": 9},
            "Those options do not work for Best Candy on the Block: Solo difficulty goes from 1 to 3.",
            id="a-number-out-of-range",
        ),
        pytest.param(
            "play candy-tricks how-many-candies",
            {"target": 999},
            "Those options do not work for How Many Candies do you Wish: Target can be 250 or 500.",
            id="a-choice-outside-the-list",
        ),
    ],
)
async def test_play_refuses_options_start_would_refuse_before_a_table_opens(
    fake_discord: FakeDiscord,
    haunted: HauntedBot,
    caplog: pytest.LogCaptureFixture,
    command: str,
    options: dict[str, Any],
    expected: str,
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    channel = fake.channel_id("games")
    interaction = await fake.slash("alice", channel, command, options, crafted=True)
    assert await _answer(fake, "alice", interaction) == expected
    assert await haunted.service.open_sessions(fake.guild.id) == [], "no table was opened"
    assert not [m for m in fake.messages(channel) if not m.ephemeral], "nothing was posted in the channel"
    _no_tracebacks(caplog)


async def test_a_lobby_says_how_many_players_its_options_allow(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    # Four chosen King cards make a two-player deck: the lobby says so, and seats no third player.
    table = await Table.open(fake, haunted, "alice", "best-candy", king_cards=True, chosen_kings="tax veto 5 9")
    players = fake.message(table.lobby_id).embeds[0]["fields"][0]
    assert players["value"] == "1 seated, 2 needed with these options"
    await table.lobby_click("bob", "Join")
    await table.lobby_click("carol", "Join")
    assert fake.ephemerals("carol")[-1].text() == (
        "This table is full: Best Candy on the Block seats at most 2 with these options."
    )
