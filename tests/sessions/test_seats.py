"""Seats of a running game: the host hands one to a computer or to another member; a player leaves."""

from __future__ import annotations

import pytest

from bot.sessions import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    Change,
    GameOver,
    LobbyError,
    NotAllowed,
    NotYourSeat,
    Player,
    SessionService,
)
from persistence.store import Store
from rules.contract import act

ANA = Player(10, "Ana")
BO = Player(20, "Bo")
CY = Player(30, "Cy")
MOD = Player(99, "Mod", is_admin=True)


async def running_game(service: SessionService) -> int:
    session = await service.create_lobby("toy-long", ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    return session.id


# ---- computers of a chosen level in the lobby --------------------------------------------


async def test_each_added_computer_has_the_chosen_level_in_its_name(service: SessionService, store: Store) -> None:
    session = await service.create_lobby("toy", ANA)
    await service.add_computer(session.id, ANA, "hard")
    await service.add_computer(session.id, ANA, "easy")
    assert session.names == ("Ana", "Computer 1", "Computer 2")
    assert [s.computer for s in session.seats] == [None, "hard", "easy"]
    assert [s.computer for s in await store.seats(session.id)] == [None, "hard", "easy"]


async def test_an_unknown_computer_level_is_refused(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    with pytest.raises(LobbyError, match="unknown computer level"):
        await service.add_computer(session.id, ANA, "grandmaster")
    assert session.names == ("Ana",)


# ---- a seat to the computer ------------------------------------------------------------------


async def test_the_host_hands_a_seat_to_the_computer_which_plays_it_at_once(
    service: SessionService, store: Store, changes: list[Change]
) -> None:
    sid = await running_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1))
    await service.seat_to_computer(sid, 1, ANA)
    await service.wait_for_computers(sid)
    session = await service.get(sid)
    assert session.seats[1].computer == "normal"
    assert session.seats[1].user_id is None
    assert session.names[1] == "Computer 1"
    assert session.seats[1].computer == "normal"
    assert [s.computer for s in await store.seats(sid)] == [None, "normal"]
    assert session.moves == [0, 1, 1], "the computer made Bo's pending choice, then chose in the next round"
    assert any(c.kind == "seats" and c.seats == frozenset({1}) for c in changes)
    with pytest.raises(NotYourSeat):
        await service.act(sid, BO.user_id, 1, act("pick", 1))


async def test_only_the_host_or_a_server_manager_changes_seats(service: SessionService) -> None:
    sid = await running_game(service)
    with pytest.raises(NotAllowed, match="host or a server manager"):
        await service.seat_to_computer(sid, 0, BO)
    with pytest.raises(NotAllowed, match="host or a server manager"):
        await service.give_seat(sid, 0, BO, CY)
    await service.seat_to_computer(sid, 1, MOD, "easy")
    assert (await service.get(sid)).seats[1].computer == "easy"


async def test_seat_numbers_and_levels_are_checked(service: SessionService) -> None:
    sid = await running_game(service)
    with pytest.raises(NotYourSeat, match="no seat 3"):
        await service.seat_to_computer(sid, 2, ANA)
    with pytest.raises(NotAllowed, match="unknown computer level"):
        await service.seat_to_computer(sid, 1, ANA, "grandmaster")
    await service.seat_to_computer(sid, 1, ANA)
    with pytest.raises(NotAllowed, match="already a computer"):
        await service.seat_to_computer(sid, 1, ANA)


async def test_seats_change_only_while_the_game_runs(service: SessionService) -> None:
    lobby = await service.create_lobby("toy", ANA)
    with pytest.raises(LobbyError, match="not started"):
        await service.seat_to_computer(lobby.id, 0, ANA)
    sid = await running_game(service)
    await service.abandon(sid, ANA)
    with pytest.raises(GameOver):
        await service.give_seat(sid, 1, ANA, CY)


# ---- a seat to another member ---------------------------------------------------------------------


