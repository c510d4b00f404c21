"""The shelves that group games which share a deck, so a front end can list them together.

A game names its shelf in `Game.family`; the five base games stand on no shelf.
The keys are lower-case words fit for a command name (`/play candy-tricks ...`).
"""

from __future__ import annotations

#: shelf -> what a player reads about it (at most 100 characters).
FAMILIES: dict[str, str] = {
    "candy-tricks": "Trick-taking games played with the Best Candy deck",
    "candy-cards": "More games with the Best Candy deck: draw, shed, match, bluff",
}
