"""Discord's size limits and the player's words, checked on a renderer's Screen (shared by the renderer tests)."""

from __future__ import annotations

from collections import Counter

from bot.renderers.base import MAX_DESCRIPTION, MAX_FIELD_VALUE, MAX_LABEL, MAX_SELECT_OPTIONS, Renderer, Screen, Seen
from tests.test_player_words import DEVELOPMENT_WORDS


def within_limits(screen: Screen) -> None:
    assert len(screen.description) <= MAX_DESCRIPTION
    assert all(len(field.value) <= MAX_FIELD_VALUE for field in screen.fields)
    assert all(len(control.label) <= MAX_LABEL for control in screen.controls)


def selects_within_limits(screen: Screen) -> None:
    """Every select menu the screen asks for fits in one Discord select."""
    groups = Counter(control.group for control in screen.controls if control.group)
    assert all(count <= MAX_SELECT_OPTIONS for count in groups.values())


def player_text(screen: Screen, *, groups: bool = False) -> str:
    """Everything a player reads on a screen (with `groups`, the select menus' placeholders too),
    once checked: within Discord's limits, no development word and no name left as `{p0}`."""
    within_limits(screen)
    selects_within_limits(screen)
    parts = [screen.title, screen.description, screen.footer, *(f.name + " " + f.value for f in screen.fields)]
    parts += [c.label + " " + (c.group or "") if groups else c.label for c in screen.controls]
    text = "\n".join(parts)
    assert not DEVELOPMENT_WORDS.search(text), text
    assert "{p" not in text
    return text


def both_screens_read_well(renderer: Renderer, seen: Seen) -> None:
    """The table and the hand a `Seen` gives: each within Discord's limits and in the player's words."""
    for screen in (renderer.table(seen), renderer.hand(seen)):
        player_text(screen)


def field(screen: Screen, name: str) -> str:
    """The text of the screen's field called `name`."""
    return next(f.value for f in screen.fields if f.name == name)


def seen_text(renderer: Renderer, seen: Seen, *, groups: bool = False) -> str:
    """What a player reads on the screen a `Seen` gives (the table when it has no seat), checked
    as `player_text` checks it."""
    return player_text(renderer.table(seen) if seen.seat is None else renderer.hand(seen), groups=groups)
