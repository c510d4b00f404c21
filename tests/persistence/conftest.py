from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from persistence.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "haunted-table.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()
