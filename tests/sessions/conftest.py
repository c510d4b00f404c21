from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.sessions import Change, SessionService
from persistence.store import Store
from rules import registry
from rules.contract import Game
from tests.sessions.toy import LONG_TOY, ONLY_MOVE_TOY, STEPS_TOY, TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game joins the registry for these tests only."""
    real = registry.get

    def get(game_id: str) -> Game[Any]:
        toys = {toy.id: toy for toy in (TOY, LONG_TOY, ONLY_MOVE_TOY, STEPS_TOY)}
        return toys[game_id] if game_id in toys else real(game_id)

    monkeypatch.setattr(registry, "get", get)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "sessions.db"


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()


@pytest.fixture
def changes() -> list[Change]:
    return []


@pytest.fixture
async def service(store: Store, changes: list[Change]) -> AsyncIterator[SessionService]:
    svc = SessionService(store, seed_source=lambda: 1234)
    svc.subscribe(changes.append)
    yield svc
    await svc.close()
