"""The terminal front end of a renderer's `Screen`: the same title, text, fields and controls the
Discord embed is built from, as plain text and a menu typed by key (no discord import).

A menu key names what it picks, from the control's own label: the number or square in it (`9`,
`a1`), with the verb's initial when the number alone would pick more than one move (`a9` attacks
with the 9, `p9` plays it face up), then the initials of its words (`10cc` is the 10
Caramel/Candy), then the first word where two such moves differ (`10b-past`), and a count only
when two moves read the same. The same label always has the same keys to choose from; the one
shown is the shortest no other move on the screen could be meant by, and a key that could mean
more than one move is refused with the moves it could mean. Taking back a choice is listed last
and never has a bare number for its key.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from bot.renderers.base import Control, Screen
from rules.contract import WIDEN

#: Moves that undo an earlier choice (a card picked to pass, a step of a meld): listed last, and
#: their keys always carry their verb's initial.
UNDO_KINDS = frozenset({"take-back", "back", "undo", "clear", "cancel", "unpick", WIDEN})

#: Words a key leaves out: they tell no two moves apart.
_SMALL_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "into",
        "onto",
        "on",
        "to",
        "at",
        "as",
        "with",
        "from",
        "for",
        "and",
        "or",
        "my",
        "your",
        "their",
        "its",
        "it",
        "is",
        "by",
    ]
)
_TOKEN = re.compile(r"-?\d+|[^\W\d_]+\d*")
_ASIDE = re.compile(r"\([^)]*\)")
_MARKDOWN = re.compile(r"\*\*|__|~~|\|\||`")
WIDTH = 100


@dataclass(frozen=True)
class Entry:
    """One move of a menu: the key shown for it, and every other key that picks it alone."""

    key: str
    control: Control
    also: frozenset[str]


def _tokens(text: str) -> list[str]:
    """A text's numbers, squares and words, lower case, without the small words."""
    return [t.lower() for t in _TOKEN.findall(text) if t.lower() not in _SMALL_WORDS]


def _is_value(token: str) -> bool:
    return any(ch.isdigit() for ch in token)


def _joined(tokens: Sequence[str]) -> str:
    """Tokens as one key: numbers whole (a dot between two), words by their initial."""
    out = ""
    for n, token in enumerate(tokens):
        value = _is_value(token)
        if value and n and _is_value(tokens[n - 1]):
            out += "."
        out += token if value else token[0]
    return out


def _ladder(control: Control) -> list[str]:
    """The keys a control could have from its label, shortest (most wished for) first: its
    number(s), its verb's initial and number, the initials of its words, then with the words of
    its asides in brackets ("Non-Treat (Pencil)")."""
    main = _tokens(_ASIDE.sub(" ", control.label))
    aside = _tokens(" ".join(_ASIDE.findall(control.label)))
    values = [t for t in main if _is_value(t)]
    value = ".".join(values)
    verb = main[0][0] if main and not _is_value(main[0]) else ""
    rungs = [value, verb + value] if values else [verb]
    rungs += [_joined(main), _joined(main + aside)]
    if control.action.kind in UNDO_KINDS:
        rungs = rungs[1:]  # never a bare number for a take-back
    out: list[str] = []
    for rung in rungs:
        if rung and rung not in out:
            out.append(rung)
    return out or [control.action.kind]


def _words(control: Control) -> list[str]:
    """Everything a control says, its menu's heading last: where two moves with the same key differ."""
    return _tokens(f"{control.label} {control.group or ''}")


def _differing(mine: list[str], others: list[list[str]]) -> str:
    """The first word of `mine` where it differs from one of `others`, position by position."""
    for n, token in enumerate(mine):
        if any(n >= len(other) or other[n] != token for other in others):
            return token
    return ""


