"""The lobby's checks and the other commands: /rules, /games, /abandon, Rematch."""

from __future__ import annotations

import random

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, move_controls, seat_of
from tests.e2e.test_closest_ghost_e2e import play_to_the_end
from tests.fake_discord.server import FakeDiscord


async def test_starting_with_too_few_players_says_how_many(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "closest-ghost")
    await table.lobby_click("alice", "Start")
    assert "2 players" in fake.ephemerals("alice")[-1].text()
    assert "Start" in [c.label for c in fake.message(table.lobby_id).components], "the lobby stays open"


async def test_only_the_host_starts_and_cancels(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "closest-ghost")
    await table.lobby_click("bob", "Join")
    await table.lobby_click("bob", "Start")
    assert "Only the host" in fake.ephemerals("bob")[-1].text()
    await table.lobby_click("alice", "Cancel")
    assert "cancelled" in fake.message(table.lobby_id).text()
    assert not fake.message(table.lobby_id).custom_ids


async def test_rules_are_paginated_and_say_the_card_texts_are_our_own(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    command = await fake.slash("carol", fake.channel_id("games"), "rules", {"game": "closest-ghost"})
    ack = await command.acked()
    page = fake.message(ack.message_id)  # type: ignore[arg-type]
    assert page.ephemeral
    assert "Page 1 of" in page.text()
    assert "Our own card texts" in page.text()
    following = await fake.click("carol", page.id, page.component(label="Next ▶").custom_id or "")
    assert (await following.acked()).type == 7
    assert "Page 2 of" in fake.message(page.id).text()


async def test_every_table_has_a_rules_button_that_answers_privately(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    rules = table.table.component(label="Rules").custom_id
    assert rules is not None
    # Anyone may read them, a watcher too, and only the asker sees the answer.
    answer = await fake.click("carol", table.table.id, rules)
    ack = await answer.acked()
    assert ack.type == 4
    page = fake.message(ack.message_id)  # type: ignore[arg-type]
    assert page.ephemeral
    assert "The Closest Ghost: how to play" in page.text()
    assert "Page 1 of" in page.text()


async def test_games_lists_open_tables_with_links(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.row.table_message_id == table.table.id, what="the bot to note its table")
    command = await fake.slash("carol", fake.channel_id("games"), "games")
    ack = await command.acked()
    listing = fake.message(ack.message_id)  # type: ignore[arg-type]
    assert "The Closest Ghost #1" in listing.text()
    assert f"/{table.table.id})" in listing.text(), "the entry links to the table message"


async def test_abandon_is_for_the_host_and_stops_the_game(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    thread = table.thread_id()
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.row.thread_id == thread, what="the bot to note its thread")
    refused = await fake.slash("bob", thread, "abandon")
    await refused.acked()
    assert "Only the host" in fake.ephemerals("bob")[-1].text()
    ended = await fake.slash("alice", thread, "abandon")
    await ended.acked()
    await fake.wait_for(lambda: "ended before the finish" in table.table.text(), what="the table to say so")
    assert not move_controls(table.table), "an abandoned table offers no moves"


async def test_rematch_opens_a_new_table_with_the_same_players(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    await play_to_the_end(fake, table, {0: "alice", 1: "bob"}, random.Random(1))
    rematch = await fake.click("bob", table.table.id, table.table.component(label="Rematch").custom_id or "")
    await rematch.acked()
    again = await fake.wait_for(
        lambda: [m for ch in fake.channels for m in fake.messages(ch) if "game #2" in m.text()], what="the new table"
    )
    assert {seat_of(c) for c in move_controls(again[0])} <= {0, 1}
    assert "Alice" in again[0].text()
    assert "Bob" in again[0].text()


async def test_stats_and_the_leaderboard_show_wins_win_rate_and_rating(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    await play_to_the_end(fake, table, {0: "alice", 1: "bob"}, random.Random(1))
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.status == "finished", what="the game to finish")
    result = session.result()
    assert result is not None
    # A win between two new players moves each by 16 from 1200; a shared place moves nobody.
    shared = result.places[0] == result.places[1]
    winner = "alice" if result.places[0] == 1 else "bob"
    won, rating, streak = "1 won (100%)", 1200 if shared else 1216, "1 win in a row"
    channel = fake.channel_id("games")

    asked = await fake.slash(winner, channel, "stats")
    mine = fake.message((await asked.acked()).message_id)  # type: ignore[arg-type]
    assert mine.ephemeral
    assert "The Closest Ghost" in mine.text()
    assert f"1 played, {won}, average place 1.0, rating {rating}; {streak}" in mine.text()

    board = await fake.slash("carol", channel, "leaderboard", {"game": "closest-ghost", "scope": "everywhere"})
    listing = fake.message((await board.acked()).message_id)  # type: ignore[arg-type]
    assert "by rating" in listing.text()
    first, second = (line for line in listing.text().splitlines() if "won of" in line)
    assert f"rating **{rating}**" in first
    assert f"rating **{2400 - rating}**" in second
    if not shared:
        assert f"<@{fake.user(winner)['id']}>" in first


async def test_a_game_nobody_plays_any_more_ends_with_a_line_on_its_table(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    thread = table.thread_id()
    assert thread is not None
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.row.thread_id == thread, what="the bot to note its thread")
    await (await fake.slash("bob", thread, "leave")).acked()
    await fake.wait_for(lambda: session.seats[1].computer is not None, what="a computer in bob's seat")
    assert session.status == "active", "alice still plays"
    await (await fake.slash("alice", thread, "leave")).acked()
    last_line = "Every player left, so the game ended here: no winner, and nobody's rating changes."
    await fake.wait_for(lambda: last_line in table.table.text(), what="the table's last line")
    assert session.status == "abandoned"
    assert not move_controls(table.table), "nobody moves on an ended table"
    said = [m.content for m in fake.messages(thread) if "left game" in m.content]
    ended = "No player is left at the table, so the game has ended; nobody's rating changes."
    assert said[-1] == f"Alice left game #{session.id}. {ended}"
    assert await haunted.store.results(session.id) == [], "nobody is rated"
