"""Players never see development words: no PROPOSED or INFERRED, no "house card set", no
option field names and no move tokens, in help pages, lobbies or any game's table footer."""

from __future__ import annotations

import re

import pytest

from bot.discord_ui.cogs.lobby import options_text
from bot.renderers import renderer_for
from rules import registry
from rules.contract import Game

DEVELOPMENT_WORDS = re.compile(r"PROPOSED|INFERRED|house card set|house board|`[a-z_]+\.<|\b[a-z]+_[a-z_]+\b", re.I)
GAMES = [pytest.param(game, id=game.id) for game in registry.games().values()]


@pytest.mark.parametrize("game", GAMES)
def test_help_pages_speak_as_a_player_would(game: Game) -> None:  # type: ignore[type-arg]
    for page in game.help_pages:
        assert not DEVELOPMENT_WORDS.search(page), DEVELOPMENT_WORDS.search(page)


@pytest.mark.parametrize("game", GAMES)
def test_a_new_tables_footer_speaks_as_a_player_would(game: Game) -> None:  # type: ignore[type-arg]
    from bot.renderers.base import Seen

    players, options = game.configurations()[0]
    state = game.new_game(players, options, 3)
    names = tuple(f"Player {n + 1}" for n in range(players))
    seen = Seen(game=game, view=game.view(state, None), seat=None, names=names, to_act=game.to_act(state))
    screen = renderer_for(game).table(seen)
    for text in (screen.footer or "", screen.description, *(f.value for f in screen.fields)):
        assert not DEVELOPMENT_WORDS.search(text), text


def test_the_lobby_names_options_as_players_say_them() -> None:
    christmas = registry.get("ghosts-of-christmas")
    assert options_text(christmas, {"tiny_tim": True}) == "Tiny Tim: on"
    assert options_text(christmas, {"tiny_tim": True, "beyond": True}) == "Tiny Tim: on, Beyond: on"
    assert options_text(christmas, {}) == "standard rules"
    assert options_text(registry.get("best-candy"), {"solo_difficulty": 3}) == "Solo difficulty: 3"
