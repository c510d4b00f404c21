"""Every game with secrets, played whole through the fake Discord from `/play` to the result.

The adapter never names a game: these tests drive each one the same way, through
the lobby, the DMs and the table, with computer seats filling the rest.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.discord_ui.client import HauntedBot
from rules import registry
from rules.games.best_candy.state import BestCandyState
from tests.e2e.harness import Table, dm_of, play_privately
from tests.fake_discord.server import FakeDiscord

CASES = [
    pytest.param("ghosts-love-candy", {}, ["alice"], 2, id="ghosts-love-candy-3p-two-computers"),
    pytest.param("ghosts-love-candy", {}, ["alice", "bob", "carol", "dave", "eve"], 0, id="ghosts-love-candy-5p"),
    pytest.param("13-ghosts", {}, ["alice", "bob"], 0, id="13-ghosts-2p-to-three-rounds"),
    pytest.param("13-ghosts", {}, ["alice"], 3, id="13-ghosts-4p-teams-with-computers"),
    pytest.param("best-candy", {}, ["alice"], 0, id="best-candy-solo"),
    pytest.param("best-candy", {}, ["alice"], 3, id="best-candy-4p-with-computers"),
    pytest.param("ghosts-of-christmas", {}, ["alice"], 2, id="ghosts-of-christmas-3p-bidding"),
    pytest.param("ghosts-of-christmas", {"tiny_tim": True}, ["alice"], 2, id="ghosts-of-christmas-3p-tiny-tim"),
    pytest.param("31-candies", {}, ["alice"], 2, id="31-candies-3p-with-computers"),
    pytest.param("31-candies", {"on_their_honor": True}, ["alice", "bob"], 0, id="31-candies-2p-on-their-honor"),
    pytest.param("blind-candy-shuffle", {}, ["alice"], 2, id="blind-candy-shuffle-3p-with-computers"),
    pytest.param("blind-candy-shuffle", {"memory_aid": False}, ["alice", "bob"], 0, id="blind-candy-shuffle-2p-no-aid"),
    pytest.param("i-got-a-rock", {}, ["alice"], 9, id="i-got-a-rock-10p-nine-computers"),
    pytest.param("i-got-a-rock", {}, ["alice", "bob"], 0, id="i-got-a-rock-2p"),
    pytest.param("sugarfree", {}, ["alice"], 2, id="sugarfree-3p-one-deck"),
    pytest.param("sugarfree", {}, ["alice", "bob"], 3, id="sugarfree-5p-two-decks"),
    pytest.param("bags-of-fun", {}, ["alice"], 2, id="bags-of-fun-3p-with-computers"),
    pytest.param("bags-of-fun", {"new_white_cards": True}, ["alice", "bob"], 4, id="bags-of-fun-6p-new-white-cards"),
    pytest.param("match-candy-go", {}, ["alice"], 2, id="match-candy-go-3p-with-computers"),
    pytest.param("match-candy-go", {"pair_bonus": True}, ["alice", "bob"], 0, id="match-candy-go-2p-pair-bonus"),
    pytest.param("haunted-house", {}, ["alice"], 2, id="haunted-house-3p-with-computers"),
    pytest.param("haunted-house", {}, ["alice", "bob"], 3, id="haunted-house-5p-two-humans"),
    pytest.param("how-many-candies", {}, ["alice"], 3, id="how-many-candies-4p-with-computers"),
    pytest.param("how-many-candies", {"random_teams": False}, ["alice", "bob"], 2, id="how-many-candies-two-humans"),
    pytest.param("appetite", {}, ["alice"], 3, id="appetite-4p-with-computers"),
    pytest.param("bobbing-for-apples", {}, ["alice"], 2, id="bobbing-for-apples-3p-with-computers"),
    pytest.param("bobbing-for-apples", {"stay_with_stack": True}, ["alice", "bob"], 0, id="bobbing-for-apples-2p-stay"),
    pytest.param("candy-climb", {}, ["alice"], 2, id="candy-climb-3p-with-computers"),
    pytest.param("candy-climb", {"auto_pass": False}, ["alice", "bob"], 0, id="candy-climb-2p-no-auto-pass"),
    pytest.param("best-house", {}, ["alice"], 1, id="best-house-2p-with-a-computer"),
    pytest.param("best-house", {"trump": True}, ["alice", "bob"], 3, id="best-house-5p-trump-two-humans"),
    pytest.param("scary", {}, ["alice"], 4, id="scary-5p-with-computers"),
    pytest.param("secret-stash", {}, ["alice"], 2, id="secret-stash-3p-with-computers"),
    pytest.param("secret-stash", {}, ["alice", "bob", "carol"], 0, id="secret-stash-3p-three-humans"),
    pytest.param("up-and-down-the-block", {}, ["alice"], 2, id="up-and-down-the-block-3p-one-deck"),
    pytest.param("up-and-down-the-block", {"new_white_cards": True}, ["alice"], 3, id="up-and-down-4p-new-white"),
    pytest.param("candy-pick", {}, ["alice"], 1, id="candy-pick-2p-with-a-computer"),
    pytest.param("candy-pick", {}, ["alice", "bob"], 0, id="candy-pick-2p-two-humans"),
]


@pytest.mark.parametrize(("game_id", "options", "humans", "computers"), CASES)
async def test_a_whole_game_through_discord(
    fake_discord: FakeDiscord,
    haunted: HauntedBot,
    game_id: str,
    options: dict[str, Any],
    humans: list[str],
    computers: int,
) -> None:
    fake = fake_discord
    game = registry.get(game_id)
    table = await Table.open(fake, haunted, humans[0], game_id, **options)
    for who in humans[1:]:
        await table.lobby_click(who, "Join")
    for _ in range(computers):
        await table.add_computer(humans[0])
    await table.start(humans[0])
    for who in humans:
        dm = await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")
        assert game.name in dm.text()

    await play_privately(fake, table, humans, random.Random(11))

    assert "Game over" in table.table.text()
    assert table.table.component(label="Rematch")
    session = await haunted.service.get(table.session_id())
    assert session.status == "finished"
    for who in humans:
        stats = await haunted.store.stats(int(fake.user(who)["id"]))
        assert stats == [(game_id, 1, stats[0][2])], "each player's result is written"


#: Words only a player's own screen may hold: their hand, their favourite, their team's card,
#: the suit cards they peek at, and the log lines only they are shown.
PRIVATE = re.compile(
    r"Your hand|Favourite suit|Your suit cards|Your team's card|Your vote|Top (suit|combo) cards"
    r"|as your favourite suit|plays (?!a card)[^.\n]*, face down|is your favourite now"
)


async def test_a_six_player_king_sized_game_with_two_humans_and_four_computers_keeps_every_secret(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "best-candy", king_cards=True)
    await table.lobby_click("bob", "Join")
    for _ in range(4):
        await table.add_computer("alice")
    await table.start("alice")
    humans = ["alice", "bob"]
    for who in humans:
        await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")

    await play_privately(fake, table, humans, random.Random(6), max_clicks=6000)

    assert "Game over" in table.table.text()
    session = await haunted.service.get(table.session_id())
    assert session.status == "finished"
    assert len(session.seats) == 6
    assert isinstance(session.state, BestCandyState)
    assert len(session.state.kings) == 15
    public = 0
    for channel_id, channel in fake.channels.items():
        if channel.get("guild_id") is None:
            continue  # DMs are private
        for message in fake.messages(channel_id):
            if message.ephemeral:
                continue
            for version in message.versions:
                text = str(version.get("content") or "") + str(version.get("embeds") or "")
                assert not PRIVATE.search(text), f"a public message shows a secret: {PRIVATE.search(text)}"
                public += 1
    assert public > 0


async def test_a_team_game_counts_a_win_or_a_loss_for_both_partners(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "best-candy", teams=True)
    await table.add_computer("alice")
    await table.lobby_click("bob", "Join")
    await table.add_computer("alice")
    await table.start("alice")  # alice and bob sit opposite: partners
    for who in ("alice", "bob"):
        await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")

    await play_privately(fake, table, ["alice", "bob"], random.Random(4))

    session = await haunted.service.get(table.session_id())
    assert session.status == "finished"
    ids = [int(fake.user(who)["id"]) for who in ("alice", "bob")]
    assert [session.seats[0].user_id, session.seats[2].user_id] == ids
    alice = await haunted.store.stats(ids[0])
    bob = await haunted.store.stats(ids[1])
    assert alice == bob  # the same team result for both
    assert alice[0][:2] == ("best-candy", 1)
