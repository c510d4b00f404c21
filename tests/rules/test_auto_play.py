"""Ruling G10 and §19 ("all"): every Best Candy variant game offers the host option that makes a
player's only legal move for them, on by default; the five base games (Best Candy is one) do not. The
option belongs to the table, not the game: the state never holds it."""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from rules.contract import AUTO_PLAY_HELP, AutoPlayOptions, Game
from rules.families import FAMILIES

VARIANTS = [pytest.param(g, id=g.id) for g in registry.games().values() if g.family in FAMILIES]
OTHERS = [pytest.param(g, id=g.id) for g in registry.games().values() if g.family is None]


def test_g10_the_sixteen_variant_games_are_those_on_the_candy_shelves() -> None:
    assert len(VARIANTS) == 16
    assert len(OTHERS) == 5, "the five base games, Best Candy among them"


@pytest.mark.parametrize("game", VARIANTS)
def test_g10_every_variant_game_offers_making_a_players_only_move_on_by_default(game: Game[Any]) -> None:
    assert issubclass(game.Options, AutoPlayOptions)
    assert game.options().model_dump()["auto_play"] is True
    assert game.auto_play({}) is True
    assert game.auto_play(None) is True
    assert game.auto_play({"auto_play": False}) is False
    assert game.auto_play({"auto_play": "off"}) is False, "the command line's words count"


@pytest.mark.parametrize("game", VARIANTS)
def test_g10_the_option_stays_out_of_the_state_so_saved_games_read_the_same(game: Game[Any]) -> None:
    players, options = game.configurations()[-1]
    on = game.new_game(players, {**options, "auto_play": True}, 7)
    off = game.new_game(players, {**options, "auto_play": False}, 7)
    assert game.dump_state(on) == game.dump_state(off)
    assert "auto_play" not in game.dump_state(on)


@pytest.mark.parametrize("game", VARIANTS)
def test_g10_the_rules_pages_tell_players_of_the_option(game: Game[Any]) -> None:
    assert game.help_pages[-1].endswith(AUTO_PLAY_HELP)
    assert sum(AUTO_PLAY_HELP in page for page in game.help_pages) == 1


@pytest.mark.parametrize("game", OTHERS)
def test_g10_the_five_base_games_keep_every_choice_to_the_player(game: Game[Any]) -> None:
    assert "auto_play" not in game.Options.model_fields
    assert game.auto_play({}) is False
    assert game.auto_play(None) is False
    assert not any(AUTO_PLAY_HELP in page for page in game.help_pages)
