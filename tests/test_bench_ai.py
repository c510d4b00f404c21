"""The tournament bench's pure parts: intervals, targets, verdicts, rows, scheduling, merging.

Strength is never tested here (see bench/ai.py for measuring it); one tiny game checks that a
played game comes back as a record with the tested side's share and every decision's time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ai import (
    GameRecord,
    Row,
    default_rows,
    freeze,
    main,
    merge,
    parse_options,
    play_one,
    read_records,
    schedule,
    seat_levels,
    side_share,
    summarise,
    target,
    teams_at,
    verdict,
    wilson,
)
from rules.ai.hooks import sides_of
from rules.registry import games


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson(0, 10)
    assert low == 0.0
    assert round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_takes_split_wins() -> None:
    low, high = wilson(7.5, 10)
    assert 0.4 < low < 0.75 < high < 1.0


@pytest.mark.parametrize(
    ("level", "others", "seats", "goal"),
    [
        ("hard", "normal", 2, 0.60),
        ("hard", "normal", 3, 0.5),
        ("hard", "normal", 4, 0.375),
        ("normal", "random", 2, 0.75),
        ("normal", "random", 3, 2 / 3),
        ("normal", "random", 5, 0.4),
        ("hard", "random", 2, 0.9),
        ("easy", "random", 2, None),
    ],
)
def test_targets(level: str, others: str, seats: int, goal: float | None) -> None:
    assert target(level, others, seats) == (None if goal is None else pytest.approx(goal))


def test_verdict_places_the_interval_against_the_target() -> None:
    assert verdict(0.61, 0.8, 0.6) == "above"
    assert verdict(0.6, 0.8, 0.6) == "above"
    assert verdict(0.5, 0.7, 0.6) == "includes"
    assert verdict(0.3, 0.59, 0.6) == "below"
    assert verdict(0.3, 0.59, None) == "-"


def test_options_parse_into_booleans_numbers_and_words() -> None:
    assert parse_options("tiny_tim=true, target=500,mode=Fast") == {"tiny_tim": True, "target": 500, "mode": "Fast"}
    assert parse_options("") == {}
    assert parse_options(None) == {}
    with pytest.raises(ValueError, match="key=value"):
        parse_options("tiny_tim")


def test_default_rows_cover_every_game_at_its_smallest_table_and_the_weak_tables() -> None:
    rows = default_rows(games())
    pairs = {(row.level, row.others) for row in rows}
    assert pairs == {("hard", "normal"), ("normal", "random")}
    for game in games().values():
        smallest = min(n for n, _ in game.configurations() if n >= 2)
        for level, others in pairs:
            assert Row(game.id, smallest, (), level, others, teams_at(game, smallest, {})) in rows
    assert Row("best-candy", 2, (), "hard", "normal") in rows  # a solo game still gets its 2-seat table
    assert Row("ghosts-of-christmas", 3, freeze({"tiny_tim": True}), "normal", "random") in rows
    assert Row("how-many-candies", 4, (), "hard", "normal", teams=2) in rows
    assert Row("31-candies", 3, (), "hard", "normal") in rows
    assert len(rows) == len(set(rows))


def test_the_schedule_gives_every_row_a_game_before_any_row_a_second_and_skips_saved_games() -> None:
    a = Row("a", 2, (), "hard", "normal")
    b = Row("b", 3, (), "hard", "normal")
    assert list(schedule([a, b], 2, set())) == [(a, 0), (b, 0), (a, 1), (b, 1)]
    assert list(schedule([a, b], 2, {(a, 0), (b, 1)})) == [(b, 0), (a, 1)]


def test_merging_counts_a_game_met_twice_once() -> None:
    a = Row("a", 2, (), "hard", "normal")
    b = Row("b", 3, freeze({"x": True}), "normal", "random")
    records = [GameRecord(a, 0, 1.0), GameRecord(b, 0, 0.0), GameRecord(a, 0, 1.0), GameRecord(a, 1, 0.5)]
    by_row = merge(records)
    assert [len(by_row[a]), len(by_row[b])] == [2, 1]
    summary = summarise(a, by_row[a])
    assert (summary.games, summary.share, summary.goal) == (2, 0.75, 0.6)


def test_a_record_survives_its_json_line() -> None:
    row = Row("ghosts-of-christmas", 3, freeze({"tiny_tim": True}), "normal", "random")
    record = GameRecord(row, 7, 0.5, {"normal": [(0.001, 0.0009)], "random": [(0.0001, 0.0001)]})
    assert GameRecord.from_json(record.to_json()) == record


def test_a_played_game_records_the_tested_share_and_every_decision() -> None:
    row = Row("closest-ghost", 2, (), "easy", "random")
    record = play_one(row, 3)
    assert record.row == row
    assert record.number == 3
    assert record.share in (0.0, 0.5, 1.0)
    assert set(record.times) == {"easy", "random"}
    assert all(wall >= 0 and cpu >= 0 for pairs in record.times.values() for wall, cpu in pairs)
    assert play_one(row, 3).share == record.share  # same number, same seed, same game


def test_runs_add_up_in_the_json_file_and_merge_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "ai.jsonl"
    common = ["--game", "closest-ghost", "--seats", "2", "--level", "easy", "--others", "random", "--jobs", "1"]
    main([*common, "--games", "2", "--json", str(saved)])
    main([*common, "--games", "3", "--json", str(saved)])
    numbers = [json.loads(line)["number"] for line in saved.read_text().splitlines()]
    assert numbers == [0, 1, 2]  # the second run played only the game the file lacked
    capsys.readouterr()
    main(["--merge", str(saved)])
    table = capsys.readouterr().out
    assert "| closest-ghost | - | 2 | easy | random | 3 |" in table
    assert len(read_records([saved])) == 3


@pytest.mark.parametrize(
    ("game_id", "players", "options", "teams"),
    [
        ("how-many-candies", 4, {}, 2),
        ("13-ghosts", 4, {}, 2),
        ("13-ghosts", 3, {}, None),
        ("13-ghosts", 2, {}, None),
        ("best-candy", 4, {"teams": True}, 2),
        ("best-candy", 4, {}, None),
        ("closest-ghost", 2, {}, None),
    ],
)
def test_a_team_game_is_seen_as_its_teams(game_id: str, players: int, options: dict[str, object], teams: int) -> None:
    assert teams_at(games()[game_id], players, options) == teams


def test_how_many_candies_sides_follow_the_partners_it_draws() -> None:
    game = games()["how-many-candies"]
    for seed in range(5):
        state = game.new_game(4, {}, seed)
        sides = sides_of(game, state)
        assert sorted(sides) == [0, 0, 1, 1]
        assert sides[state.order[0]] == sides[state.order[2]] != sides[state.order[1]] == sides[state.order[3]]


def test_both_partners_of_the_tested_team_play_the_tested_level() -> None:
    row = Row("how-many-candies", 4, (), "hard", "normal", teams=2)
    sides = [0, 1, 1, 0]  # seat 0 partners seat 3
    assert seat_levels(row, sides, 0) == ["hard", "normal", "normal", "hard"]
    assert seat_levels(row, sides, 2) == ["normal", "hard", "hard", "normal"]
    assert seat_levels(row, sides, 7) == ["hard", "normal", "normal", "hard"]
    solo = Row("secret-stash", 3, (), "normal", "random")
    assert seat_levels(solo, [0, 1, 2], 4) == ["random", "normal", "random"]


def test_a_team_win_counts_whole_for_the_team_and_a_shared_first_place_splits_between_sides() -> None:
    sides = [0, 1, 1, 0]
    assert side_share(sides, (0, 3), 0) == 1.0  # both partners first: one side won
    assert side_share(sides, (0, 3), 1) == 0.0
    assert side_share(sides, (0, 1, 2, 3), 1) == 0.5  # a draw between the two teams
    assert side_share([0, 1, 2], (0, 2), 2) == 0.5  # every seat its own side: a split first place


def test_team_rows_have_the_two_sided_fair_share_and_targets() -> None:
    row = Row("how-many-candies", 4, (), "normal", "random", teams=2)
    summary = summarise(row, [GameRecord(row, 0, 1.0), GameRecord(row, 1, 0.0)])
    assert (summary.fair, summary.goal, summary.share) == (0.5, 0.75, 0.5)
    hard = Row("how-many-candies", 4, (), "hard", "normal", teams=2)
    assert summarise(hard, [GameRecord(hard, 0, 1.0)]).goal == 0.6
    assert row.table == "4 in 2 teams"


def test_a_played_team_game_counts_the_teams_win_whole() -> None:
    row = Row("how-many-candies", 4, (), "normal", "random", teams=2)
    shares = [play_one(row, number).share for number in range(4)]
    assert set(shares) <= {0.0, 0.5, 1.0}
    assert 1.0 in shares  # a team's win is not split between its partners


def test_games_saved_before_a_game_had_teams_stay_a_row_of_their_own() -> None:
    line = json.dumps(
        {
            "game": "how-many-candies",
            "seats": 4,
            "options": {},
            "level": "normal",
            "others": "random",
            "number": 0,
            "share": 0.5,
            "times": {},
        }
    )
    old = GameRecord.from_json(line)
    new = GameRecord(Row("how-many-candies", 4, (), "normal", "random", teams=2), 0, 1.0)
    assert old.row.teams is None
    assert GameRecord.from_json(new.to_json()) == new
    assert len(merge([old, new])) == 2
