"""The terminal as a player meets it, driven through a pipe: names, Ctrl-C, resuming, options, rules."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot import cli
from bot.sessions import SessionService
from persistence.store import Store
from rules.candy_kit.cards import sort_key
from rules.contract import seats_text
from rules.games.best_candy.state import Phase
from tests.terminal_play import menu_of, play, random_keys

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


async def test_the_game_over_screen_names_the_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = await play(monkeypatch, capsys, "closest-ghost", random_keys(5, 300), db=tmp_path / "t.db")
    assert code == 0
    assert "Game over" in out
    assert "{p" not in out, "no {p0} placeholder anywhere"


def _default_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_ctrl_c_says_the_game_is_saved_and_quits_at_once_without_a_traceback(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "closest-ghost", "--seed", "3", "--db", str(tmp_path / "t.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        # Ctrl-C as a terminal sends it: a test worker may have come to ignore or block SIGINT, and a
        # child inherits both, where the game would rightly leave it alone.
        preexec_fn=_default_ctrl_c,
    )
    assert process.stdout is not None
    seen = ""
    while "Your move" not in seen:  # wait for the prompt (the state we mean), not for time
        chunk = process.stdout.read(1)
        assert chunk, "the game ended before asking for a move"
        seen += chunk
    process.send_signal(signal.SIGINT)
    # Stdin stays open until the process has ended: closing it now would race the signal with an
    # end of input, which quits the game the ordinary way (exit 0) and is not what this checks.
    assert process.wait(timeout=30) == 130
    out, err = process.communicate(timeout=30)
    assert "Saved; run the same command to carry on." in out
    assert "Traceback" not in err + out


async def test_resuming_names_the_game_and_how_to_start_a_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    _code, first = await play(monkeypatch, capsys, "closest-ghost", random_keys(1, 1), db=db)
    assert "New The Closest Ghost game" in first
    _code, second = await play(monkeypatch, capsys, "closest-ghost", random_keys(1, 0), db=db, seed=None)
    assert "Resuming your The Closest Ghost game" in second
    assert "--new" in second
    _code, third = await play(monkeypatch, capsys, "closest-ghost", random_keys(1, 0), db=db, new=True)
    assert "New The Closest Ghost game" in third


async def test_ctrl_c_always_reaches_the_main_thread_not_the_one_reading_the_keyboard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A process-wide signal goes to any thread that does not block it; caught by the reader thread it
    # would leave the event loop asleep, and Ctrl-C would do nothing until the next key.
    masks: list[set[int | signal.Signals]] = []

    def typed(prompt: str) -> str:
        masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, set()))
        return "q"

    monkeypatch.setattr("builtins.input", typed)
    assert await cli._ask("Your move: ") == "q"
    assert signal.SIGINT in masks[0]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


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
        _text, entries = cli._screens(session, 0)
        # A long choice comes in steps (rules.contract.Game.choices): a group stands for its first card.
        actions = [entry.control.action for entry in entries]
        firsts = [(session.game.choice_members(state, 0, action) or [action])[0] for action in actions]
        cards = [int(action.args[0]) for action in firsts]
        assert cards == sorted(cards, key=sort_key)
        assert sorted(e.control.action.token() for e in entries) == sorted(a.token() for a, _ in legal)
    finally:
        await service.close()
        await store.close()


async def test_the_terminal_prints_the_discord_screens_of_every_game(tmp_path: Path) -> None:
    """One screen model, two front ends: every title, line and field of the table and of the
    player's own screen, and every move, as the Discord embeds carry them."""
    from dataclasses import replace

    from bot.renderers import renderer_for
    from bot.screens import hand_seen, table_seen
    from bot.terminal_screen import plain
    from rules import registry

    store = await Store.open(tmp_path / "t.db")
    service = SessionService(store, computer_delay=0)
    try:
        for n, game in enumerate(registry.games().values()):
            session = await service.create_lobby(game.id, cli.TERMINAL_USER, seed=n)
            for _ in range(session.player_counts()[0] - 1):
                await service.add_computer(session.id, cli.TERMINAL_USER, "normal")
            await service.start(session.id, cli.TERMINAL_USER)
            rng = random.Random(n)
            for _move in range(6):
                await service.wait_for_computers(session.id)
                legal = session.legal(0)
                if session.result() is not None or not legal:
                    break
                text, entries = cli._screens(session, 0)
                renderer = renderer_for(game)
                screens = [renderer.table(replace(table_seen(session), events=()))]
                if game.hidden_information:
                    screens.append(renderer.hand(replace(hand_seen(session, 0), events=())))
                for screen in screens:
                    for part in (screen.title, screen.description, screen.footer, *(f.name for f in screen.fields)):
                        for line in plain(seats_text(part, session.names)).splitlines():
                            assert line.strip() in text, f"{game.id}: {line!r} is not on the terminal"
                    for fld in screen.fields:
                        for line in plain(seats_text(fld.value, session.names)).splitlines():
                            assert line.strip() in text, f"{game.id}: {fld.name}: {line!r} is not on the terminal"
                assert {e.control.action for e in entries} == {action for action, _label in legal}, game.id
                for entry in entries:
                    assert f"[{entry.key}] " in text
                action, _label = rng.choice(legal)
                await service.act(session.id, cli.TERMINAL_USER.user_id, 0, action)
    finally:
        await service.close()
        await store.close()


