"""The hour-old edit budget on its own, and what a replaced table or hand says."""

from __future__ import annotations

import discord
import pytest

from bot.discord_ui.edit_budget import EDITS, HOUR_OLD, WINDOW, EditBudget, created_at
from bot.discord_ui.publisher import HAND_MOVED_ON, TABLE_MOVED_ON
from tests.sessions.clock import ManualClock
from tests.test_player_words import DEVELOPMENT_WORDS


def _message_made_at(seconds: float) -> int:
    return int(seconds * 1000 - discord.utils.DISCORD_EPOCH) << 22


def test_edits_to_hour_old_messages_are_counted_per_channel() -> None:
    clock = ManualClock()
    budget = EditBudget(clock)
    young, old = _message_made_at(clock.now() - 60), _message_made_at(clock.now() - HOUR_OLD)
    assert abs(created_at(old) - (clock.now() - HOUR_OLD)) < 0.001
    assert all(budget.take(1, young) == 0 for _ in range(10)), "messages under an hour old are not rationed"
    assert all(budget.take(1, old) == 0 for _ in range(EDITS))
    assert budget.take(1, old) == pytest.approx(WINDOW, abs=0.5), "the next waits until the first leaves the window"
    assert budget.take(2, old) == 0, "another channel has its own budget"
    clock.advance(WINDOW)
    assert budget.take(1, old) == 0


def test_a_refusal_holds_the_channel_and_marks_the_message_old() -> None:
    clock = ManualClock()
    budget = EditBudget(clock)
    nearly = _message_made_at(clock.now() - HOUR_OLD + 600)  # 50 minutes by the bot's clock
    assert not budget.is_old(nearly)
    budget.refused(7, nearly, 2.5)
    assert budget.is_old(nearly)
    assert budget.take(7, nearly) == pytest.approx(2.5, abs=0.5)
    clock.advance(2.5)
    assert budget.take(7, nearly) == 0


def test_a_replaced_table_or_hand_speaks_as_a_player_would() -> None:
    for line in (TABLE_MOVED_ON, HAND_MOVED_ON):
        assert not DEVELOPMENT_WORDS.search(line)
        assert "moved on" in line
        assert "below" in line
