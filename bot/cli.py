"""Terminal front end: play against computer seats, or let computers play each other.

Both go through the same session service and SQLite store as the Discord bot,
so a terminal game is saved after every move and resumes when the same command
is run again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.renderers.base import Control
from bot.runtime import tune_gc
from bot.sessions import ACTIVE, DEFAULT_COMPUTER, Player, Session, SessionError, SessionService
from bot.terminal_screen import Entry, menu, menu_text, pick, screen_text
from persistence.store import Store
from rules import registry
from rules.contract import seats_text
from rules.kit.errors import RuleError

#: The terminal player's user id: terminal games have no guild and this host.
TERMINAL_USER = Player(user_id=1, name="You")


def list_games() -> int:
    for game in registry.games().values():
        low, high = game.seat_range(game.options())
        seats = str(low) if low == high else f"{low}-{high}"
        print(f"{game.id:22} {game.name} ({seats} players)")
    return 0


def print_rules(game_id: str) -> int:
    """`python -m bot rules <game>`: the game's help pages, as `/rules` shows them."""
    game = _game_or_exit(game_id)
    print(f"{game.name}: how to play")
    for number, page in enumerate(game.help_pages, start=1):
        print(f"\n--- page {number} of {len(game.help_pages)} ---\n")
        print(page.replace("**", ""))
    return 0


#: Where the next option starts in one string of options: a word followed by `=`.
_OPTION_START = re.compile(r"(?:^|\s+|\s*;\s*)(?=[A-Za-z_][\w-]*=)")


def split_options(text: str) -> list[str]:
    """One string of options, as `make play OPTIONS="..."` passes them, as `name=value` pairs: a value
    runs to the next `name=` (or `;`), so `chosen_kings=tax veto trade beyond=true` is two options."""
    pairs = [part.strip().strip(";").strip() for part in _OPTION_START.split(text)]
    return [pair for pair in pairs if pair]


def parse_options(game_id: str, pairs: list[str]) -> dict[str, str]:
    """`--option name=value` pairs as /play's options (the game's Options model checks the values)."""
    game = _game_or_exit(game_id)
    known = list(game.Options.model_fields)
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            listed = ", ".join(known) or "none"
            print(f"{game.name} has no option {pair!r}. Its options (name=value): {listed}.")
            raise SystemExit(2)
        options[name] = value.strip()
    return options


def _game_or_exit(game_id: str) -> Any:
    try:
        return registry.get(game_id)
    except KeyError as unknown:
        print(unknown.args[0])
        raise SystemExit(2) from None


async def play(
    game_id: str,
    seats: int | None,
    seed: int | None,
    db: str | os.PathLike[str],
    new: bool,
    level: str = DEFAULT_COMPUTER,
    options: dict[str, str] | None = None,
) -> int:
    game = _game_or_exit(game_id)
    store = await Store.open(db)
    service = SessionService(store)
    try:
        session = None if new else await _resumable(service, game_id, seats)
        if session is not None:
            print(
                f"Resuming your {game.name} game (session {session.id}, move {session.move_number}). "
                "To start a new one instead, add --new (make play NEW=1)."
            )
        else:
            try:
                # The lobby checks the options, in the words /play answers with.
                session = await service.create_lobby(game_id, TERMINAL_USER, seed=seed, options=options)
            except SessionError as wrong:
                print(wrong.message)
                return 2
            # The fewest seats these options allow (Best Candy's King cards start at 2).
            count = seats or session.player_counts()[0]
            try:
                for _ in range(count - 1):
                    await service.add_computer(session.id, TERMINAL_USER, level)
                await service.start(session.id, TERMINAL_USER)
            except SessionError as wrong:
                # Nothing was played: no empty lobby is left behind to be "resumed" later.
                await service.abandon(session.id, TERMINAL_USER)
                print(wrong.message)
                return 2
            print(f"New {game.name} game (session {session.id}, seed {session.row.seed}). You are seat 1.")
        return await _play_loop(service, session)
    finally:
        await service.close()
        await store.close()


