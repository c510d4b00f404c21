"""The turn clock with a hand-driven clock: reminders, timeout moves, the takeover, restarts."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.sessions import LobbyError, NotAllowed, NotYourSeat, NotYourTurn, Player, SessionService
from bot.turn_clock import ClockNotice, TurnClock
from persistence.store import Store
from rules.contract import NARROW, WIDEN, Action, act, seats_text
from tests.sessions.clock import ManualClock

ANA = Player(10, "Ana")
BO = Player(20, "Bo")
CY = Player(30, "Cy")
MINUTES_2 = 120


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def notices() -> list[ClockNotice]:
    return []


@pytest.fixture
async def turn_clock(
    service: SessionService, clock: ManualClock, notices: list[ClockNotice]
) -> AsyncIterator[TurnClock]:
    watcher = TurnClock(service, now=clock.now, sleep=clock.sleep)
    service.subscribe(watcher.on_change)
    watcher.subscribe(notices.append)
    yield watcher
    await watcher.close()


async def clocked_game(service: SessionService, turn_clock: TurnClock, seconds: int = MINUTES_2) -> int:
    """Ana and Bo at the long toy game (simultaneous picks every round), with a turn clock."""
    session = await service.create_lobby("toy-long", ANA)
    await service.join(session.id, BO)
    await service.set_turn_clock(session.id, ANA, seconds)
    await service.start(session.id, ANA)
    await turn_clock.settled(session.id)
    return session.id


async def pass_time(clock: ManualClock, turn_clock: TurnClock, service: SessionService, sid: int, s: float) -> None:
    clock.advance(s)
    await turn_clock.settled(sid)
    await service.wait_for_computers(sid)
    await turn_clock.settled(sid)


async def bo_picks(service: SessionService, turn_clock: TurnClock, sid: int) -> None:
    await service.act(sid, BO.user_id, 1, act("pick", 1))
    await turn_clock.settled(sid)


def reminders(notices: list[ClockNotice]) -> list[tuple[int | None, float]]:
    return [(n.seat, n.share) for n in notices if n.kind == "reminder"]


# ---- the lobby option -----------------------------------------------------------------------


async def test_only_the_host_sets_the_clock_and_only_to_an_offered_time(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    await service.join(session.id, BO)
    with pytest.raises(NotAllowed, match="host"):
        await service.set_turn_clock(session.id, BO, 600)
    with pytest.raises(LobbyError, match="2 minutes"):
        await service.set_turn_clock(session.id, ANA, 61)
    await service.set_turn_clock(session.id, ANA, 3600)
    assert (await service.store.get_session(session.id)).turn_seconds == 3600
    await service.set_turn_clock(session.id, ANA, None)
    assert session.turn_seconds is None


async def test_no_clock_runs_when_the_host_chose_none(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock
) -> None:
    session = await service.create_lobby("toy-long", ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    await turn_clock.settled(session.id)
    await pass_time(clock, turn_clock, service, session.id, 86400 * 3)
    assert turn_clock.deadlines(session.id) == {}
    assert session.move_number == 0


# ---- deadlines and reminders ------------------------------------------------------------------


async def test_a_seat_due_to_act_gets_a_deadline_that_is_stored(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock, store: Store
) -> None:
    started = clock.now()
    sid = await clocked_game(service, turn_clock)
    assert turn_clock.deadlines(sid) == {0: started + MINUTES_2, 1: started + MINUTES_2}
    assert [(c.seat, c.deadline) for c in await store.clocks(sid)] == [(0, started + 120), (1, started + 120)]


async def test_the_player_is_reminded_when_half_and_when_ninety_percent_of_the_time_is_gone(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock, notices: list[ClockNotice], store: Store
) -> None:
    sid = await clocked_game(service, turn_clock)
    await bo_picks(service, turn_clock, sid)
    await pass_time(clock, turn_clock, service, sid, 59)
    assert reminders(notices) == []
    await pass_time(clock, turn_clock, service, sid, 1)
    assert reminders(notices) == [(0, 0.5)], "only Ana is still to choose"
    await pass_time(clock, turn_clock, service, sid, 47)
    assert reminders(notices) == [(0, 0.5)]
    await pass_time(clock, turn_clock, service, sid, 1)
    assert reminders(notices) == [(0, 0.5), (0, 0.9)]
    assert [c.reminders for c in await store.clocks(sid) if c.seat == 0] == [2]
    assert (await service.get(sid)).move_number == 1, "a reminder is no move"


async def test_during_a_simultaneous_choice_another_seats_move_does_not_restart_my_time(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock
) -> None:
    started = clock.now()
    sid = await clocked_game(service, turn_clock)
    await pass_time(clock, turn_clock, service, sid, 30)
    await bo_picks(service, turn_clock, sid)
    assert turn_clock.deadlines(sid) == {0: started + MINUTES_2}, "Bo is done; Ana's time runs on as it was"
    await pass_time(clock, turn_clock, service, sid, 60)
    await service.act(sid, ANA.user_id, 0, act("pick", 2))
    await turn_clock.settled(sid)
    # A new round: both choose again, each with a full time from now.
    assert turn_clock.deadlines(sid) == {0: clock.now() + MINUTES_2, 1: clock.now() + MINUTES_2}


async def test_steps_in_a_long_choice_do_not_restart_the_time_and_a_restart_remembers_them(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock, store: Store
) -> None:
    """Opening a group of a long choice and going back is no move: it cannot buy more time."""
    session = await service.create_lobby("toy-steps", ANA)
    await service.join(session.id, BO)
    await service.set_turn_clock(session.id, ANA, MINUTES_2)
    await service.start(session.id, ANA)
    await turn_clock.settled(session.id)
    sid, started = session.id, clock.now()
    steps = session.game.choices(session.state, 0)
    assert [a.kind for a in steps] == [NARROW, NARROW], "30 picks come as two groups"
    for _ in range(3):
        await pass_time(clock, turn_clock, service, sid, 30)
        await service.act(sid, ANA.user_id, 0, steps[0])
        await turn_clock.settled(sid)
        await service.act(sid, ANA.user_id, 0, Action(kind=WIDEN))
        await turn_clock.settled(sid)
    assert turn_clock.deadlines(sid)[0] == started + MINUTES_2, "six steps later Ana's time is where it was"
    # After a restart the stored steps are still steps.
    reloaded = SessionService(store, seed_source=lambda: 1234)
    try:
        again = await reloaded.get(sid)
        assert again.steps == {0, 1, 2, 3, 4, 5}
        assert not again.moved_since(0, 0)
        assert again.acted_since(0, 0), "yet her old controls are stale"
    finally:
        await reloaded.close()
    await pass_time(clock, turn_clock, service, sid, MINUTES_2 - 90)
    assert turn_clock.timeouts(sid, 0) == 1, "the time ran out as if she had never opened the menu"


# ---- timeouts and the takeover --------------------------------------------------------------------


async def test_when_time_runs_out_the_computer_moves_for_the_player_and_the_log_says_so(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock, store: Store
) -> None:
    sid = await clocked_game(service, turn_clock)
    await bo_picks(service, turn_clock, sid)
    await pass_time(clock, turn_clock, service, sid, MINUTES_2 - 1)
    assert (await service.get(sid)).move_number == 1
    await pass_time(clock, turn_clock, service, sid, 1)
    session = await service.get(sid)
    assert [(a.seat, a.action[:5]) for a in await store.actions(sid)] == [(1, "pick."), (0, "pick.")]
    assert (await store.get_session(sid)).state == session.game.dump_state(session.state)
    assert any("Ana ran out of time" in seats_text(e.text, session.names) for e in session.events(None))
    assert turn_clock.timeouts(sid, 0) == 1
    assert not session.seats[0].away, "one timeout does not hand the seat over"


async def test_two_timeouts_in_a_row_let_the_computer_play_the_seat_until_im_back(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock, store: Store
) -> None:
    sid = await clocked_game(service, turn_clock)
    session = await service.get(sid)
    for _ in range(2):
        await bo_picks(service, turn_clock, sid)
        await pass_time(clock, turn_clock, service, sid, MINUTES_2)
    assert session.seats[0].away
    assert [s.away for s in await store.seats(sid)] == [True, False]
    assert any("until they press I'm back" in e.text for e in session.events(None))
    # Away, Ana needs no clock: the computer has already chosen for her in round three.
    assert turn_clock.deadlines(sid) == {1: clock.now() + MINUTES_2}
    assert session.moves[-1] == 0
    await bo_picks(service, turn_clock, sid)
    await service.wait_for_computers(sid)
    assert session.moves[-2:] == [1, 0], "round four: the computer chose for Ana again, at once"
    with pytest.raises(NotYourTurn, match="I'm back"):
        await service.act(sid, ANA.user_id, 0, act("pick", 1))

    with pytest.raises(NotYourSeat):
        await service.back(sid, 0, BO)
    await service.back(sid, 0, ANA)
    await turn_clock.settled(sid)
    assert not session.seats[0].away
    assert turn_clock.timeouts(sid, 0) == 0
    await bo_picks(service, turn_clock, sid)  # round four ends; in round five Ana chooses herself
    assert turn_clock.deadlines(sid)[0] == clock.now() + MINUTES_2
    await service.act(sid, ANA.user_id, 0, act("pick", 2))
    assert session.moves[-1] == 0
    with pytest.raises(NotAllowed, match="not away"):
        await service.back(sid, 0, ANA)


async def test_a_move_by_the_player_clears_the_count_of_timeouts(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock
) -> None:
    sid = await clocked_game(service, turn_clock)
    await bo_picks(service, turn_clock, sid)
    await pass_time(clock, turn_clock, service, sid, MINUTES_2)
    assert turn_clock.timeouts(sid, 0) == 1
    await service.act(sid, ANA.user_id, 0, act("pick", 1))  # in time, this round
    await turn_clock.settled(sid)
    assert turn_clock.timeouts(sid, 0) == 0
    await bo_picks(service, turn_clock, sid)
    await pass_time(clock, turn_clock, service, sid, MINUTES_2)
    session = await service.get(sid)
    assert turn_clock.timeouts(sid, 0) == 1
    assert not session.seats[0].away, "not two in a row"


async def test_a_seat_given_to_someone_else_starts_with_a_clean_count(
    service: SessionService, turn_clock: TurnClock, clock: ManualClock
) -> None:
    sid = await clocked_game(service, turn_clock)
    await bo_picks(service, turn_clock, sid)
    await pass_time(clock, turn_clock, service, sid, MINUTES_2)
    assert turn_clock.timeouts(sid, 0) == 1
    await service.give_seat(sid, 0, ANA, CY)
    await turn_clock.settled(sid)
    assert turn_clock.timeouts(sid, 0) == 0
    await service.seat_to_computer(sid, 1, ANA)
    await service.wait_for_computers(sid)
    await turn_clock.settled(sid)
    assert 1 not in turn_clock.deadlines(sid), "a computer seat has no clock"


# ---- restart ------------------------------------------------------------------------------------


async def test_a_restart_carries_on_a_running_clock_without_resetting_it(database: str) -> None:
    clock = ManualClock()
    started = clock.now()
    store = await Store.open(database)
    service = SessionService(store, seed_source=lambda: 7)
    first = TurnClock(service, now=clock.now, sleep=clock.sleep)
    service.subscribe(first.on_change)
    heard: list[ClockNotice] = []
    first.subscribe(heard.append)
    sid = await clocked_game(service, first, seconds=600)
    await bo_picks(service, first, sid)
    await pass_time(clock, first, service, sid, 400)
    assert reminders(heard) == [(0, 0.5)]
    await first.close()
    await service.close()
    await store.close()

    later = ManualClock(start=clock.now())  # a new process: a new clock, the same wall time
    store = await Store.open(database)
    service = SessionService(store)
    second = TurnClock(service, now=later.now, sleep=later.sleep)
    service.subscribe(second.on_change)
    heard = []
    second.subscribe(heard.append)
    try:
        second.resume(await service.resume_all())
        await second.settled(sid)
        assert second.deadlines(sid) == {0: started + 600}, "the deadline is the one set before the restart"
        assert reminders(heard) == [], "the half-time reminder was sent already"
        await pass_time(later, second, service, sid, 139)
        assert reminders(heard) == []
        await pass_time(later, second, service, sid, 1)
        assert reminders(heard) == [(0, 0.9)]
        assert (await service.get(sid)).move_number == 1
        await pass_time(later, second, service, sid, 59)
        assert (await service.get(sid)).move_number == 1
        await pass_time(later, second, service, sid, 1)
        session = await service.get(sid)
        assert session.move_number == 2, "the clock ran out 600 s after it started, restart or not"
        assert second.timeouts(sid, 0) == 1
    finally:
        await second.close()
        await service.close()
        await store.close()
