"""Computer players against each other: win shares with 95% intervals, verdicts, decision times.

    .venv/bin/python -m bench.ai                       # the default rows (see `default_rows`)
    .venv/bin/python -m bench.ai --game 13-ghosts --seats 2 --level hard --others normal --games 100
    .venv/bin/python -m bench.ai --game ghosts-of-christmas --seats 3 --options tiny_tim=true \\
                                 --level normal --others random
    .venv/bin/python -m bench.ai --until 30 --json runs/ai.jsonl   # spread 30 minutes over the rows
    .venv/bin/python -m bench.ai --merge runs/ai.jsonl other.jsonl  # the table of saved games

A row is (game, options, seats, tested level, other level): one side plays the tested level,
every other side the other level. A side is a seat, or in a team game (How Many Candies, 13
Ghosts with four players, Best Candy's team play: the game's `SIDES` hook) a whole team: both
partners play the tested level, because the claim measured is "a team of this level beats a
team of that one", the team form of "hard is the strongest seat"; a tested seat with a partner
of the other level would measure half a team. The tested side is the side of seat n mod seats
in game n (so it moves round the table) and game n is seeded 10,000 + n, so the same arguments
give the same games. Games run in
parallel worker processes (`--jobs`, default every core). `--until` deals games to the rows in
turn (game 0 of every row, then game 1 of every row, ...) and starts no new game once the
budget is spent, so every row gets games. `--json FILE` appends each game's result to FILE (one
JSON object a line); games already in FILE are not played again, so several runs add up, and the
table covers every game FILE holds for the selected rows (start a new file after changing a
player). `--merge` prints the table from saved files without playing.

Win share: the tested side's share of first place, a first place shared by several sides split
between them (a team's win counts once, whole, for the team), so the shares of a game add up to 1
and the fair share is 1/sides. Targets, by the number of sides (the verdict says whether the
Wilson 95% interval is above the target, includes it, or is below it):
- hard against normal: 60% with 2 sides, 1.5x the fair share with more;
- normal against random: 75% with 2 sides, 2x the fair share with more;
- hard against random: 90% with 2 sides, 2x the fair share with more.
So How Many Candies (four seats, two teams) is held to the two-sided targets, as a duel is.
Decision times are measured in the workers, in wall time and in CPU time (`time.process_time`);
the verdict on the targets (p95 under 50 ms for normal, under 1 s for hard) is made on CPU time,
since on a shared machine wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.ai.arena import play_game
from rules.ai.hooks import sides_of
from rules.ai.levels import LEVEL_NAMES, EasyLevel, HardLevel, NormalLevel, RandomLevel
from rules.contract import Action, Game, GameState
from rules.players import Player
from rules.registry import games

#: Game n of a row is seeded FIRST_SEED + n (the seeds the bench has always used).
FIRST_SEED = 10_000

#: Rows the default run adds besides every game's smallest table: the seat counts (and options)
#: where a level was found weak.
EXTRA_TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("31-candies", 3, {}),
    ("best-house", 3, {}),
    ("ghosts-love-candy", 3, {}),
    ("ghosts-of-christmas", 3, {"tiny_tim": True}),
    ("how-many-candies", 4, {}),
    ("secret-stash", 3, {}),
]

#: Decision-time targets (CPU seconds, at p95).
TIME_TARGETS: dict[str, float] = {"normal": 0.050, "hard": 1.0}

Options = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Row:
    game: str
    seats: int
    options: Options
    level: str
    others: str
    #: The number of teams in a team game; None when every seat is its own side. (Games saved
    #: before a game had teams load with None: a row of their own, never mixed with team games.)
    teams: int | None = None

    @property
    def label(self) -> str:
        return options_text(self.options)

    @property
    def order(self) -> tuple[str, int, Options, str, str, int]:
        """The table's order (`teams` may be None, which does not compare with a number)."""
        return self.game, self.seats, self.options, self.level, self.others, self.teams or 0

    @property
    def sides(self) -> int:
        return self.seats if self.teams is None else self.teams

    @property
    def table(self) -> str:
        """The seats column: "4", or "4 in 2 teams"."""
        return str(self.seats) if self.teams is None else f"{self.seats} in {self.teams} teams"


