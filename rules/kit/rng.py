"""Seeded randomness: every random draw of a game comes from its seed.

A state stores its `seed` and how many chance draws it has made; draw number n
uses its own `random.Random` seeded from "seed:n". Seeding with a str goes
through SHA-512, so the stream is the same in every process and Python build
(unlike `hash()`), and the state stays a small JSON value instead of carrying
the 2.5 KB Mersenne Twister state.
"""

from __future__ import annotations

import random


def stream(seed: int, draw: int) -> random.Random:
    """The random stream for chance draw number `draw` of a game seeded `seed`."""
    return random.Random(f"{seed}:{draw}")