async def _resumable(service: SessionService, game_id: str, seats: int | None) -> Session | None:
    for session in reversed(await service.open_sessions()):
        if (
            session.game.id == game_id
            and session.status == ACTIVE
            and session.row.guild_id is None
            and session.seat_of(TERMINAL_USER.user_id) is not None
            and (seats is None or len(session.seats) == seats)
        ):
            return session
    return None


async def _play_loop(service: SessionService, session: Session) -> int:
    me = session.seat_of(TERMINAL_USER.user_id)
    assert me is not None
    shown = 0  # sequence number of the next log line to print
    while True:
        await service.wait_for_computers(session.id)
        state = session.state
        if state is not None:
            for event in state.log_since(shown):
                if event.visible_to(me):
                    print("  · " + event.in_words(session.names))
            shown = state.log_end
        result = session.result()
        if result is not None:
            print()
            print(_screens(session, me)[0])
            return 0
        legal = session.legal(me)
        if not legal:
            # Computers have finished their moves, so it must be ours; if not, a computer seat failed.
            print("The game is stuck: a computer seat could not move. See the log above.")
            return 1
        text, entries = _screens(session, me)
        print()
        print(text)
        answer = (await _ask("Your move (a key in brackets, or q to stop): ")).strip()
        if answer.lower() in ("q", "quit", "exit"):
            print("Saved. Run the same command again to carry on.")
            return 0
        picked = pick(answer, entries)
        if isinstance(picked, str):
            print(picked)
            continue
        try:
            await service.act(session.id, TERMINAL_USER.user_id, me, picked.action, session.move_number)
        except SessionError as wrong:
            print(wrong.message)


def _screens(session: Session, seat: int) -> tuple[str, list[Entry]]:
    """What the player would see on Discord, as text: the table and, in a game with secrets, their
    own screen, then their moves as a menu. The log is printed line by line above it, so the
    screens leave their "Recent" lines out."""
    from bot.renderers import screens_for
    from bot.screens import hand_seen, table_seen

    renderer = screens_for(session.game)
    table = renderer.table(replace(table_seen(session), events=()))
    screens = [table]
    controls = [c for c in table.controls if c.seat in (None, seat)]
    if session.game.hidden_information:
        hand = renderer.hand(replace(hand_seen(session, seat), events=()))
        screens.append(hand)
        controls = list(hand.controls)
    legal = session.legal(seat)
    mine = {action for action, _label in legal}
    controls = [c for c in controls if c.action in mine]
    # A move the screen shows no control for is still offered, in the game's own words.
    drawn = {c.action for c in controls}
    controls += [Control(action=action, label=label) for action, label in legal if action not in drawn]
    entries = menu(controls) if session.result() is None else []
    parts = [seats_text(screen_text(screen), session.names) for screen in screens]
    if entries:
        parts.append("Your moves:\n" + menu_text(entries))
    return "\n\n".join(parts), entries


async def _ask(prompt: str) -> str:
    """One line from the terminal, read by a daemon thread: Ctrl-C never waits for Enter, and the
    end of the input counts as "q"."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(line: str) -> None:
        if not answer.done():
            answer.set_result(line)

    def read() -> None:
        # Ctrl-C must reach the main thread, whose event loop it wakes; delivered to this thread it
        # would leave the loop asleep and the game running.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            line = input(prompt)
        except (EOFError, OSError, ValueError):
            line = "q"
        with contextlib.suppress(RuntimeError):  # the loop is gone: the game was quit meanwhile
            loop.call_soon_threadsafe(settle, line)

    threading.Thread(target=read, name="terminal-input", daemon=True).start()
    return await answer


async def simulate(
    game_id: str,
    games: int,
    seats: int | None,
    seed: int,
    db: str | None,
    concurrency: int,
    level: str = DEFAULT_COMPUTER,
    options: dict[str, str] | None = None,
) -> int:
    """Computer seats only, through the session service and SQLite. Non-zero exit if any game fails.
    `options` are the game's options as `/play` takes them (the same for every game played)."""
    ids = list(registry.games()) if game_id == "all" else [_game_or_exit(game_id).id]
    tune_gc()  # as the bot runs
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(db or Path(tmp) / "simulate.db")
        service = SessionService(store)
        try:
            for gid in ids:
                failures += await _simulate_game(service, gid, games, seats, seed, concurrency, level, options or {})
        finally:
            await service.close()
            await store.close()
    return 1 if failures else 0


