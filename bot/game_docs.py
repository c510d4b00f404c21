"""Each game's page in docs/games/, written from what players read in Discord, so the two never drift.

A page is the game's `/rules` pages and icon key (as `/rules` shows them), its table options (from
its `Options` model, as `/play` offers them), and the notes kept beside the game in `docs.md` of its
rules package: the decisions taken where the rulebook is silent, how the computer players play, and
how the game is built. `python -m bot docs docs/games` (`make docs`) writes the pages; a test
regenerates them in memory and fails when a committed page differs.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

from pydantic.fields import FieldInfo

import rules.games
from bot.game_help import HOUSE_SET, icons_of, play_path
from bot.pictures import picture_for
from rules import families, registry
from rules.contract import Game

#: The notes file kept in each game's rules package, beside its code.
NOTES = "docs.md"
#: The notes that every game on a /play shelf shares, kept beside the shelves (`rules/families.py`).
FAMILY_NOTES = "families.md"
#: The page that lists every game (GitHub shows a folder's README.md under its file list).
INDEX = "README.md"

#: The words of each index row's link to the game's page.
PAGE_LINK = "rules and options"

_BULLET = re.compile(r"^\s*[•·*-]\s+")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+")
#: How a line ends when it is whole; a line ending otherwise was cut short and goes on below.
_CLOSED = (".", ":", "!", "?", ")", "*", '"', "'", "”", "’", "—", "-")


def notes_of(game: Game[Any]) -> str:
    """The game's `docs.md` in its folder under `rules/games/`, or nothing when it has none."""
    folder = registry.folder_of(game)
    if folder is None:
        return ""
    path = Path(rules.games.__file__).parent / folder / NOTES
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""


def family_notes(game: Game[Any]) -> str:
    """What every game on a /play shelf shares: `families.md`, kept beside the shelves' module."""
    if game.family is None:
        return ""
    path = Path(families.__file__).with_name(FAMILY_NOTES)
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""


def help_markdown(page: str) -> str:
    """One `/rules` page as Markdown. Discord shows every line break and "•" lines as they are;
    Markdown joins lines into paragraphs. So a line that goes on from the one before (indented, or
    after a paragraph's line cut short without closing punctuation) is joined to it, and every other
    line becomes a paragraph or a list item."""
    blocks: list[tuple[str, list[str]]] = []  # ("p" | "ul" | "ol" | "table", its lines)
    previous = ""
    for line in page.strip().splitlines():
        if not line.strip():
            previous = ""
            continue
        text = line.strip()
        if _BULLET.match(line):
            kind, item = "ul", "- " + _BULLET.sub("", line)
        elif _NUMBERED.match(line):
            kind, item = "ol", text
        elif text.startswith("|"):
            kind, item = "table", text
        elif blocks and previous and (line[0].isspace() or (blocks[-1][0] == "p" and not previous.endswith(_CLOSED))):
            blocks[-1][1][-1] += " " + text
            previous = text
            continue
        else:
            kind, item = "p", text
        if blocks and kind != "p" and blocks[-1][0] == kind and previous:
            blocks[-1][1].append(item)
        else:
            blocks.append((kind, [item]))
        previous = text
    return "\n\n".join("\n".join(items) for _kind, items in blocks)


def players_text(game: Game[Any]) -> str:
    low, high = game.min_players, game.max_players
    return f"{low}" if low == high else f"{low}-{high}"


def _values(field: FieldInfo) -> str:
    kind = field.annotation
    if kind is bool:
        return "on / off"
    if typing.get_origin(kind) is typing.Literal:
        return " / ".join(str(choice) for choice in typing.get_args(kind))
    if kind is int:
        low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        return f"a number from {low} to {high}" if low is not None and high is not None else "a number"
    return "text"