@dataclass
class GameRecord:
    """One finished game of a row: the tested side's share of first place and every decision's
    (wall, CPU) seconds, by level."""

    row: Row
    number: int
    share: float
    times: dict[str, list[tuple[float, float]]] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.row.game,
                "seats": self.row.seats,
                "options": dict(self.row.options),
                "level": self.row.level,
                "others": self.row.others,
                **({} if self.row.teams is None else {"teams": self.row.teams}),
                "number": self.number,
                "share": self.share,
                "times": {level: [[round(w, 6), round(c, 6)] for w, c in pairs] for level, pairs in self.times.items()},
            }
        )

    @staticmethod
    def from_json(line: str) -> GameRecord:
        data = json.loads(line)
        row = Row(
            data["game"], data["seats"], freeze(data["options"]), data["level"], data["others"], data.get("teams")
        )
        times = {level: [(float(w), float(c)) for w, c in pairs] for level, pairs in data["times"].items()}
        return GameRecord(row, int(data["number"]), float(data["share"]), times)


# ---- pure parts -------------------------------------------------------------------------


def freeze(options: dict[str, Any]) -> Options:
    return tuple(sorted(options.items()))


def options_text(options: Options) -> str:
    return ",".join(f"{key}={value}" for key, value in options) or "-"


def parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def parse_options(text: str | None) -> dict[str, Any]:
    """`key=value,key=value` (true/false and whole numbers become bool and int)."""
    options: dict[str, Any] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"an option is key=value, not {part!r}")
        options[key.strip()] = parse_value(value)
    return options


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count as fractions of a win)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def target(level: str, others: str, sides: int) -> float | None:
    """The win share the tested level should reach against the others, with this many sides
    (seats, or teams in a team game) at the table (None: no target)."""
    fair = 1 / sides
    if (level, others) == ("hard", "normal"):
        return 0.60 if sides == 2 else 1.5 * fair
    if (level, others) == ("normal", "random"):
        return 0.75 if sides == 2 else 2 * fair
    if (level, others) == ("hard", "random"):
        return 0.90 if sides == 2 else 2 * fair
    return None


def teams_at(game: Game[Any], seats: int, options: dict[str, Any]) -> int | None:
    """How many teams this table plays in (None: every seat for itself), from a dealt game."""
    count = len(set(sides_of(game, game.new_game(seats, options, FIRST_SEED))))
    return None if count == seats else count


def seat_levels(row: Row, sides: Sequence[int], number: int) -> list[str]:
    """Each seat's level in game `number`: the tested level for every seat on the side of seat
    number mod seats (a whole team in a team game), the other level elsewhere."""
    tested = sides[number % row.seats]
    return [row.level if side == tested else row.others for side in sides]


def side_share(sides: Sequence[int], winners: Iterable[int], tested: int) -> float:
    """The tested side's share of first place: 1 alone (however many of its seats hold it), split
    evenly between the sides that share it, 0 when it does not hold it."""
    first = {sides[seat] for seat in winners}
    return 1 / len(first) if tested in first else 0.0


def verdict(low: float, high: float, goal: float | None) -> str:
    """Where the interval lies against the target."""
    if goal is None:
        return "-"
    if low >= goal:
        return "above"
    if high < goal:
        return "below"
    return "includes"


def default_rows(catalogue: dict[str, Game[Any]]) -> list[Row]:
    """Every game at its smallest table of 2 or more (its default options), hard against normal
    and normal against random; the same at the tables of `EXTRA_TABLES`."""
    tables: list[tuple[str, int, dict[str, Any]]] = []
    for game in catalogue.values():
        counts = sorted({players for players, _ in game.configurations() if players >= 2})
        if counts:
            tables.append((game.id, counts[0], {}))
    tables += [table for table in EXTRA_TABLES if table[0] in catalogue and table not in tables]
    rows: list[Row] = []
    for game_id, seats, options in tables:
        teams = teams_at(catalogue[game_id], seats, options)
        for level, others in (("hard", "normal"), ("normal", "random")):
            rows.append(Row(game_id, seats, freeze(options), level, others, teams))
    return rows


def schedule(rows: Sequence[Row], games_per_row: int, done: set[tuple[Row, int]]) -> Iterator[tuple[Row, int]]:
    """Round-robin: game 0 of every row, then game 1 of every row, ...; skipping games in `done`."""
    for number in range(games_per_row):
        for row in rows:
            if (row, number) not in done:
                yield row, number