async def until(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    seen: str,
    *,
    tmp_path: Path,
    moves: int = 80,
    options: dict[str, str] | None = None,
    seats: int | None = None,
) -> str:
    """Everything the terminal printed in a random game, up to the first screen showing `seen`."""
    _code, out = await play(
        monkeypatch, capsys, game, random_keys(3, moves), db=tmp_path / f"{game}.db", options=options, seats=seats
    )
    assert seen in out, f"{game}: no screen showed {seen!r}"
    return out


async def test_ghosts_love_candy_shows_what_each_kid_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    await until(monkeypatch, capsys, "ghosts-love-candy", "What each kid does", tmp_path=tmp_path, moves=2)


async def test_up_and_down_shows_the_meld_helper_and_wild_marks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = await until(monkeypatch, capsys, "up-and-down-the-block", "Meld helper", tmp_path=tmp_path)
    assert "⭐" in out, "the hand's wild cards are marked"


async def test_secret_stash_states_its_contract_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = await until(monkeypatch, capsys, "secret-stash", "Contract:", tmp_path=tmp_path, seats=3)
    assert " plays for " in out
    assert "contract marshmallow" not in out.lower()


async def test_blind_candy_shuffle_without_the_memory_aid_shows_a_seen_card_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    looked = iter(["1.2", "q"])
    _code, out = await play(
        monkeypatch,
        capsys,
        "blind-candy-shuffle",
        lambda _screen: next(looked),
        db=tmp_path / "b.db",
        options={"memory_aid": "false"},
    )
    line = next(line for line in out.splitlines() if "You saw slot 1: " in line)
    card = line.split("You saw slot 1: ")[1].split(",")[0]
    after = out.split(line, 1)[1]
    assert card not in after, "the card seen is in the log once, not on the screens after it"
    assert "Memory aid off" in after


async def test_a_key_is_the_move_it_names_attack_9_attacks_9(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """13 Ghosts: with "Play 9 face up" and "Attack: 9" on one screen, the key shown for the
    attack attacks 9; a bare 9 there is refused as meaning two moves, never guessed."""
    typed: list[str] = []
    after: list[str] = []
    rng = random.Random(0)

    def answer(screen: str) -> str:
        menu = menu_of(screen)
        if typed and typed[-1] != "9":
            after.append(screen)  # what the attack did
            return "q"
        if typed == ["9"]:
            typed.append(menu["⚔️ Attack: 9"])
            return typed[-1]
        if "⚔️ Attack: 9" in menu and any(label.startswith("👻 Play 9 face up") for label in menu):
            typed.append("9")
            return "9"
        return rng.choice(sorted(menu.values())) if menu else "q"

    _code, out = await play(monkeypatch, capsys, "13-ghosts", answer, db=tmp_path / "g.db", seed=4)
    assert typed == ["9", "a9"], typed
    assert "9 could be more than one move: type " in out
    log = [line for line in after[0].splitlines() if line.startswith("  · You")]
    assert "attack" in log[0], log
    assert log[0].endswith(": 9. A miss.") or ": 9" in log[0], log


def test_menu_keys_are_unique_pick_their_move_and_never_start_with_a_take_back() -> None:
    """Every screen of random games of all the games: one key a move, picking that move; the same
    label keeps its keys; taking a choice back is listed last and never keyed by a bare number."""
    from bot.renderers import renderer_for
    from bot.screens import seen_of
    from bot.terminal_screen import UNDO_KINDS, menu, pick
    from rules import registry

    keys_of: dict[tuple[str, str], set[str]] = {}
    for game in registry.games().values():
        rng = random.Random(game.id)
        low, high = game.seat_range(game.options())
        players = rng.randint(low, high)
        state = game.setup(players, game.options(), rng.randrange(1000))
        names = tuple(f"P{s}" for s in range(players))
        renderer = renderer_for(game)
        for _step in range(120):
            acting = sorted(game.to_act(state))
            if game.result(state) is not None or not acting:
                break
            for seat in acting:
                if game.hidden_information:
                    controls = renderer.hand(seen_of(game, state, seat, names)).controls
                else:
                    table = renderer.table(seen_of(game, state, None, names)).controls
                    controls = tuple(c for c in table if c.seat in (None, seat))
                entries = menu(controls)
                assert entries == menu(controls), "the same screen, the same keys"
                keys = [e.key for e in entries]
                assert len(set(keys)) == len(keys), (game.id, keys)
                undo = [n for n, e in enumerate(entries) if e.control.action.kind in UNDO_KINDS]
                assert undo == list(range(len(entries) - len(undo), len(entries))), "take-backs last"
                for entry in entries:
                    for key in entry.also:
                        assert pick(key.upper(), entries) is entry.control, (game.id, key)
                    if entry.control.action.kind in UNDO_KINDS:
                        assert not entry.key.replace(".", "").isdigit(), (game.id, entry.key)
                    shown = keys_of.setdefault((game.id, entry.control.label), set())
                    shown.add(entry.key)
            seat = rng.choice(acting)
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert keys_of[("13-ghosts", "Attack: 9")] <= {"9", "a9"}