def _example(field: FieldInfo) -> tuple[str, str]:
    """A value other than the default, as typed in Discord and on the command line."""
    if field.annotation is bool:
        return str(not field.default), str(not field.default).lower()
    choices = [c for c in typing.get_args(field.annotation) if c != field.default]
    value = str(choices[0]) if typing.get_origin(field.annotation) is typing.Literal and choices else "..."
    return value, value


def _default(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return f"`{value}`" if value != "" else "empty"


def options_markdown(game: Game[Any]) -> str:
    fields = game.Options.model_fields
    if not fields:
        return (
            "No options of its own. Every table has the lobby's turn clock and computer players "
            "(see [Playing](../../README.md#playing) in the README)."
        )
    rows = [
        "| option | shown as | values | default | what it does |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, field in fields.items():
        title = field.title or name.replace("_", " ").capitalize()
        meaning = (field.description or "").replace("|", "\\|")
        rows.append(f"| `{name}` | {title} | {_values(field)} | {_default(field.default)} | {meaning} |")
    # An on/off option makes the plainest example; a game without one shows its first option.
    first = next((name for name, f in fields.items() if f.annotation is bool), next(iter(fields)))
    field = fields[first]
    shown, typed = _example(field)
    return "\n".join(
        [
            f"The host sets them when opening the table, for example `{play_path(game)} {first}: {shown}`; "
            f'in the terminal, `make play GAME={game.id} OPTIONS="{first}={typed}"`.',
            "",
            *rows,
        ]
    )


def page(game: Game[Any]) -> str:
    """The whole page of one game, as committed in docs/games/<id>.md."""
    facts = [
        f"- **Players:** {players_text(game)}",
        f"- **Open a table:** `{play_path(game)}`",
        f"- **Try it in a terminal:** `make rules GAME={game.id}`, `make play GAME={game.id}`",
    ]
    if game.house_card_set:
        facts.append(f"- {HOUSE_SET}")
    # The committed table picture (`make pictures`), for a game that has a picture module.
    picture = f"![{game.name}: the table](../pictures/{game.id}.png)" if picture_for(game) is not None else ""
    icons = "\n".join(f"- {icon} {meaning}" for icon, meaning in icons_of(game))
    sections = [
        f"# {game.name}",
        f"<!-- Written by `make docs` from the game's /rules pages, its options and the {NOTES} kept "
        "beside its code: edit those, not this page. -->",
        "\n".join(facts),
        *([picture] if picture else []),
        "## How it plays here\n\nThe same pages `/rules` shows in Discord.",
        *(help_markdown(help_page) for help_page in game.help_pages),
        f"### What the icons mean\n\n{icons}",
        f"## Options\n\n{options_markdown(game)}",
    ]
    sections += [notes for notes in (notes_of(game), family_notes(game)) if notes]
    return "\n\n".join(sections) + "\n"


def index() -> str:
    rows = ["| game | players | open a table | its page |", "| --- | --- | --- | --- |"]
    for game in sorted(registry.games().values(), key=lambda g: (g.family or "", g.name.lower())):
        rows.append(f"| {game.name} | {players_text(game)} | `{play_path(game)}` | [{PAGE_LINK}]({game.id}.md) |")
    return "\n".join(
        [
            "# The games",
            "",
            "<!-- Written by `make docs` from the games themselves: edit them, not this page. -->",
            "",
            "One page per game: how it plays here (the same pages as `/rules` in Discord), its table "
            "options, the decisions we took where the rulebook is silent, and how its computer players "
            "play.",
            "",
            *rows,
            "",
        ]
    )


def pages() -> dict[str, str]:
    """Every page of docs/games by file name: one per game, and the index."""
    written = {f"{game.id}.md": page(game) for game in registry.games().values()}
    written[INDEX] = index()
    return written


def write_pages(folder: Path) -> list[Path]:
    """Write every page into `folder`, and remove the page of a game that is gone."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = pages()
    for stale in folder.glob("*.md"):
        if stale.name not in wanted:
            stale.unlink()
    written = []
    for name, text in wanted.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