def merge(records: Iterable[GameRecord]) -> dict[Row, list[GameRecord]]:
    """Records by row, in row order; a game met twice (same row and number: the same seed) counts once."""
    seen: set[tuple[Row, int]] = set()
    by_row: dict[Row, list[GameRecord]] = {}
    for record in records:
        if (record.row, record.number) in seen:
            continue
        seen.add((record.row, record.number))
        by_row.setdefault(record.row, []).append(record)
    return dict(sorted(by_row.items(), key=lambda item: item[0].order))


@dataclass(frozen=True)
class Summary:
    row: Row
    games: int
    share: float
    low: float
    high: float
    fair: float
    goal: float | None
    verdict: str


def summarise(row: Row, records: Sequence[GameRecord]) -> Summary:
    won = sum(record.share for record in records)
    count = len(records)
    low, high = wilson(won, count)
    goal = target(row.level, row.others, row.sides)
    return Summary(
        row, count, won / count if count else math.nan, low, high, 1 / row.sides, goal, verdict(low, high, goal)
    )


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def win_table(by_row: dict[Row, list[GameRecord]]) -> list[str]:
    lines = [
        "| game | options | seats | tested | others | games | win share | 95% interval | fair | target | verdict |",
        "| --- | --- | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | --- |",
    ]
    for row, records in by_row.items():
        s = summarise(row, records)
        lines.append(
            f"| {row.game} | {row.label} | {row.table} | {row.level} | {row.others} | {s.games} | "
            f"{pct(s.share)} | {s.low:.0%}-{s.high:.0%} | {s.fair:.0%} | {pct(s.goal)} | {s.verdict} |"
        )
    return lines


