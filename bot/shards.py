"""Which process acts for which session when the bot runs as several shard processes.

Discord sends a guild's events to shard `(guild_id >> 22) % shard_count`, and every event without a
guild (a button in a DM) to shard 0. A process runs some of the shards (`--shard-ids`), all of them
on one PostgreSQL database. A session belongs to the shard of its guild (a session without a guild,
as the terminal's, to shard 0), and the process running that shard is its OWNER:

- only the owner runs the session's computer seats, its turn clock and the edits of its table and
  DMs (so each happens exactly once);
- any process may commit a move for it: a DM button arrives at shard 0 whatever the guild. The move
  goes through the one path (SessionService.act) with its optimistic version, and PostgreSQL tells
  the other processes (NOTIFY, sent in the move's own transaction): the owner reloads the session,
  redraws it and lets its computers and clock carry on; a process that merely holds the session in
  its cache reloads it instead of acting on a stale copy;
- if two processes move the same session at once, the store refuses the second move
  (VersionConflict): that process forgets its copy and the player is asked to look again and retry,
  so a move is applied once or refused, never lost or doubled.

Nothing here imports discord: the service and the tests use it as they are.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that receives this guild's events (Discord's rule); shard 0 for no guild."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """This process's shards: `ids` of `count`. The default, one unsharded process, owns everything."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be between 0 and {self.count - 1}, got {sorted(self.ids)}")

    @classmethod
    def parse(cls, count: int | None, ids: str) -> Shards:
        """From settings: `count` None is unsharded; `ids` "0,2" (empty: every shard of `count`)."""
        if count is None:
            return cls()
        chosen = frozenset(int(part) for part in ids.split(",") if part.strip()) or frozenset(range(count))
        return cls(count, chosen)

    @property
    def everything(self) -> bool:
        return self.ids == frozenset(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the session's computers, clock and message edits."""
        return shard_of(guild_id, self.count) in self.ids
