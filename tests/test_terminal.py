"""The terminal as a player meets it, driven through a pipe: names, Ctrl-C, resuming, options, rules."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from bot import cli
from bot.sessions import SessionService
from persistence.store import Store
from rules.candy_kit.cards import sort_key
from rules.games.best_candy.state import Phase

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, answers: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input="\n".join(answers or []) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_the_game_over_screen_names_the_players(tmp_path: Path) -> None:
    done = run("play", "closest-ghost", "--seed", "5", "--db", str(tmp_path / "t.db"), answers=["1"] * 300)
    assert "Game over" in done.stdout
    assert "{p" not in done.stdout, "no {p0} placeholder anywhere"


def test_ctrl_c_says_the_game_is_saved_and_quits_at_once_without_a_traceback(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "closest-ghost", "--seed", "3", "--db", str(tmp_path / "t.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    seen = ""
    while "Your move" not in seen:  # wait for the prompt (the state we mean), not for time
        chunk = process.stdout.read(1)
        assert chunk, "the game ended before asking for a move"
        seen += chunk
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Saved; run the same command to carry on." in out
    assert "Traceback" not in err + out


def test_resuming_names_the_game_and_how_to_start_a_new_one(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    first = run("play", "closest-ghost", "--seed", "5", "--db", db, answers=["1", "q"])
    assert "New The Closest Ghost game" in first.stdout
    second = run("play", "closest-ghost", "--db", db, answers=["q"])
    assert "Resuming your The Closest Ghost game" in second.stdout
    assert "--new" in second.stdout
    third = run("play", "closest-ghost", "--db", db, "--new", answers=["q"])
    assert "New The Closest Ghost game" in third.stdout


def test_the_terminal_takes_a_games_options_as_play_does(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    done = run("play", "ghosts-of-christmas", "--seats", "3", "--option", "tiny_tim=true", "--db", str(db))
    assert done.returncode == 0, done.stdout + done.stderr
    with closing(sqlite3.connect(db)) as conn:
        (options,) = conn.execute("SELECT options FROM sessions").fetchone()
    assert json.loads(options)["tiny_tim"] is True
    wrong = run("play", "ghosts-of-christmas", "--option", "tiny=yes", "--db", str(db))
    assert wrong.returncode == 2
    assert "no option 'tiny=yes'" in wrong.stdout
    assert "tiny_tim" in wrong.stdout


def test_the_rules_command_prints_every_help_page() -> None:
    done = run("rules", "13-ghosts")
    assert done.returncode == 0
    assert "13 Ghosts: how to play" in done.stdout
    assert "page 3 of 3" in done.stdout
    assert "**" not in done.stdout


def test_a_failed_start_leaves_no_empty_lobby_behind(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    failed = run("play", "closest-ghost", "--seats", "5", "--db", str(db))
    assert failed.returncode == 2
    with closing(sqlite3.connect(db)) as conn:
        statuses = [row[0] for row in conn.execute("SELECT status FROM sessions")]
    assert "lobby" not in statuses
    again = run("play", "closest-ghost", "--db", str(db), answers=["q"])
    assert "New The Closest Ghost game" in again.stdout


async def test_moves_are_listed_in_the_screens_order_cards_by_suit_and_rank(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "t.db")
    service = SessionService(store, computer_delay=0)
    try:
        session = await service.create_lobby("best-candy", cli.TERMINAL_USER, seed=11)
        await service.add_computer(session.id, cli.TERMINAL_USER, "normal")
        await service.start(session.id, cli.TERMINAL_USER)
        for _ in range(200):
            await service.wait_for_computers(session.id)
            state = session.state
            assert state is not None
            legal = session.legal(0)
            if getattr(state, "phase", None) is Phase.TRICKS and legal and not state.trick:  # type: ignore[attr-defined]
                break
            await service.act(session.id, cli.TERMINAL_USER.user_id, 0, legal[0][0])
        else:
            raise AssertionError("no lead of ours in 200 moves")
        ordered = cli._in_screen_order(session, 0, legal)
        # A long choice comes in steps (rules.contract.Game.choices): a group stands for its first card.
        firsts = [(session.game.choice_members(state, 0, action) or [action])[0] for action, _ in ordered]
        cards = [int(action.args[0]) for action in firsts]
        assert cards == sorted(cards, key=sort_key)
        assert sorted(ordered, key=lambda pair: pair[0].token()) == sorted(legal, key=lambda pair: pair[0].token())
    finally:
        await service.close()
        await store.close()