async def test_a_seat_handed_to_another_member_is_theirs_to_play(service: SessionService, store: Store) -> None:
    sid = await running_game(service)
    await service.give_seat(sid, 1, ANA, CY)
    session = await service.get(sid)
    assert session.names == ("Ana", "Cy")
    assert [(s.user_id, s.dm_message_id) for s in await store.seats(sid)] == [(10, None), (30, None)]
    with pytest.raises(NotYourSeat):
        await service.act(sid, BO.user_id, 1, act("pick", 1))
    await service.act(sid, CY.user_id, 1, act("pick", 2))
    assert session.moves == [1]


async def test_a_computer_seat_can_be_handed_to_a_member(service: SessionService) -> None:
    sid = await running_game(service)
    await service.seat_to_computer(sid, 1, ANA)
    await service.wait_for_computers(sid)
    await service.give_seat(sid, 1, ANA, CY)
    session = await service.get(sid)
    assert session.seats[1].computer is None
    assert session.seats[1].user_id == CY.user_id


async def test_a_member_already_at_the_table_cannot_take_a_second_seat(service: SessionService) -> None:
    sid = await running_game(service)
    with pytest.raises(NotAllowed, match="already plays"):
        await service.give_seat(sid, 1, ANA, ANA)


# ---- leaving a running game ----------------------------------------------------------------------


async def test_a_player_who_leaves_a_running_game_leaves_a_computer_in_their_seat(
    service: SessionService, store: Store
) -> None:
    sid = await running_game(service)
    await service.leave_game(sid, BO)
    await service.wait_for_computers(sid)
    session = await service.get(sid)
    assert session.status == ACTIVE
    assert session.seats[1].computer == "normal"
    assert session.moves == [1], "the computer chose in Bo's place"
    assert [s.user_id for s in await store.seats(sid)] == [10, None]
    with pytest.raises(NotYourSeat, match="not playing"):
        await service.leave_game(sid, BO)


async def test_when_the_host_leaves_the_next_player_hosts(service: SessionService) -> None:
    sid = await running_game(service)
    await service.leave_game(sid, ANA)
    session = await service.get(sid)
    assert session.row.host_id == BO.user_id
    await service.seat_to_computer(sid, 1, BO)  # Bo may now manage the seats
    assert session.seats[1].computer == "normal"


# ---- nobody left to play -------------------------------------------------------------------------


async def test_when_the_last_player_leaves_the_game_ends_unfinished_and_rates_nobody(
    service: SessionService, store: Store, changes: list[Change]
) -> None:
    sid = await running_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1))
    await service.leave_game(sid, BO)
    await service.wait_for_computers(sid)
    session = await service.get(sid)
    moves = session.move_number
    assert session.status == ACTIVE, "Ana still plays"
    await service.leave_game(sid, ANA)
    await service.wait_for_computers(sid)
    assert session.status == ABANDONED
    assert session.move_number == moves, "no computer moved once nobody was left"
    assert (await store.get_session(sid)).status == ABANDONED
    assert await store.results(sid) == [], "an abandoned game has no results, so no rating changes"
    assert changes[-1].kind == "abandoned"
    with pytest.raises(GameOver):
        await service.act(sid, ANA.user_id, 0, act("pick", 1))


async def test_handing_the_last_players_seat_to_the_computer_ends_the_game(service: SessionService) -> None:
    sid = await running_game(service)
    await service.seat_to_computer(sid, 1, ANA)
    await service.seat_to_computer(sid, 0, ANA)
    assert (await service.get(sid)).status == ABANDONED


async def test_an_away_seat_still_belongs_to_its_player(service: SessionService) -> None:
    sid = await running_game(service)
    session = await service.get(sid)
    await service.store.update_seat(sid, 0, away=True)
    session.seats[0] = session.seats[0].model_copy(update={"away": True})
    await service.leave_game(sid, BO)
    await service.wait_for_computers(sid)
    assert session.status == FINISHED, "Ana is away, not gone: the computer played her seat to the end"
    assert len(await service.store.results(sid)) == 2
