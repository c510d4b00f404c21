"""The command line: `simulate` and a resumable terminal `play`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.__main__ import main
from tests.terminal_play import play, random_keys

ROOT = Path(__file__).resolve().parents[1]


async def test_simulate_plays_every_game_and_reports_throughput(capsys: pytest.CaptureFixture[str]) -> None:
    assert await cli.simulate("closest-ghost", games=6, seats=None, seed=0, db=None, concurrency=3) == 0
    out = capsys.readouterr().out
    assert "The Closest Ghost: 6/6 games finished" in out
    assert "moves/s" in out


async def test_simulate_exits_non_zero_when_a_game_fails(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules.games.closest_ghost import GAME

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(GAME, "setup", broken)
    assert await cli.simulate("closest-ghost", games=2, seats=None, seed=0, db=None, concurrency=1) == 1
    assert "FAILED seed 0" in capsys.readouterr().out


def test_run_without_a_token_says_how_to_get_one_and_how_to_play_offline(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err
    assert "make play" in err


async def test_a_terminal_game_is_saved_and_resumed_by_the_same_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "play.db"
    _code, first = await play(monkeypatch, capsys, "closest-ghost", random_keys(2, 2), db=db)
    assert "New The Closest Ghost game" in first
    assert "Saved. Run the same command again" in first
    _code, second = await play(monkeypatch, capsys, "closest-ghost", random_keys(2, 0), db=db, seed=None)
    assert "Resuming your The Closest Ghost game (session 1, move" in second
    moved = first.count("· You moved")
    assert moved >= 1
    assert second.count("· You moved") >= moved, "the resumed game shows the moves made before"


async def test_the_terminal_keeps_printing_the_log_after_its_fortieth_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.contract import LOG_KEEP

    _code, out = await play(monkeypatch, capsys, "closest-ghost", random_keys(4, 300), db=tmp_path / "long.db")
    assert "Game over" in out
    # A log line may follow the input prompt on the same output line, so count the markers.
    assert out.count("  · ") > LOG_KEEP, "lines after the state's 40-line window are still shown"


async def test_replay_prints_every_public_line_and_checks_the_stored_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.contract import LOG_KEEP

    db = tmp_path / "games.db"
    assert await cli.simulate("ghosts-of-christmas", games=1, seats=3, seed=4, db=str(db), concurrency=1) == 0
    capsys.readouterr()
    assert await cli.replay_game(str(db), 1) == 0
    out = capsys.readouterr().out
    numbered = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) > LOG_KEEP, "every line of the game, not the state's last 40"
    assert "Result: " in out
    assert "The replay matches the stored game." in out
    assert "{p" not in out, "names are put in"


async def test_replay_reports_a_stored_result_the_moves_do_not_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3
    from contextlib import closing

    db = tmp_path / "games.db"
    assert await cli.simulate("closest-ghost", games=1, seats=2, seed=1, db=str(db), concurrency=1) == 0
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE results SET place = 3 - place WHERE session_id = 1")
    capsys.readouterr()
    assert await cli.replay_game(str(db), 1) == 1
    assert "MISMATCH" in capsys.readouterr().out


async def test_replay_of_a_missing_game_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "empty.db"
    assert await cli.simulate("closest-ghost", games=1, seats=2, seed=1, db=str(db), concurrency=1) == 0
    capsys.readouterr()
    assert await cli.replay_game(str(db), 77) == 2
    assert "no game #77" in capsys.readouterr().out


def test_run_refuses_shard_processes_without_postgresql_and_bad_shard_ids(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["run", "--shards", "2", "--shard-ids", "1"]) == 2
    assert "PostgreSQL" in capsys.readouterr().err
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@/nowhere")
    assert main(["run", "--shards", "2", "--shard-ids", "2"]) == 2
    assert "between 0 and 1" in capsys.readouterr().err


def make_in(tmp_path: Path, *args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    """`make <args>` with the project's Makefile in a bare folder (no .env, no token), its venv a
    stand-in that runs this Python: what a person gets from the README's commands."""
    import os
    import shutil
    import stat

    shutil.copy2(ROOT / "Makefile", tmp_path / "Makefile")
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")  # keeps its time: no reinstall
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    python = bin_dir / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    (tmp_path / "venv" / ".installed").touch()
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "MAKEFLAGS")}
    env["DATABASE_PATH"] = str(tmp_path / "play.db")
    return subprocess.run(
        ["make", "-s", "--no-print-directory", f"VENV={tmp_path / 'venv'}", *args],
        input=answers,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )


def test_make_run_without_a_token_ends_with_its_explanation_and_fails_quietly(tmp_path: Path) -> None:
    from bot.__main__ import NO_TOKEN

    done = make_in(tmp_path, "run")
    assert done.returncode != 0
    shown = (done.stdout + done.stderr).rstrip().splitlines()
    assert shown[-1] == NO_TOKEN.rstrip().splitlines()[-1], shown[-3:]
    assert not any(line.startswith("make") for line in shown), "no error line of make's own"


def test_make_play_takes_an_option_whose_value_has_spaces(tmp_path: Path) -> None:
    import json
    import sqlite3
    from contextlib import closing

    kings = "king_cards=true chosen_kings=tax veto trade 5 9 12"
    done = make_in(tmp_path, "play", "GAME=best-candy", "SEATS=3", f"OPTIONS={kings}", answers="q\n")
    assert done.returncode == 0, done.stdout + done.stderr
    with closing(sqlite3.connect(tmp_path / "play.db")) as conn:
        (options,) = conn.execute("SELECT options FROM sessions").fetchone()
    assert json.loads(options)["chosen_kings"] == "tax veto trade 5 9 12"


def test_one_string_of_options_splits_where_the_next_name_starts() -> None:
    assert cli.split_options("chosen_kings=tax veto trade beyond=true") == [
        "chosen_kings=tax veto trade",
        "beyond=true",
    ]
    assert cli.split_options("a=1; b=x y;c=2") == ["a=1", "b=x y", "c=2"]
    assert cli.split_options("  ") == []


def test_the_docs_option_examples_work_as_typed() -> None:
    """Every `make play`/`make simulate` line with OPTIONS in the README and the game pages names
    options the game takes, with values it accepts, for the seats it names."""
    import re
    import shlex

    from rules import registry

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), *sorted((ROOT / "rules").rglob("docs.md"))]
    checked = 0
    for page in pages:
        for line in page.read_text().splitlines():
            found = re.search(r"make (?:play|simulate) [^`\n]*OPTIONS=\"[^\"]*\"[^`\n]*", line)
            if not found:
                continue
            words = dict(w.split("=", 1) for w in shlex.split(found.group(0).split("#")[0])[2:] if "=" in w)
            game = registry.get(words["GAME"])
            options = game.options(cli.parse_options(game.id, cli.split_options(words["OPTIONS"])))
            if "SEATS" in words:
                assert int(words["SEATS"]) in game.player_counts(options), f"{page.name}: {line}"
            checked += 1
    assert checked >= 3
