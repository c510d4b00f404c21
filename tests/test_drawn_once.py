"""What a drawn message is made of is made once: its recent log lines for a reader, and its embed's JSON."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_ui.layout import embed_for
from bot.renderers import base
from bot.renderers.base import Field, Screen, Seen, log_lines
from rules.contract import Event, View, say
from rules.games.closest_ghost import GAME
from rules.kit import words

MSGID = "{who} rings {other}'s doorbell."


def seen(events: tuple[Event, ...], names: tuple[str, ...] = ("Ana", "Bo"), seat: int | None = None) -> Seen:
    return Seen(game=GAME, view=View(seat=seat), seat=seat, names=names, to_act=frozenset(), events=events)


def test_recent_lines_drawn_again_read_the_same_for_each_reader_names_and_catalogue() -> None:
    events = (
        say("ring", MSGID, {"who": 0, "other": 1}),
        Event(kind="move", text="{p1} gives {p0} a candy."),
    )
    table = "• Ana rings Bo's doorbell.\n• Bo gives Ana a candy."
    assert log_lines(seen(events)) == table
    assert log_lines(seen(events)) == table
    # The same lines for another reader, or under other names, are their own.
    assert log_lines(seen(events, seat=0)) == "• You ring Bo's doorbell.\n• Bo gives you a candy."
    assert log_lines(seen(events, seat=1)) == "• Ana rings your doorbell.\n• You give Ana a candy."
    assert log_lines(seen(events, ("Cy", "Bo"))) == "• Cy rings Bo's doorbell.\n• Bo gives Cy a candy."
    assert log_lines(seen(events)) == table
    # A message catalogued later (or in another language) is worded afresh.
    words.ENGLISH.add(MSGID, you={"who": "{who} ring {other}'s bell and run away."})
    assert log_lines(seen(events, seat=0)) == "• You ring Bo's bell and run away.\n• Bo gives you a candy."


def test_recent_lines_drawn_again_are_not_worded_again(monkeypatch: pytest.MonkeyPatch) -> None:
    events = (say("ring", MSGID, {"who": 1, "other": 0}), say("ring", MSGID, {"who": 0, "other": 1}))
    worded: list[Event] = []
    line = Seen.line

    def counted(self: Seen, event: Event) -> str:
        worded.append(event)
        return line(self, event)

    monkeypatch.setattr(Seen, "line", counted)
    first = log_lines(seen(events))
    assert len(worded) == 2
    # A newer state shares its older lines (a state's copies share their events): only its new line is new.
    assert log_lines(seen(events)) == first
    assert len(worded) == 2
    assert log_lines(seen(events[1:])) == first.split("\n")[1]
    assert len(worded) == 3


def test_a_screen_with_no_recent_lines_or_more_than_it_shows() -> None:
    many = tuple(Event(kind="n", text=f"Line {n}.") for n in range(9))
    assert log_lines(seen(())) == ""
    assert log_lines(seen(many), last=2) == "• Line 7.\n• Line 8."
    assert log_lines(seen(many)) == "\n".join(f"• Line {n}." for n in range(3, 9))


def test_the_remembered_lines_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_LINES_MAX", 3)
    base._LINES.clear()
    for n in range(10):
        log_lines(seen((Event(kind="n", text=f"Line {n}."),)))
        assert len(base._LINES) <= 3


SCREEN = Screen(
    title="👻 A table",
    description="The board\n\nTurn: Ana",
    fields=(Field("Candy left", "🍬 Ana: **3**"), Field("Recent", "• Bo moved.", inline=False)),
    footer="Turn 4",
    colour=0x6A3D9A,
)


def plain(screen: Screen) -> dict[str, Any]:
    """What discord.py's own embed of the screen sends."""
    embed = discord.Embed(title=screen.title, description=screen.description, colour=screen.colour)
    for fld in screen.fields:
        embed.add_field(name=fld.name, value=fld.value, inline=fld.inline)
    embed.set_footer(text=screen.footer)
    return dict(embed.to_dict())


def test_an_embed_writes_its_json_once_for_the_digest_and_the_send() -> None:
    embed = embed_for(SCREEN)
    sent = embed.to_dict()
    assert sent == plain(SCREEN)
    assert embed.to_dict() is sent


def test_an_embed_changed_after_its_json_was_written_sends_the_change() -> None:
    embed = embed_for(SCREEN)
    embed.to_dict()
    embed.set_image(url="attachment://table.png")
    assert embed.to_dict()["image"] == {"url": "attachment://table.png"}
    # A copy without the picture (one that could not be drawn) leaves the original's alone.
    bare = embed.copy().set_image(url=None)
    assert "image" not in bare.to_dict()
    assert embed.to_dict()["image"] == {"url": "attachment://table.png"}
    embed.title = "Another title"
    assert embed.to_dict()["title"] == "Another title"
    embed.colour = 0x123456
    assert embed.to_dict()["color"] == 0x123456
    embed.remove_footer()
    assert "footer" not in embed.to_dict()
    embed.clear_fields()
    assert embed.to_dict()["fields"] == []
    embed.add_field(name="New", value="A field")
    assert [f["name"] for f in embed.to_dict()["fields"]] == ["New"]
    embed.insert_field_at(0, name="First", value="Before")
    assert [f["name"] for f in embed.to_dict()["fields"]] == ["First", "New"]
    embed.set_field_at(1, name="Renamed", value="A field")
    assert [f["name"] for f in embed.to_dict()["fields"]] == ["First", "Renamed"]
    embed.remove_field(0)
    assert [f["name"] for f in embed.to_dict()["fields"]] == ["Renamed"]
