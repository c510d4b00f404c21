"""The project's shared folder (the rulebooks and the game data), which stands beside the repository."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
