"""Every icon a game's screens show has a meaning in the key on the last page of its /rules."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import pytest

from bot.discord_ui.cogs.help import icon_key, rules_payload
from bot.renderers import renderer_for
from bot.renderers.base import COMMON_ICONS, Screen, Seen
from rules import registry
from rules.contract import Game

#: Moves per game looked at: enough to pass through every phase of a hand.
STEPS = 150


def icons_in(text: str) -> set[str]:
    """Pictographs in a text; box-drawing lines are layout, not icons."""
    return {ch for ch in text if unicodedata.category(ch) == "So" and not 0x2500 <= ord(ch) <= 0x257F}


def screen_text(screen: Screen) -> str:
    # The title's icon only brands the message; what is in play is below it.
    parts = [screen.description, screen.footer or ""]
    parts += [f.name + f.value for f in screen.fields]
    parts += [c.label + (c.emoji or "") + (c.description or "") for c in screen.controls]
    return "\n".join(parts)


def screens(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> list[str]:
    """The table and every hand, at each move of a seeded random game."""
    state = game.new_game(players, options, seed)
    rng = random.Random(seed)
    names = tuple(f"Player {n + 1}" for n in range(players))
    renderer = renderer_for(game)
    texts: list[str] = []
    for _ in range(STEPS):
        if game.result(state) is not None:
            break
        to_act = game.to_act(state)
        texts.append(screen_text(renderer.table(Seen(game, game.view(state, None), None, names, to_act))))
        for seat in range(players):
            legal = tuple((seat, a, game.label(state, seat, a)) for a in game.legal_actions(state, seat))
            seen = Seen(game, game.view(state, seat), seat, names, to_act, legal=legal)
            texts.append(screen_text(renderer.hand(seen)))
        seat = rng.choice(sorted(to_act))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return texts


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_every_icon_on_a_games_screens_is_in_its_key(game_id: str) -> None:
    game = registry.get(game_id)
    keyed = icons_in("".join(icon for icon, _ in (*renderer_for(game).icons, *COMMON_ICONS)))
    shown: set[str] = set()
    for players, options in game.configurations():
        for text in screens(game, players, options, seed=1):
            shown |= icons_in(text)
    assert shown, "the check looked at screens with icons"
    missing = sorted(shown - keyed)
    assert not missing, f"icons without a meaning in the key: {' '.join(missing)}"


def test_the_key_is_the_last_page_of_the_rules() -> None:
    game = registry.get("closest-ghost")
    pages = len(game.help_pages) + 1
    last = rules_payload(game.id, pages - 1)["embed"]
    assert last.description == icon_key(game)
    assert last.description.startswith("**What the icons mean**")
    assert "👻 a ghost (a candy may be hidden under it)" in last.description
    assert "⏰ the turn clock" in last.description
    assert f"Page {pages} of {pages}" in (last.footer.text or "")
