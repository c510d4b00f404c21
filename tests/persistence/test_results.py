"""Stats and leaderboards read the results of finished games."""

from __future__ import annotations

from persistence.models import ResultRow
from persistence.store import Store
from tests.persistence.helpers import new_session

Seat = tuple[int | None, int]  # (user id or None for a computer, place)


async def _finished_game(store: Store, game_id: str, guild_id: int | None, seats: list[Seat]) -> None:
    row = await new_session(store, game_id=game_id, guild_id=guild_id, status="active")
    results = [
        ResultRow(
            session_id=row.id,
            seat=number,
            user_id=user_id,
            computer="random" if user_id is None else None,
            game_id=game_id,
            guild_id=guild_id,
            score=10 - place,
            place=place,
            finished_at=2000.0,
        )
        for number, (user_id, place) in enumerate(seats)
    ]
    await store.finish(row.id, 0, state="{}", seat=None, action=None, results=results)


async def _league(store: Store) -> None:
    # Server 1: user 1 wins two of three 13 Ghosts games; user 2 wins one and ties one (shared first place).
    await _finished_game(store, "13-ghosts", 1, [(1, 1), (2, 2)])
    await _finished_game(store, "13-ghosts", 1, [(1, 1), (2, 2)])
    await _finished_game(store, "13-ghosts", 1, [(1, 2), (2, 1)])
    await _finished_game(store, "best-candy", 1, [(1, 1), (2, 1), (None, 3)])
    # Server 2: user 3 wins once in one game, user 1 loses to a computer.
    await _finished_game(store, "13-ghosts", 2, [(3, 1), (1, 2)])
    await _finished_game(store, "closest-ghost", 2, [(None, 1), (1, 2)])


async def test_stats_count_games_played_and_won_per_game(store: Store) -> None:
    await _league(store)
    assert await store.stats(1) == [("13-ghosts", 4, 2), ("best-candy", 1, 1), ("closest-ghost", 1, 0)]
    assert await store.stats(2) == [("13-ghosts", 3, 1), ("best-candy", 1, 1)]


async def test_stats_can_be_limited_to_one_server(store: Store) -> None:
    await _league(store)
    assert await store.stats(1, guild_id=2) == [("13-ghosts", 1, 0), ("closest-ghost", 1, 0)]
    assert await store.stats(3, guild_id=1) == []


async def test_a_shared_first_place_counts_as_a_win_for_everyone_in_it(store: Store) -> None:
    await _finished_game(store, "13-ghosts", 1, [(1, 1), (2, 1), (3, 3), (4, 3)])
    assert await store.stats(1) == [("13-ghosts", 1, 1)]
    assert await store.stats(2) == [("13-ghosts", 1, 1)]
    assert await store.stats(3) == [("13-ghosts", 1, 0)]


async def test_leaderboard_ranks_by_wins_and_filters_by_game_and_server(store: Store) -> None:
    await _league(store)
    # Everywhere: user 1 won 3 of 6, user 2 won 2 of 4, user 3 won 1 of 1.
    assert await store.leaderboard(None, None) == [(1, 3, 6), (2, 2, 4), (3, 1, 1)]
    # 13 Ghosts on server 1: user 1 won 2 of 3, user 2 won 1 of 3.
    assert await store.leaderboard("13-ghosts", 1) == [(1, 2, 3), (2, 1, 3)]
    # 13 Ghosts everywhere: users 2 and 3 won once each; user 3 needed fewer games.
    assert await store.leaderboard("13-ghosts", None) == [(1, 2, 4), (3, 1, 1), (2, 1, 3)]


async def test_leaderboard_breaks_ties_by_fewer_games_then_lower_user_id(store: Store) -> None:
    await _finished_game(store, "best-candy", 5, [(30, 1), (20, 2)])
    await _finished_game(store, "best-candy", 5, [(20, 1), (30, 2)])
    await _finished_game(store, "best-candy", 5, [(10, 1), (40, 2)])
    await _finished_game(store, "best-candy", 5, [(50, 1)])
    # 10, 20, 30 and 50 won once; 10 and 50 in one game, 20 and 30 in two.
    assert await store.leaderboard("best-candy", 5) == [(10, 1, 1), (50, 1, 1), (20, 1, 2), (30, 1, 2), (40, 0, 1)]


async def test_leaderboard_leaves_out_computers_and_respects_the_limit(store: Store) -> None:
    await _league(store)
    board = await store.leaderboard("closest-ghost", 2)
    assert board == [(1, 0, 1)]  # the computer that won is not on the board
    assert await store.leaderboard(None, None, limit=2) == [(1, 3, 6), (2, 2, 4)]
    assert await store.leaderboard(None, None, limit=0) == []
    assert await store.leaderboard("no-such-game", None) == []


async def test_game_results_are_the_rows_of_those_games_in_the_order_they_finished(store: Store) -> None:
    await _league(store)
    rows = await store.game_results(["13-ghosts"])
    assert {r.game_id for r in rows} == {"13-ghosts"}
    assert len(rows) == 8, "four games of two seats"
    assert [r.session_id for r in rows] == sorted(r.session_id for r in rows)
    assert [r.seat for r in rows[:2]] == [0, 1]
    assert {r.guild_id for r in await store.game_results(["13-ghosts"], guild_id=2)} == {2}
    assert await store.game_results([]) == []
