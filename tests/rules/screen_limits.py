"""Discord's size limits, checked on a renderer's Screen (shared by the renderer tests)."""

from __future__ import annotations

from collections import Counter

from bot.renderers.base import MAX_DESCRIPTION, MAX_FIELD_VALUE, MAX_LABEL, MAX_SELECT_OPTIONS, Screen


def within_limits(screen: Screen) -> None:
    assert len(screen.description) <= MAX_DESCRIPTION
    assert all(len(field.value) <= MAX_FIELD_VALUE for field in screen.fields)
    assert all(len(control.label) <= MAX_LABEL for control in screen.controls)


def selects_within_limits(screen: Screen) -> None:
    """Every select menu the screen asks for fits in one Discord select."""
    groups = Counter(control.group for control in screen.controls if control.group)
    assert all(count <= MAX_SELECT_OPTIONS for count in groups.values())
