"""A move's click is read without the clicked message's embeds and components (`components._light`)."""

from __future__ import annotations

import copy
from typing import Any

from bot.discord_ui.components import _light


def _click() -> dict[str, Any]:
    return {
        "id": "11",
        "type": 3,
        "token": "tok",
        "data": {"custom_id": "ht:1:2:0:m", "component_type": 2},
        "message": {
            "id": "42",
            "channel_id": "7",
            "flags": 64,
            "embeds": [{"title": "The table"}],
            "components": [{"type": 1, "components": [{"type": 2, "custom_id": "x", "label": "Go"}]}],
            "attachments": [],
        },
    }


def test_a_move_click_keeps_what_its_answer_needs_and_drops_the_messages_controls_and_embeds() -> None:
    click = _click()
    before = copy.deepcopy(click)
    light = _light(click)
    assert light["message"]["embeds"] == []
    assert light["message"]["components"] == []
    # The answer needs the message's id and flags (an ephemeral screen is answered differently).
    assert light["message"]["id"] == "42"
    assert light["message"]["flags"] == 64
    assert {k: v for k, v in light.items() if k != "message"} == {k: v for k, v in click.items() if k != "message"}
    assert click == before  # the gateway's payload itself is left as it came
