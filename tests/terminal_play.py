"""Playing `python -m bot play` in-process with scripted answers: each answer is chosen from the
screen just printed, as a person reading it would."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli

#: A menu entry as the terminal prints it: `[key] label`, several to a line in long menus.
ENTRY = re.compile(r"\[([^\]\s]+)\] (.*?)(?=\s{2,}\[|$)", re.MULTILINE)

Answer = Callable[[str], str]


def menu_of(screen: str) -> dict[str, str]:
    """The last menu printed: label -> key."""
    moves = screen.rpartition("Your moves:")[2]
    return {label.strip(): key for key, label in ENTRY.findall(moves)}


def random_keys(seed: int, moves: int) -> Answer:
    """A player who types one of the keys shown, at random, then stops after `moves` moves."""
    rng = random.Random(seed)
    made = 0

    def answer(screen: str) -> str:
        nonlocal made
        keys = sorted(set(menu_of(screen).values()))
        made += 1
        return rng.choice(keys) if keys and made <= moves else "q"

    return answer


async def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    game: str,
    answer: Answer,
    *,
    db: Path,
    seed: int | None = 5,
    seats: int | None = None,
    options: dict[str, str] | None = None,
    new: bool = False,
) -> tuple[int, str]:
    """Run the terminal game; returns its exit code and everything it printed."""
    printed: list[str] = []

    async def ask(prompt: str) -> str:
        printed.append(capsys.readouterr().out + prompt)
        return answer(printed[-1])

    monkeypatch.setattr(cli, "_ask", ask)
    code = await cli.play(game, seats, seed, db, new, "normal", options)
    printed.append(capsys.readouterr().out)
    return code, "\n".join(printed)