def menu(controls: Sequence[Control]) -> list[Entry]:
    """The controls as a menu in the screen's order (take-backs last), each with its key."""
    ordered = [c for c in controls if c.action.kind not in UNDO_KINDS] + [
        c for c in controls if c.action.kind in UNDO_KINDS
    ]
    ladders = [_ladder(c) for c in ordered]
    owners: dict[str, set[int]] = {}
    for n, ladder in enumerate(ladders):
        for rung in ladder:
            owners.setdefault(rung, set()).add(n)
    keys: dict[int, str] = {}
    for n, ladder in enumerate(ladders):
        alone = [rung for rung in ladder if owners[rung] == {n}]
        if alone:
            keys[n] = alone[0]
    # Moves whose every key is shared: their first key with a letter and the first word where they
    # differ ("10b-past": the 10 of Bells played into the Past, not the Present; "h-pirate").
    for n, ladder in enumerate(ladders):
        if n in keys:
            continue
        rivals = [m for m in owners[ladder[-1]] if m != n]
        word = _differing(_words(ordered[n]), [_words(ordered[m]) for m in rivals])
        lettered = next((rung for rung in ladder if not rung.replace(".", "").lstrip("-").isdigit()), ladder[-1])
        for key in (f"{lettered}-{word}", f"{ladder[-1]}-{word}"):
            if word and key not in owners and key not in keys.values():
                keys[n] = key
                break
    used = set(keys.values())
    entries = []
    for n, control in enumerate(ordered):
        given = keys.get(n, "")
        if not given:  # the same words twice: numbered after the longest key
            count = 2
            while (given := f"{ladders[n][-1]}-{count}") in used or given in owners:
                count += 1
            used.add(given)
        also = {rung for rung in ladders[n] if owners[rung] == {n}} | {given}
        entries.append(Entry(key=given, control=control, also=frozenset(also)))
    return entries


def _typed(text: str) -> str:
    return re.sub(r"\s+", "", text.strip().lower())


def pick(answer: str, entries: Sequence[Entry]) -> Control | str:
    """The control a typed answer names, else a sentence saying what to type instead."""
    typed = _typed(answer)
    for entry in entries:
        if typed in entry.also or typed == _typed(entry.control.label) or typed == entry.control.action.token():
            return entry.control
    meant = [e for e in entries if typed in _ladder(e.control)]
    if meant:
        options = "; ".join(f"{e.key} ({e.control.label})" for e in meant)
        return f"{answer.strip()} could be more than one move: type {options}."
    return "Type one of the keys in brackets above."


#: A select menu's page after the first ("Bid (more, 2)…"): one list with the first in a terminal.
_MORE = re.compile(r" \(more, \d+\)…$")


def _heading(group: str | None) -> str | None:
    return None if group is None else _MORE.sub("…", group)


def menu_text(entries: Sequence[Entry]) -> str:
    """The menu as lines: each select menu's moves under its heading, in columns when many."""
    lines: list[str] = []
    index = 0
    while index < len(entries):
        group = _heading(entries[index].control.group)
        end = index + 1
        while group is not None and end < len(entries) and _heading(entries[end].control.group) == group:
            end += 1
        items = [_item(e) for e in entries[index:end]]
        if group is not None:
            lines.append(f"  {group}")
            lines.extend(_columns(items, indent="    "))
        else:
            lines.extend("  " + item for item in items)
        index = end
    return "\n".join(lines)


def _item(entry: Entry) -> str:
    control = entry.control
    label = f"{control.emoji} {control.label}" if control.emoji else control.label
    if control.description:
        label += f" - {control.description}"
    return f"[{entry.key}] {plain(label)}"


def _columns(items: list[str], indent: str) -> list[str]:
    """Short items side by side (so a long list does not scroll the table away), long ones a line each."""
    width = max(len(item) for item in items) + 3
    per_line = max(1, (WIDTH - len(indent)) // width) if len(items) > 6 else 1
    return [
        indent + "".join(item.ljust(width) for item in items[i : i + per_line]).rstrip()
        for i in range(0, len(items), per_line)
    ]


def plain(text: str) -> str:
    """Discord's markdown as plain text: bold, code and spoiler marks left out."""
    return _MARKDOWN.sub("", text)


def screen_text(screen: Screen) -> str:
    """A Screen's title, text, fields and footer, as the embed shows them (not its controls)."""
    parts = [f"== {plain(screen.title)} =="]
    if screen.description:
        parts.append(plain(screen.description))
    for field in screen.fields:
        value = plain(field.value).strip() or "-"
        if "\n" not in value and len(field.name) + len(value) < WIDTH - 4:
            parts.append(f"{plain(field.name)}: {value}")
        else:
            parts.append(plain(field.name) + ":\n" + textwrap.indent(value, "  "))
    if screen.footer:
        parts.append(f"({plain(screen.footer)})")
    return "\n".join(parts)
