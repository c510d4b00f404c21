from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from persistence.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "haunted-table.db"


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    yield opened
    await opened.close()
