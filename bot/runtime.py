"""Process-wide tuning for a long-running bot (no discord import)."""

from __future__ import annotations

import gc

#: Allocations between young collections, and how many of those before the older ones.
#: Python's defaults (700, 10, 10) run a full collection every ~70,000 allocations; with
#: hundreds of live game states that pause (~50 ms) lands on whoever moves at that moment.
GC_THRESHOLDS = (50_000, 50, 1000)


def tune_gc() -> None:
    """Call once the long-lived objects are loaded (sessions resumed, commands synced):
    `gc.freeze` moves them out of the collector's sight, and rarer collections keep the
    tail latency of a burst of moves down (bench/sessions.py: p99 ~105 ms -> ~50 ms).
    Game states hold no reference cycles, so freeing them never waits for the collector."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