async def _simulate_game(
    service: SessionService,
    game_id: str,
    games: int,
    seats: int | None,
    seed: int,
    concurrency: int,
    level: str,
    options: dict[str, str],
) -> int:
    game = registry.get(game_id)
    try:
        allowed = game.player_counts(game.options(options))
    except (ValueError, RuleError) as bad:
        print(f"Those options do not work for {game.name}: {bad}")
        return 1
    counts = [seats] if seats else allowed
    gate = asyncio.Semaphore(concurrency)
    outcomes: Counter[str] = Counter()
    moves = 0
    failures: list[str] = []

    async def one(n: int) -> None:
        nonlocal moves
        count = counts[n % len(counts)]
        async with gate:
            try:
                session = await service.create_lobby(
                    game_id, TERMINAL_USER, seed=seed + n, seat_host=False, options=options
                )
                for _ in range(count):
                    await service.add_computer(session.id, TERMINAL_USER, level)
                await service.start(session.id, TERMINAL_USER)
                await service.wait_for_computers(session.id)
                result = session.result()
                if result is None:
                    raise RuntimeError(f"stopped after {session.move_number} moves without a result")
                moves += session.move_number
                winners = "draw" if result.is_draw else "+".join(f"seat {w + 1}" for w in result.winners)
                outcomes[f"{count}p {winners}"] += 1
            except Exception as crash:  # report every failing seed, then exit non-zero
                failures.append(f"seed {seed + n} ({count} seats): {type(crash).__name__}: {crash}")

    started = time.perf_counter()
    await asyncio.gather(*(one(n) for n in range(games)))
    elapsed = time.perf_counter() - started
    print(f"{game.name}: {games - len(failures)}/{games} games finished, {moves} moves in {elapsed:.2f} s")
    print(f"  {games / elapsed:,.1f} games/s, {moves / elapsed:,.0f} moves/s (session service + SQLite)")
    for outcome, number in sorted(outcomes.items()):
        print(f"  {outcome}: {number}")
    for failure in failures:
        print(f"  FAILED {failure}")
    return len(failures)


async def replay_game(db: str, session_id: int) -> int:
    """`python -m bot replay`: every public line of a stored game, replayed from its seed and moves,
    and whether the replay agrees with what was stored."""
    from bot.replay import ReplayError, replay
    from persistence.errors import NotFound

    store = await Store.open(db)
    try:
        try:
            game = await replay(store, session_id)
        except NotFound:
            print(f"There is no game #{session_id} in {db}.")
            return 2
        except ReplayError as wrong:
            print(f"Game #{session_id}: {wrong}")
            return 1
        print(f"{game.game.name} #{session_id}: {', '.join(game.names)} (seed {game.row.seed}).")
        for number, line in enumerate(game.public_lines(), start=1):
            print(f"{number:4}. {line}")
        result = game.game.result(game.state)
        if result is not None:
            print("Result: " + result.in_words(list(game.names)))
        problems = game.problems(await store.results(session_id))
        for problem in problems:
            print("MISMATCH: " + problem)
        if problems:
            return 1
        print("The replay matches the stored game.")
        return 0
    finally:
        await store.close()


async def migrate_db(source: str, target: str) -> int:
    """`python -m bot migrate-db FILE URL`: the SQLite file's games into PostgreSQL (persistence/copy_db.py)."""
    from persistence.copy_db import AlreadyCopied, copy_sqlite_to_postgres
    from persistence.postgres import is_postgres_url

    if not is_postgres_url(target):
        print(f"The target must be a postgresql:// URL, not {target!r}.", file=sys.stderr)
        return 2
    try:
        copied = await copy_sqlite_to_postgres(source, target)
    except (AlreadyCopied, FileNotFoundError) as refused:
        print(f"Nothing copied: {refused}", file=sys.stderr)
        return 1
    print(", ".join(f"{count} {table}" for table, count in copied.rows.items()) + " copied.")
    return 0
