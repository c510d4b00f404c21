"""A game's summary speaks to the players it names: the winner reads "You win with 12 points",
everyone else "Ana wins with 12 points". Whole random games of every game, in every
configuration, end with a summary worded by a catalogued message wherever it names a player."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.renderers.base import status_line
from bot.screens import seen_of
from rules import registry
from rules.contract import YOU, Game, Result, Said, seats_text
from tests.test_grammar_scan import OTHERS, _scan, _third_person_verbs, _verbs

SEEDS = (3, 8)
#: Moves after which a random game is given up on (none of the games needs near as many).
MOVE_LIMIT = 5000


def _finished(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> tuple[Result, list[str]]:
    """A whole random game: its result, and the log's texts (for the verbs its sentences use)."""
    state = game.new_game(players, options, seed)
    rng = random.Random(seed)
    texts = [e.text for e in state.log]
    for _ in range(MOVE_LIMIT):
        result = game.result(state)
        if result is not None:
            return result, texts
        seat = rng.choice(sorted(game.to_act(state)))
        texts += [e.text for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))]
    raise AssertionError(f"{game.id} {players} {options} seed {seed} did not end")


def summary_faults(game: Game[Any], seed: int) -> list[str]:
    faults: list[str] = []
    for players, options in game.configurations():
        result, texts = _finished(game, players, options, seed)
        where = f"{game.id} {players} {options}"
        third = OTHERS[:players]
        if "{p" in result.summary and result.said is None:
            faults.append(f"{where}: summary {result.summary!r} names a player but is no catalogued message")
            continue
        if result.in_words(third) != seats_text(result.summary, third):
            faults.append(f"{where}: {result.in_words(third)!r} is not the summary {result.summary!r}")
        verbs = _verbs(_third_person_verbs([*texts, result.summary]))
        for seat in range(players):
            if f"{{p{seat}}}" not in result.summary:
                continue
            names = tuple(YOU if s == seat else OTHERS[s] for s in range(players))
            line = result.in_words(names, seat)
            if "You" not in line.replace("you", "You"):
                faults.append(f"{where}: seat {seat} is named in {result.summary!r} but reads {line!r}")
            faults += [f"{where}: {fault}" for fault in _scan(line, verbs)]
    return faults


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_every_summary_naming_a_player_speaks_to_them(game_id: str) -> None:
    faults = sorted({fault for seed in SEEDS for fault in summary_faults(registry.get(game_id), seed)})
    assert not faults, "\n".join(faults[:20])


def test_a_summary_is_worded_for_its_reader() -> None:
    said = Said(
        msg=("{who} wins with {n} point.", "{who} wins with {n} points."), roles=(("who", 1),), args=(("n", 12),)
    )
    result = Result(scores=(3, 12), places=(2, 1), summary="{p1} wins with 12 points.", said=said)
    assert result.in_words(("Ana", "Bob")) == "Bob wins with 12 points."
    assert result.in_words(("Ana", "Bob"), 1) == "You win with 12 points."
    assert result.in_words(("Ana", YOU)) == "You win with 12 points."
    assert result.event().in_words(("Ana", "Bob"), 1) == "You win with 12 points."


def test_the_game_over_line_speaks_to_the_winner() -> None:
    game = registry.get("closest-ghost")
    state = game.new_game(2, {}, 8)
    rng = random.Random(8)
    while (result := game.result(state)) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert result.winners == (0,)
    names = ("Ana", "Bob")
    assert (
        status_line(seen_of(game, state, 0, names))
        == "**Game over.** You win: your half of the board is clear of candy."
    )
    assert (
        status_line(seen_of(game, state, 1, names))
        == "**Game over.** Ana wins: that half of the board is clear of candy."
    )
