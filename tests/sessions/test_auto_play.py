"""Ruling G10: a player with exactly one legal move has it made for them by the session service,
when the table's host option says so (on by default in the games that offer it).

The only-move toy (tests/sessions/toy.py) gives its last seat one legal move every round and
its other seats two, and offers the option through the same contract as the variant games."""

from __future__ import annotations

from bot.sessions import ACTIVE, Player, Session, SessionService
from bot.turn_clock import TurnClock
from persistence.store import Store
from rules.contract import act
from tests.sessions.clock import ManualClock
from tests.sessions.toy import ONLY_MOVE_TOY, ToyState

ANA = Player(10, "Ana")
BO = Player(20, "Bo")
CY = Player(30, "Cy")
GAME = ONLY_MOVE_TOY.id


async def table(service: SessionService, *players: Player, **options: object) -> int:
    """A started only-move toy table: the first player hosts; the last seat has one move a round."""
    session = await service.create_lobby(GAME, players[0], options=dict(options))
    for player in players[1:]:
        await service.join(session.id, player)
    await service.start(session.id, players[0])
    await service.wait_for_computers(session.id)
    return session.id


def picks(session: Session) -> list[int | None]:
    assert isinstance(session.state, ToyState)
    return session.state.picks


async def test_g10_a_players_only_move_is_made_for_them_after_the_start_and_after_each_move(
    service: SessionService,
) -> None:
    sid = await table(service, ANA, BO)
    session = await service.get(sid)
    # Both pick at once; Bo may only pick 1, so the service picked it for him; Ana still chooses.
    assert session.moves == [1]
    assert picks(session) == [None, 1]
    assert session.to_act() == frozenset({0})
    assert not session.seats[1].away, "a player whose only move was made is not away"

    await service.act(sid, ANA.user_id, 0, act("pick", 2))
    await service.wait_for_computers(sid)
    # The round was revealed and Bo's next only move made at once: one move per runner step.
    assert session.moves == [1, 0, 1]
    assert picks(session) == [None, 1]
    assert session.result() is None


async def test_g10_the_host_can_turn_off_making_a_players_only_move(service: SessionService) -> None:
    sid = await table(service, ANA, BO, auto_play=False)
    session = await service.get(sid)
    assert session.moves == []
    assert not service.computer_busy(sid)
    assert session.only_move(1) is None
    await service.act(sid, BO.user_id, 1, act("pick", 1))
    await service.wait_for_computers(sid)
    assert session.moves == [1]


async def test_g10_a_player_with_two_or_more_moves_is_never_moved_for(service: SessionService) -> None:
    # Ana and Bo have two moves each; Cy (the last seat) has one.
    sid = await table(service, ANA, BO, CY)
    session = await service.get(sid)
    assert session.moves == [2]
    assert session.only_move(0) is None
    assert session.only_move(1) is None
    await service.act(sid, ANA.user_id, 0, act("pick", 1))
    await service.wait_for_computers(sid)
    assert session.moves == [2, 0], "Bo chooses for himself"
    assert session.to_act() == frozenset({1})
    await service.act(sid, BO.user_id, 1, act("pick", 2))
    await service.wait_for_computers(sid)
    assert session.moves == [2, 0, 1, 2], "a new round: Cy's only move again, nobody else's"


async def test_g10_a_table_where_someone_always_moves_for_the_seat_plays_to_its_end(service: SessionService) -> None:
    """A computer beside a player with one move a round: nobody waits, and the runner stops at the result."""
    session = await service.create_lobby(GAME, ANA, seat_host=False)
    await service.add_computer(session.id, ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    await service.wait_for_computers(session.id)
    result = session.result()
    assert result is not None
    assert session.moves.count(1) == session.moves.count(0), "Bo moved once a round, made for him"


async def test_g10_a_restart_makes_the_only_move_the_last_run_had_not_made(database: str) -> None:
    store = await Store.open(database)
    # A runner that waits an hour before each move: closing the service cancels it, unmade.
    first = SessionService(store, computer_delay=3600.0)
    try:
        sid = await table_without_waiting(first)
        assert (await first.get(sid)).moves == []
    finally:
        await first.close()
        await store.close()

    store = await Store.open(database)
    second = SessionService(store)
    try:
        resumed = await second.resume_all()
        assert [s.id for s in resumed] == [sid]
        await second.wait_for_computers(sid)
        session = resumed[0]
        assert session.status == ACTIVE
        assert session.moves == [1]
        assert len(await store.actions(sid)) == 1, "the move was stored like any other"
    finally:
        await second.close()
        await store.close()


async def table_without_waiting(service: SessionService) -> int:
    session = await service.create_lobby(GAME, ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    return session.id


async def test_g10_the_turn_clock_counts_a_made_move_as_the_players_and_never_makes_it_twice(
    service: SessionService,
) -> None:
    clock = ManualClock()
    watcher = TurnClock(service, now=clock.now, sleep=clock.sleep)
    service.subscribe(watcher.on_change)
    try:
        session = await service.create_lobby(GAME, ANA)
        await service.join(session.id, BO)
        await service.set_turn_clock(session.id, ANA, 120)
        await service.start(session.id, ANA)
        sid = session.id
        await service.wait_for_computers(sid)
        await watcher.settled(sid)
        assert session.moves == [1]
        assert set(watcher.deadlines(sid)) == {0}, "only Ana's time runs"
        # Ana lets her time run out: the computer picks for her, the round is revealed, and Bo's
        # next only move is made for him again: a move made for him is his, so he never times out.
        clock.advance(120)
        await watcher.settled(sid)
        await service.wait_for_computers(sid)
        await watcher.settled(sid)
        assert session.moves == [1, 0, 1]
        assert watcher.timeouts(sid, 0) == 1
        assert watcher.timeouts(sid, 1) == 0
        assert not session.seats[1].away
        assert set(watcher.deadlines(sid)) == {0}
    finally:
        await watcher.close()
