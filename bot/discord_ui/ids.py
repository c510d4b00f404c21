"""The one custom_id grammar of every component the bot sends (no discord import).

    ht:<session>:<move>:<seat>:<action token>   a move button
    ht:<session>:<move>:<seat>:*<n>             a select of moves (values are action tokens)
    ht:<session>:lobby:<verb>                   a lobby button (join, leave, start...)
    ht:<session>:table:<verb>                   a table button (hand, rematch)
    ht:rules:<game>:<page>                      a page of /rules
    ht:<session>:computer                       the lobby's select of a computer level to add
    ht:<session>:clock                          the lobby's select of the turn clock
    ht:<session>:back:<seat>                    "I'm back": an away player takes their seat back

`<move>` is the number of moves made when the control was drawn: the session
service uses it to refuse a double click or an old button (see
`SessionService.act`). Everything needed is in the id, so components work after
a restart. Discord caps a custom_id at 100 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "ht"
MAX_CUSTOM_ID = 100

MOVE_PATTERN = r"ht:(?P<sid>\d+):(?P<move>\d+):(?P<seat>\d+):(?P<token>[a-z][a-z0-9_.\-A-Z]*)"
SELECT_PATTERN = r"ht:(?P<sid>\d+):(?P<move>\d+):(?P<seat>\d+):\*(?P<n>\d+)"
LOBBY_PATTERN = r"ht:(?P<sid>\d+):lobby:(?P<verb>[a-z]+)"
TABLE_PATTERN = r"ht:(?P<sid>\d+):table:(?P<verb>[a-z]+)"
RULES_PATTERN = r"ht:rules:(?P<game>[a-z0-9-]+):(?P<page>\d+)"
COMPUTER_PATTERN = r"ht:(?P<sid>\d+):computer"
CLOCK_PATTERN = r"ht:(?P<sid>\d+):clock"
BACK_PATTERN = r"ht:(?P<sid>\d+):back:(?P<seat>\d+)"

#: Every custom_id the bot's components answer to (`components.DYNAMIC_ITEMS` has one item per pattern).
PATTERNS = tuple(
    re.compile(p)
    for p in (
        MOVE_PATTERN,
        SELECT_PATTERN,
        LOBBY_PATTERN,
        TABLE_PATTERN,
        RULES_PATTERN,
        COMPUTER_PATTERN,
        CLOCK_PATTERN,
        BACK_PATTERN,
    )
)

LOBBY_VERBS = ("join", "leave", "dropbot", "start", "cancel")
TABLE_VERBS = ("hand", "rules", "rematch")


@dataclass(frozen=True)
class MoveId:
    session: int
    move: int
    seat: int
    token: str

    def custom_id(self) -> str:
        return move_id(self.session, self.move, self.seat, self.token)


def move_id(session: int, move: int, seat: int, token: str) -> str:
    """A move button's custom_id (`MoveId`), without building one: every control of every drawn
    message asks for it."""
    return _checked(f"{PREFIX}:{session}:{move}:{seat}:{token}")


def select_id(session: int, move: int, seat: int, n: int) -> str:
    return _checked(f"{PREFIX}:{session}:{move}:{seat}:*{n}")


def lobby_id(session: int, verb: str) -> str:
    assert verb in LOBBY_VERBS, verb
    return _checked(f"{PREFIX}:{session}:lobby:{verb}")


def table_id(session: int, verb: str) -> str:
    assert verb in TABLE_VERBS, verb
    return _checked(f"{PREFIX}:{session}:table:{verb}")


def rules_id(game: str, page: int) -> str:
    return _checked(f"{PREFIX}:rules:{game}:{page}")


def computer_id(session: int) -> str:
    return _checked(f"{PREFIX}:{session}:computer")


def clock_id(session: int) -> str:
    return _checked(f"{PREFIX}:{session}:clock")


def back_id(session: int, seat: int) -> str:
    return _checked(f"{PREFIX}:{session}:back:{seat}")


def known(custom_id: str) -> bool:
    """Whether a component's custom_id is of the bot's grammar (a crafted or very old one is not)."""
    return any(pattern.fullmatch(custom_id) for pattern in PATTERNS)


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id over {MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id
