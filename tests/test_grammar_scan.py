"""Every line a player is shown reads right: sentences about the viewer are in the second person
("You play a card and attack", "your Crypt"), and a count agrees with its noun ("1 trick",
"2 tricks", never "trick(s)"). Random seeded games of every game, seen from every seat."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.renderers import renderer_for
from bot.renderers.base import Screen
from bot.screens import seen_of
from rules import registry
from rules.contract import YOU, Game, GameState, seats_text

OTHERS = ("Ana", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jo")
#: Moves each game is played for: enough to reach every kind of turn, cheap enough for every seat.
MOVES = 120
#: Nouns the games count, singular -> plural.
COUNTED = {
    "trick": "tricks",
    "prank": "pranks",
    "card": "cards",
    "point": "points",
    "candy": "candies",
    "wreath": "wreaths",
    "ghost": "ghosts",
    "chip": "chips",
    "round": "rounds",
    "player": "players",
    "slot": "slots",
    "move": "moves",
    "turn": "turns",
    "tummy ache": "tummy aches",
    "bag": "bags",
    "square": "squares",
    "step": "steps",
    "meld": "melds",
    "set": "sets",
    "pair": "pairs",
    "Ghost": "Ghosts",
    "apple": "apples",
    "token": "tokens",
    "life": "lives",
    "coin": "coins",
    "hand": "hands",
}
_SINGULAR = "|".join(sorted(map(re.escape, COUNTED), key=len, reverse=True))
_PLURAL = "|".join(sorted(map(re.escape, COUNTED.values()), key=len, reverse=True))
ONE_PLURAL = re.compile(rf"(?<![\w.,/#-])1 (?:{_PLURAL})\b")
#: (A noun before another is a compound: "3 ghost points", "2 point cards".)
MANY_SINGULAR = re.compile(rf"(?<![\w.,/#+-])(?:0|[2-9]|\d\d+) (?:{_SINGULAR})\b(?!['’-]| (?:points?|cards?)\b)")
HEDGE = re.compile(r"\w\(s\)|\w\(es\)")
YOU_TO = re.compile(r"\bYou to\b")
#: "You" with a capital inside a sentence ("Won by You"): there it is "you".
YOU_INSIDE = re.compile(r"\b(?:by|to|for|from|with|of|and|than) \**You\b")
#: "You", then (within one clause, naming nobody else) "their" or a joined third-person verb.
_CLAUSE = r"(?:(?!\b(?:" + "|".join(OTHERS) + r")\b)[^.;:!?\n•(])*?"
YOU_THEIR = re.compile(r"\b[Yy]ou\b" + _CLAUSE + r"\b(?:their|theirs|themselves|themself)\b")
#: Third-person verbs the games' sentences use, found from the sentences themselves (any word
#: that follows a player's name there).
_NAMED = re.compile(r"\{p\d+\} ([a-z]+s)\b")
_NOT_VERBS = {"is", "has", "was", "does", "this", "his", "its", "as", "us", "plus", "always", "less", "yes"}
#: Verbs any game may join to a first one ("and scores"), whether or not its own sentences name a
#: player right before them.
COMMON_VERBS = {"scores", "wins", "leads", "passes", "plays", "takes", "draws", "loses", "declares", "names", "lays"}


def _scan(line: str, verbs: re.Pattern[str]) -> list[str]:
    faults = []
    for fault, pattern in (
        ("third-person verb after You", verbs),
        ("their after You", YOU_THEIR),
        ("You to", YOU_TO),
        ("You inside a sentence", YOU_INSIDE),
        ("(s) hedge", HEDGE),
        ("1 with a plural", ONE_PLURAL),
        ("a count with a singular", MANY_SINGULAR),
    ):
        found = pattern.search(line)
        if found:
            faults.append(f"{fault}: {found.group(0)!r} in {line!r}")
    return faults


def _screen_lines(screen: Screen) -> Iterator[str]:
    yield screen.title
    yield from screen.description.splitlines()
    for field in screen.fields:
        yield field.name
        yield from field.value.splitlines()
    yield from screen.footer.splitlines()
    for control in screen.controls:
        yield control.label
        if control.group:
            yield control.group
        if control.description:
            yield control.description


def _shown(game: Game[Any], state: GameState, seat: int, names: tuple[str, ...]) -> Iterator[str]:
    """Every line `seat` is shown now: the table, their own screen, the terminal's text."""
    renderer = renderer_for(game)
    yield from _screen_lines(renderer.table(seen_of(game, state, None, names)))
    yield from _screen_lines(renderer.hand(seen_of(game, state, seat, names)))
    yield from seats_text(game.render_text(game.view(state, seat)), names).splitlines()


def _verbs(third: set[str]) -> re.Pattern[str]:
    words = sorted((third | COMMON_VERBS) - _NOT_VERBS)
    joined = "|".join(words)
    # After "You", any word in s is taken for a verb but a few; after a joining word, the verbs the
    # games' sentences use (found from them) and any word in s a verb of being or having takes.
    return re.compile(
        # (A name may be in bold: "**You** play for 4 tricks".)
        rf"\bYou\** (?:is|has|was|does|{joined}|"
        r"(?!(?:always|plus|less|across|this|its|as|yes)\b)[a-z]*[^s\W]s)\b|\bYou\b"
        + _CLAUSE
        + rf"\b(?:and|then|or|but|so) (?:is|has|was|does|{joined})\b"
    )


def _third_person_verbs(lines: list[str]) -> set[str]:
    return {m.group(1) for line in lines for m in _NAMED.finditer(line)}


def faults_of(game: Game[Any], seed: int) -> list[str]:
    """Play a random game of each configuration for `MOVES` moves and scan what each seat sees."""
    faults: list[str] = []
    for configuration, (players, options) in enumerate(game.configurations()):
        state = game.new_game(players, options, seed + configuration)
        rng = random.Random(seed + configuration)
        templates: list[str] = [e.text for e in state.log]
        shown: set[str] = set()
        for move in range(MOVES + 1):
            # Each move one seat looks at the game, every seat in turn: cheap, and every seat seen.
            viewer = move % players
            names = tuple(YOU if s == viewer else OTHERS[s] for s in range(players))
            shown.update(_shown(game, state, viewer, names))
            shown.update(e.in_words(names, viewer) for e in state.visible_log(viewer))
            result = game.result(state)
            if result is not None:
                templates.append(result.summary)
                shown.add(result.in_words(names, viewer))
                break
            # Seats that may still take a choice back move too (ruling G9): those lines are read as well.
            seat = rng.choice(sorted(game.to_act(state) | game.may_change(state)))
            templates += [e.text for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))]
        verbs = _verbs(_third_person_verbs(templates))
        for line in shown:
            faults += _scan(line, verbs)
    return faults


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_every_line_a_player_sees_reads_right(game_id: str) -> None:
    faults = sorted(set(faults_of(registry.get(game_id), 11)))
    assert not faults, "\n".join(faults[:40])
