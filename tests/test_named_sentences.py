"""A sentence on a screen that names a player and goes on with a verb ("Ana shows…", "Ana is
using the Witch") is a catalogued message (`rules.kit.words.message`, worded by `Seen.say`), so it
speaks to the player it names ("You show…") and a second language needs only a catalogue. Lists
("Scores: Ana 12, Bob 9") and names after a preposition ("Waiting for Ana to lead") may stay
plain. This scan reads the screens' source for a name put straight in before a verb."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A name put straight into a text: a `{p3}` seat mark or a renderer's `seen.name(...)`.
_NAME = r"(?:\{\{p\{[^{}]*\}\}\}|\{seen\.(?:name|called)\([^()]*\)\})"
#: ... followed (past any bold marks) by a word that is no preposition or joining word: a verb.
NAME_THEN_VERB = re.compile(_NAME + r"\**\s+(?!(?:to|and|with|or|by|in|on|of|for|from|at|then)\b)[a-z]+\b")
#: The modules that write screens: the renderers, and the games' text and help modules.
SCREEN_MODULES = ("text", "texts", "help", "picture", "view", "words")


def screen_sources(root: Path) -> list[Path]:
    games = [path for path in root.glob("rules/games/*/*.py") if path.stem in SCREEN_MODULES]
    return sorted(root.glob("bot/renderers/*.py")) + sorted(games)


def plain_sentences(root: Path) -> list[str]:
    found = []
    for path in screen_sources(root):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            found += [f"{path.relative_to(root)}:{number}: {m.group(0)}" for m in NAME_THEN_VERB.finditer(line)]
    return found


def test_the_scan_finds_a_name_put_before_a_verb() -> None:
    assert NAME_THEN_VERB.search('seen.text(f"{{p{view.turn}}} shows ")')
    assert NAME_THEN_VERB.search('f"{seen.name(view.out)} went out."')
    assert NAME_THEN_VERB.search('f"**{seen.name(seat)}** plays for {bid}."')
    assert not NAME_THEN_VERB.search('seen.text(f"Waiting for {{p{view.leader}}} to lead.")')
    assert not NAME_THEN_VERB.search('", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores))')


def test_no_screen_puts_a_name_before_a_verb_outside_a_message() -> None:
    found = plain_sentences(ROOT)
    assert not found, "\n".join(found)
