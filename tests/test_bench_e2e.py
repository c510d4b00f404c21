"""The end-to-end bench's own pieces: which tables its floor sends, how many play, its summary."""

from __future__ import annotations

import pytest

from bench import e2e
from rules import registry


def test_the_bench_plays_each_game_at_the_fewest_players_it_allows() -> None:
    assert e2e.players_of("closest-ghost") == 2
    assert e2e.players_of("ghosts-love-candy") == 3
    for game in registry.games().values():
        low, _high = game.seat_range(game.options())
        assert e2e.players_of(game.id) >= low


@pytest.mark.parametrize("game_id", ["closest-ghost", "ghosts-love-candy"])
def test_every_table_the_floor_sends_has_something_to_click(game_id: str) -> None:
    # A game played in DMs has tables without moves: the floor's player clicks the button below them.
    e2e.SHAPES[:] = e2e.table_shapes(game_id)
    for n in range(len(e2e.SHAPES)):
        message = e2e.TableMove.message(n)
        assert any(item.custom_id.startswith("floortable:") for item in message["view"].children)


def test_the_summary_gives_a_line_per_game_and_their_mean(capsys: pytest.CaptureFixture[str]) -> None:
    def tally(clicks: int, seconds: float, edit: float) -> e2e.Tally:
        made = e2e.Tally()
        made.ack, made.edit = [0.01] * clicks, [edit] * clicks
        made.started, made.ended = 0.0, seconds
        return made

    results = {
        game: {"floor-tbl": tally(100, 1.0, 0.1), "ours": tally(80, 1.0, 0.12), "ours-txt": tally(90, 1.0, 0.1)}
        for game in ("closest-ghost", "13-ghosts")
    }
    e2e.print_summary(results)
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("closest-ghost") and " 0.80 " in line and " 1.20 " in line for line in lines)
    assert any(line.startswith("13-ghosts") for line in lines)
    assert any(line.startswith("all games") and " 0.80 " in line and " 0.90 " in line for line in lines)