def time_table(by_row: dict[Row, list[GameRecord]]) -> list[str]:
    """Decision times per (game, seats, options, level), over every row that played that level."""
    pooled: dict[tuple[str, int, Options, str], list[tuple[float, float]]] = {}
    for row, records in by_row.items():
        for record in records:
            for level, pairs in record.times.items():
                pooled.setdefault((row.game, row.seats, row.options, level), []).extend(pairs)
    lines = [
        "| game | options | seats | level | decisions | wall p50 ms | wall p95 ms | CPU p50 ms | CPU p95 ms "
        "| target | verdict |",
        "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for (game_id, seats, options, level), pairs in sorted(pooled.items()):
        if not pairs:
            continue
        wall = [w * 1000 for w, _ in pairs]
        cpu = [c * 1000 for _, c in pairs]
        goal = TIME_TARGETS.get(level)
        cpu95 = percentile(cpu, 0.95)
        judged = "-" if goal is None else ("under" if cpu95 < goal * 1000 else "over")
        lines.append(
            f"| {game_id} | {options_text(options)} | {seats} | {level} | {len(pairs)} | "
            f"{percentile(wall, 0.5):.2f} | {percentile(wall, 0.95):.2f} | {percentile(cpu, 0.5):.2f} | "
            f"{cpu95:.2f} | {'-' if goal is None else f'{goal * 1000:.0f}'} | {judged} |"
        )
    return lines


def read_records(paths: Iterable[Path]) -> list[GameRecord]:
    records: list[GameRecord] = []
    for path in paths:
        if path.exists():
            records += [GameRecord.from_json(line) for line in path.read_text().splitlines() if line.strip()]
    return records


# ---- playing (in the worker processes) -----------------------------------------------------


@dataclass
class Timed:
    """A player that records each decision's wall and CPU seconds."""

    player: Player
    times: list[tuple[float, float]] = field(default_factory=list)

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        wall, cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(game, state, seat, rng)
        self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        return action


def make_player(level: str, iterations: int | None = None) -> Player:
    if level == "hard":
        return HardLevel(iterations=iterations)
    if level == "normal":
        return NormalLevel()
    if level == "easy":
        return EasyLevel()
    if level == "random":
        return RandomLevel()
    raise ValueError(f"no level {level!r} (one of {', '.join(LEVEL_NAMES)})")


def play_one(row: Row, number: int, iterations: int | None = None) -> GameRecord:
    """Game `number` of `row`: the tested level plays the side of seat number mod seats."""
    game = games()[row.game]
    seed = FIRST_SEED + number
    # The sides of this very game (a game may draw its partners), from the same seed play_game uses.
    sides = sides_of(game, game.new_game(row.seats, dict(row.options), seed))
    if len(set(sides)) != row.sides:
        raise ValueError(f"{row.game} at {row.seats} seats plays in {len(set(sides))} sides, not {row.sides}")
    levels = seat_levels(row, sides, number)
    seats = [Timed(make_player(level, iterations)) for level in levels]
    result = play_game(game, dict(row.options), seats, seed=seed)
    share = side_share(sides, result.winners, sides[number % row.seats])
    times: dict[str, list[tuple[float, float]]] = {}
    for level, player in zip(levels, seats, strict=True):
        times.setdefault(level, []).extend(player.times)
    return GameRecord(row, number, share, times)


def run(
    tasks: Iterator[tuple[Row, int]],
    jobs: int,
    deadline: float | None,
    iterations: int | None,
    out: Path | None,
) -> list[GameRecord]:
    """Play the tasks on `jobs` processes, starting none after `deadline` (perf_counter)."""
    records: list[GameRecord] = []
    started = time.perf_counter()
    last_note = started

    def keep(record: GameRecord) -> None:
        nonlocal last_note
        records.append(record)
        if out is not None:
            with out.open("a") as handle:
                handle.write(record.to_json() + "\n")
        if time.perf_counter() - last_note >= 30:
            last_note = time.perf_counter()
            print(f"{len(records)} games in {last_note - started:.0f} s", file=sys.stderr, flush=True)

    def more() -> bool:
        return deadline is None or time.perf_counter() < deadline

    if jobs <= 1:
        for row, number in tasks:
            if not more():
                break
            keep(play_one(row, number, iterations))
        return records
    pending: set[Future[GameRecord]] = set()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            while True:
                while len(pending) < jobs and more():
                    task = next(tasks, None)
                    if task is None:
                        break
                    pending.add(pool.submit(play_one, task[0], task[1], iterations))
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    keep(future.result())
        except KeyboardInterrupt:
            print("stopped: the table covers the finished games", file=sys.stderr)
            for future in pending:
                future.cancel()
    return records


def select_rows(args: argparse.Namespace, catalogue: dict[str, Game[Any]]) -> list[Row]:
    if args.seats is not None or args.options or args.level or args.others:
        if args.game is None:
            raise SystemExit("a row of your own needs --game")
        game = catalogue[args.game]
        seats = args.seats or min(n for n, _ in game.configurations() if n >= 2)
        level = args.level or "hard"
        others = args.others or ("random" if level == "normal" else "normal")
        options = parse_options(args.options)
        return [Row(args.game, seats, freeze(options), level, others, teams_at(game, seats, options))]
    rows = default_rows(catalogue)
    if args.game is not None:
        rows = [row for row in rows if row.game == args.game]
        if not rows:
            raise SystemExit(f"no game {args.game!r}")
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="only this game id (with --seats/--level/--others/--options: one row)")
    parser.add_argument("--seats", type=int, help="players at the table")
    parser.add_argument("--options", help="the table's options, key=value,...")
    parser.add_argument(
        "--level", choices=LEVEL_NAMES, help="the tested side's level (a whole team in a team game) (default hard)"
    )
    parser.add_argument("--others", choices=LEVEL_NAMES, help="the other seats' level")
    parser.add_argument("--games", type=int, default=100, help="games per row (default 100)")
    parser.add_argument("--until", type=float, help="minutes: start no new game after this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--iterations", type=int, help="hard's iterations (default: the game's own)")
    parser.add_argument("--json", type=Path, help="append each game's result here; games in it are not replayed")
    parser.add_argument("--merge", type=Path, nargs="+", help="print the table of these saved files, play nothing")
    args = parser.parse_args(argv)

    if args.merge:
        by_row = merge(read_records(args.merge))
        print("\n".join(win_table(by_row)), "", "\n".join(time_table(by_row)), sep="\n")
        return
    catalogue = games()
    rows = select_rows(args, catalogue)
    saved = read_records([args.json]) if args.json is not None else []
    done = {(record.row, record.number) for record in saved}
    deadline = None if args.until is None else time.perf_counter() + args.until * 60
    started = time.perf_counter()
    fresh = run(schedule(rows, args.games, done), args.jobs, deadline, args.iterations, args.json)
    wanted = set(rows)
    by_row = merge(record for record in saved + fresh if record.row in wanted)
    print("\n".join(win_table(by_row)), "", "\n".join(time_table(by_row)), sep="\n")
    print(
        f"\n{len(fresh)} games played in {time.perf_counter() - started:.0f} s on {args.jobs} processes "
        f"({len(saved)} read from {args.json})."
        if args.json
        else f"\n{len(fresh)} games played in {time.perf_counter() - started:.0f} s on {args.jobs} processes."
    )


if __name__ == "__main__":
    main()
