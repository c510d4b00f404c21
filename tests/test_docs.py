"""The README and docs/ stay true to the code: the game pages are what `make docs` writes from the
games' /rules pages, the README lists every game and every setting as the code has them, and no page
reads like a work diary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings
from bot.discord_ui.permissions import NEEDED, Needed
from bot.game_docs import INDEX, PAGE_LINK, help_markdown, notes_of, pages, players_text
from bot.game_help import play_path
from rules.registry import games

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GAME_PAGES = DOCS / "games"
#: Settings that exist only so the tests can point the bot at a fake Discord.
TEST_HOOKS = {"discord_api_base", "discord_gateway_url", "guild_ready_timeout"}


def committed_pages() -> dict[str, str]:
    return committed_pages_in(GAME_PAGES)


def test_the_committed_game_pages_are_what_make_docs_writes() -> None:
    written, committed = pages(), committed_pages()
    assert sorted(committed) == sorted(written), "run `make docs`: a game page is missing or left over"
    stale = [name for name, text in written.items() if committed[name] != text]
    assert not stale, f"run `make docs`: these pages differ from the games' help and notes: {stale}"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_game_page_shows_its_help_options_and_notes(game_id: str) -> None:
    game = games()[game_id]
    page = pages()[f"{game_id}.md"]
    assert page.startswith(f"# {game.name}\n")
    assert f"`{play_path(game)}`" in page
    for help_page in game.help_pages:
        assert help_markdown(help_page) in page, "every /rules page is on the game's page"
    for option in game.Options.model_fields:
        assert f"| `{option}` |" in page
    assert notes_of(game), "each game keeps a docs.md beside its code: its decisions and computer players"
    assert notes_of(game) in page


def test_help_lines_become_markdown_paragraphs_and_lists() -> None:
    page = "**Title**\nA line.\nAnother line.\n• one\n• two\nAfter.\n1. first\n2. second"
    assert help_markdown(page) == (
        "**Title**\n\nA line.\n\nAnother line.\n\n- one\n- two\n\nAfter.\n\n1. first\n2. second"
    )


def test_a_help_line_cut_short_goes_on_in_the_same_paragraph_or_item() -> None:
    page = "Find the\nGhost first.\n- play it (truthfully,\n  for all), or\n- attack.\n| a | b |\n| --- | --- |"
    assert help_markdown(page) == (
        "Find the Ghost first.\n\n- play it (truthfully, for all), or\n- attack.\n\n| a | b |\n| --- | --- |"
    )


def test_the_games_index_links_every_game_page() -> None:
    index = pages()[INDEX]
    for game_id, game in games().items():
        assert f"| {game.name} | {players_text(game)} | `{play_path(game)}` | [{PAGE_LINK}]({game_id}.md) |" in index


def test_the_readme_fits_in_fifteen_thousand_bytes() -> None:
    assert len(README.read_bytes()) <= 15_000


@pytest.mark.parametrize("needed", NEEDED, ids=lambda needed: needed.name)
def test_the_readme_says_what_each_permission_of_the_invite_is_for(needed: Needed) -> None:
    assert f"| {needed.name} | {needed.why} |" in README.read_text(encoding="utf-8")


def test_the_readme_names_the_two_commands() -> None:
    readme = README.read_text(encoding="utf-8")
    assert "make run" in readme
    assert "make test" in readme


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_readme_games_table_has_every_game_with_its_players_and_command(game_id: str) -> None:
    game = games()[game_id]
    rows = [line for line in README.read_text(encoding="utf-8").splitlines() if f"`{play_path(game)}`" in line]
    assert len(rows) == 1, f"one row of the README's games table opens {game.name}"
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert f"[{game.name}](docs/games/{game_id}.md)" in cells
    assert players_text(game) in cells


def default_text(default: object) -> str:
    """A setting's default as the README's settings table writes it."""
    if default is None:
        return "unset"
    if isinstance(default, bool):
        return "on" if default else "off"
    if isinstance(default, Path) and not default.is_absolute():
        return f"./{default.as_posix()}"
    if isinstance(default, float) and default.is_integer():
        return str(int(default))
    return str(default) or "empty"


SETTINGS = sorted(name for name in Settings.model_fields if name not in TEST_HOOKS)


@pytest.mark.parametrize("name", SETTINGS, ids=str.upper)
def test_the_readme_lists_every_setting_with_its_default(name: str) -> None:
    rows = [
        line for line in README.read_text(encoding="utf-8").splitlines() if line.startswith(f"| `{name.upper()}` |")
    ]
    assert len(rows) == 1, f"{name.upper()} has one row in the README's settings table"
    default = default_text(Settings.model_fields[name].default)
    assert f"| {default} |" in rows[0].replace("`", ""), f"the README gives {name.upper()}'s default, {default}"


def test_every_setting_is_in_env_example() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in SETTINGS:
        assert re.search(rf"^#? ?{name.upper()}=", example, re.MULTILINE), f"{name.upper()} is in .env.example"


def readable_docs() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize("path", readable_docs(), ids=lambda path: str(path.relative_to(ROOT)))
def test_docs_speak_of_the_product_not_of_how_it_was_made(path: Path) -> None:
    diary = re.compile(r"this session|today's host|other engineers|issue [0-9]+|stop [0-9]+", re.IGNORECASE)
    found = diary.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} reads like a work diary: {found}"


@pytest.mark.parametrize("path", readable_docs(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_in_the_docs_leads_to_a_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (path.parent / target).exists(), f"{path.name} links {target}, which does not exist"


def test_make_docs_writes_every_page_and_removes_the_page_of_a_game_that_is_gone(tmp_path: Path) -> None:
    (tmp_path / "a-game-that-is-gone.md").write_text("old", encoding="utf-8")
    assert main(["docs", str(tmp_path)]) == 0
    assert committed_pages_in(tmp_path) == pages()


def committed_pages_in(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))}
