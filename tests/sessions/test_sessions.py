"""The session service: lobby, moves, errors, concurrency, commit-before-notify, restart."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Collection

import pytest

from bot.sessions import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    Change,
    GameOver,
    IllegalMove,
    LobbyError,
    NotAllowed,
    NotYourSeat,
    NotYourTurn,
    Player,
    SessionService,
    StaleMove,
    UnknownSession,
)
from persistence.models import ActionRow
from persistence.store import Store
from rules.contract import Action, Event, GameState, Result, act

ANA = Player(10, "Ana")
BO = Player(20, "Bo")
CY = Player(30, "Cy")
MOD = Player(99, "Mod", is_admin=True)


async def two_player_game(service: SessionService) -> int:
    session = await service.create_lobby("toy", ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    return session.id


# ---- lobby -----------------------------------------------------------------------------


async def test_lobby_seats_the_host_and_joiners_in_order(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA, guild_id=1, channel_id=2)
    await service.join(session.id, BO)
    assert session.status == LOBBY
    assert session.names == ("Ana", "Bo")
    assert [s.user_id for s in await service.store.seats(session.id)] == [10, 20]


async def test_joining_twice_or_a_full_table_is_refused(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    with pytest.raises(LobbyError, match="already at this table"):
        await service.join(session.id, ANA)
    await service.join(session.id, BO)
    await service.join(session.id, CY)
    with pytest.raises(LobbyError, match="full"):
        await service.join(session.id, Player(40, "Di"))


async def test_leaving_passes_the_host_role_to_the_next_player(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    await service.join(session.id, BO)
    await service.leave(session.id, ANA)
    assert session.names == ("Bo",)
    assert session.row.host_id == BO.user_id
    assert [s.seat for s in session.seats] == [0]
    with pytest.raises(LobbyError, match="last player"):
        await service.leave(session.id, BO)


async def test_only_the_host_adds_computers_or_starts(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    await service.join(session.id, BO)
    with pytest.raises(NotAllowed, match="host"):
        await service.add_computer(session.id, BO)
    with pytest.raises(NotAllowed, match="host"):
        await service.start(session.id, BO)
    await service.add_computer(session.id, ANA)
    assert session.names == ("Ana", "Bo", "Computer 1")
    await service.remove_computer(session.id, ANA)
    assert list(session.names) == ["Ana", "Bo"]
    with pytest.raises(LobbyError, match="no computer"):
        await service.remove_computer(session.id, ANA)


async def test_starting_with_too_few_players_says_how_many_are_needed(service: SessionService) -> None:
    session = await service.create_lobby("toy", ANA)
    with pytest.raises(LobbyError, match="2 to 3 players"):
        await service.start(session.id, ANA)
    assert session.status == LOBBY


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        pytest.param({"solo_difficulty": 9}, "Solo difficulty goes from 1 to 3.", id="out-of-range"),
        pytest.param({"king_cards": "maybe"}, "King cards is on or off.", id="not-a-switch"),
        pytest.param({"team_target": "lots"}, "Team target takes a whole number.", id="not-a-number"),
        pytest.param({"jokers": True}, "there is no option called jokers.", id="unknown-option"),
        pytest.param({"new_suit_cards": "black black"}, "Each new suit card can be chosen only once.", id="twice"),
    ],
)
async def test_a_table_is_not_opened_with_options_it_cannot_use(
    service: SessionService, options: dict[str, object], reason: str
) -> None:
    """Checked when the table opens, in a player's words: never first at Start, never as the validator's report."""
    with pytest.raises(LobbyError) as refused:
        await service.create_lobby("best-candy", ANA, options=options)
    assert refused.value.message == f"Those options do not work for Best Candy on the Block: {reason}"
    assert await service.open_sessions() == []


async def test_a_lobby_seats_no_more_than_its_options_allow(service: SessionService) -> None:
    session = await service.create_lobby(
        "best-candy", ANA, options={"king_cards": True, "chosen_kings": "tax veto 5 9"}
    )
    assert session.player_counts() == [2]
    await service.join(session.id, BO)
    with pytest.raises(LobbyError) as full:
        await service.add_computer(session.id, ANA)
    assert full.value.message == "This table is full: Best Candy on the Block seats at most 2 with these options."


async def test_unknown_game_and_unknown_session_have_clear_messages(service: SessionService) -> None:
    with pytest.raises(LobbyError, match="unknown game"):
        await service.create_lobby("chess", ANA)
    with pytest.raises(UnknownSession, match="no longer exists"):
        await service.act(12345, ANA.user_id, 0, act("pick", 1))


async def test_lobby_changes_are_refused_once_started(service: SessionService) -> None:
    sid = await two_player_game(service)
    with pytest.raises(LobbyError, match="already started"):
        await service.join(sid, CY)


# ---- moves -----------------------------------------------------------------------------


async def test_a_move_is_committed_with_its_action_row_and_version(service: SessionService, store: Store) -> None:
    sid = await two_player_game(service)
    before = (await store.get_session(sid)).version
    await service.act(sid, ANA.user_id, 0, act("pick", 2), move_number=0)
    row = await store.get_session(sid)
    assert row.version == before + 1
    assert [(a.seat, a.action) for a in await store.actions(sid)] == [(0, "pick.2")]
    assert row.state == (await service.get(sid)).game.dump_state((await service.get(sid)).state)


async def test_a_move_makes_its_game_the_most_recently_changed_in_memory_as_in_the_store(
    service: SessionService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "/hand" shows a member's most recently changed game first, read from the sessions in memory:
    # a move must move their `updated_at` as it moves the stored one.
    clock = iter(float(t) for t in range(1_000, 2_000))
    monkeypatch.setattr(time, "time", lambda: next(clock))
    older = await two_player_game(service)
    newer = await two_player_game(service)
    await service.act(older, ANA.user_id, 0, act("pick", 2), move_number=0)
    in_memory = {sid: (await service.get(sid)).row.updated_at for sid in (older, newer)}
    stored = {sid: (await store.get_session(sid)).updated_at for sid in (older, newer)}
    assert in_memory[older] > in_memory[newer]
    assert stored[older] > stored[newer]


async def test_the_stored_text_of_a_state_is_always_the_state_in_memory(service: SessionService) -> None:
    # The session's stored text (`row.state`) is what a restart or another process loads, so it must
    # be the state in memory after every change: a start, each move, a refused move.
    session = await service.create_lobby("closest-ghost", ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    rng, players = random.Random(3), (ANA, BO)
    while session.status == ACTIVE:
        assert session.state is not None
        assert session.row.state == session.game.dump_state(session.state)
        seat = min(session.to_act())
        with pytest.raises(NotYourSeat):
            await service.act(session.id, players[1 - seat].user_id, seat, act("stay"))
        assert session.row.state == session.game.dump_state(session.state)
        action = rng.choice(session.game.legal_actions(session.state, seat))
        await service.act(session.id, players[seat].user_id, seat, action)
    assert session.state is not None
    assert session.row.state == session.game.dump_state(session.state)


async def test_a_move_is_written_as_text_and_judged_over_or_not_once(
    service: SessionService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every click pays for what the service works out from the new state: its text (what is stored)
    # and whether the game is over are each worked out once (besides `apply`'s own checks).
    session = await service.create_lobby("closest-ghost", ANA)
    await service.join(session.id, BO)
    await service.start(session.id, ANA)
    game, calls, applying = session.game, Counter[str](), [False]
    dump_state, result, apply = game.dump_state, game.result, game.apply

    def counted_dump(state: GameState) -> str:
        calls["dump_state"] += 1
        return dump_state(state)

    def counted_result(state: GameState) -> Result | None:
        calls["result"] += 0 if applying[0] else 1
        return result(state)

    def apply_uncounted(state: GameState, seat: int, action: Action) -> list[Event]:
        applying[0] = True
        try:
            return apply(state, seat, action)
        finally:
            applying[0] = False

    monkeypatch.setattr(game, "dump_state", counted_dump)
    monkeypatch.setattr(game, "result", counted_result)
    monkeypatch.setattr(game, "apply", apply_uncounted)
    for _ in range(3):
        assert session.state is not None
        seat = min(session.to_act())
        calls.clear()
        await service.act(session.id, (ANA, BO)[seat].user_id, seat, session.game.legal_actions(session.state, seat)[0])
        assert calls == {"dump_state": 1, "result": 1}


async def test_moving_for_someone_elses_seat_is_refused(service: SessionService) -> None:
    sid = await two_player_game(service)
    with pytest.raises(NotYourSeat, match="not your seat"):
        await service.act(sid, BO.user_id, 0, act("pick", 1))
    with pytest.raises(NotYourSeat):
        await service.act(sid, CY.user_id, 1, act("pick", 1))
    with pytest.raises(NotYourSeat, match="no such seat"):
        await service.act(sid, CY.user_id, 7, act("pick", 1))


async def test_moving_out_of_turn_names_who_is_awaited(service: SessionService) -> None:
    sid = await two_player_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1))
    with pytest.raises(NotYourTurn, match="waiting for Bo"):
        await service.act(sid, ANA.user_id, 0, act("pick", 1))


async def test_an_illegal_move_is_explained_and_changes_nothing(service: SessionService, store: Store) -> None:
    sid = await two_player_game(service)
    version = (await store.get_session(sid)).version
    with pytest.raises(IllegalMove, match="not possible"):
        await service.act(sid, ANA.user_id, 0, act("pick", 3))
    assert (await store.get_session(sid)).version == version
    assert await store.actions(sid) == []


async def test_a_double_click_plays_once(service: SessionService, store: Store) -> None:
    sid = await two_player_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0)
    with pytest.raises(StaleMove, match="no longer possible"):
        await service.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0)
    assert len(await store.actions(sid)) == 1


async def test_another_players_move_does_not_spoil_my_buttons(service: SessionService) -> None:
    """During a simultaneous choice, Bo's DM was drawn before Ana chose; it still works."""
    sid = await two_player_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0)
    await service.act(sid, BO.user_id, 1, act("pick", 2), move_number=0)
    session = await service.get(sid)
    assert session.move_number == 2


async def test_an_old_button_from_an_earlier_round_is_stale(service: SessionService) -> None:
    sid = await two_player_game(service)
    await service.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0)
    await service.act(sid, BO.user_id, 1, act("pick", 1), move_number=1)
    with pytest.raises(StaleMove):
        await service.act(sid, ANA.user_id, 0, act("pick", 2), move_number=0)
    with pytest.raises(StaleMove):  # a number from the future is forged, not stale-but-fine
        await service.act(sid, ANA.user_id, 0, act("pick", 2), move_number=99)


async def test_concurrent_clicks_on_one_button_play_exactly_once(service: SessionService, store: Store) -> None:
    sid = await two_player_game(service)
    outcomes = await asyncio.gather(
        *(service.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0) for _ in range(25)),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert all(isinstance(o, StaleMove) for o in outcomes if isinstance(o, Exception))
    assert [(a.seat, a.action) for a in await store.actions(sid)] == [(0, "pick.1")]


async def test_the_finishing_move_writes_results_and_ends_the_game(service: SessionService, store: Store) -> None:
    sid = await two_player_game(service)
    for _ in range(3):
        await service.act(sid, ANA.user_id, 0, act("pick", 2))
        await service.act(sid, BO.user_id, 1, act("pick", 1))
    session = await service.get(sid)
    assert session.status == FINISHED
    assert (await store.get_session(sid)).status == FINISHED
    assert await store.stats(ANA.user_id) == [("toy", 1, 1)]
    assert await store.stats(BO.user_id) == [("toy", 1, 0)]
    with pytest.raises(GameOver):
        await service.act(sid, ANA.user_id, 0, act("pick", 2))


async def test_listeners_hear_only_after_the_commit(
    service: SessionService, store: Store, changes: list[Change]
) -> None:
    sid = await two_player_game(service)
    seen_versions: list[int] = []
    service.subscribe(lambda change: seen_versions.append(change.session.row.version))
    await service.act(sid, ANA.user_id, 0, act("pick", 1))
    assert seen_versions == [(await store.get_session(sid)).version]
    assert [c.kind for c in changes][-2:] == ["started", "moved"]


async def test_a_failed_commit_changes_nothing_and_tells_no_one(
    service: SessionService, store: Store, changes: list[Change], monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = await two_player_game(service)
    session = await service.get(sid)
    before = session.game.dump_state(session.state)
    told = len(changes)

    async def broken(*args: object, **kwargs: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(store, "commit_move", broken)
    with pytest.raises(OSError, match="disk full"):
        await service.act(sid, ANA.user_id, 0, act("pick", 1))
    assert session.game.dump_state(session.state) == before
    assert session.move_number == 0
    assert len(changes) == told


async def test_abandon_is_for_the_host_or_a_manager(service: SessionService) -> None:
    sid = await two_player_game(service)
    with pytest.raises(NotAllowed):
        await service.abandon(sid, BO)
    await service.abandon(sid, MOD)
    assert (await service.get(sid)).status == ABANDONED
    with pytest.raises(GameOver):
        await service.abandon(sid, ANA)


# ---- computers, many sessions, restart ---------------------------------------------------


async def test_computer_seats_play_through_the_same_path(service: SessionService, store: Store) -> None:
    session = await service.create_lobby("toy", ANA)
    await service.add_computer(session.id, ANA)
    await service.start(session.id, ANA)
    await service.wait_for_computers(session.id)
    assert session.moves == [1]  # the computer chose at once; Ana has not
    await service.act(session.id, ANA.user_id, 0, act("pick", 1))
    await service.wait_for_computers(session.id)
    assert [a.seat for a in await store.actions(session.id)] == [1, 0, 1]


async def test_many_all_computer_sessions_run_at_once(service: SessionService, store: Store) -> None:
    ids = []
    for n in range(40):
        session = await service.create_lobby("toy", ANA, seed=n, seat_host=False)
        for _ in range(2 + n % 2):
            await service.add_computer(session.id, ANA)
        ids.append(session.id)
    await asyncio.gather(*(service.start(sid, ANA) for sid in ids))
    await asyncio.gather(*(service.wait_for_computers(sid) for sid in ids))
    for sid in ids:
        session = await service.get(sid)
        assert session.status == FINISHED
        assert len(await store.actions(sid)) == session.move_number
        assert (await store.get_session(sid)).state == session.game.dump_state(session.state)


async def test_a_restart_resumes_every_game_where_it_was(database: str) -> None:
    store = await Store.open(database)
    first = SessionService(store)
    sid = await two_player_game(first)
    await first.act(sid, ANA.user_id, 0, act("pick", 2))
    saved = (await first.get(sid)).game.dump_state((await first.get(sid)).state)
    await first.close()
    await store.close()

    store = await Store.open(database)
    second = SessionService(store)
    try:
        resumed = await second.resume_all()
        assert [s.id for s in resumed] == [sid]
        session = resumed[0]
        assert session.status == ACTIVE
        assert session.game.dump_state(session.state) == saved
        # Ana's old button (drawn at move 0) is stale; Bo's still works after the restart.
        with pytest.raises(StaleMove):
            await second.act(sid, ANA.user_id, 0, act("pick", 1), move_number=0)
        await second.act(sid, BO.user_id, 1, act("pick", 1), move_number=0)
        assert session.move_number == 2
    finally:
        await second.close()
        await store.close()


async def test_a_game_loaded_while_another_process_moves_it_is_read_as_of_one_moment(
    service: SessionService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move committed between reading the game and reading its move log must not leave a state
    numbered as the move after it: screens drawn from it would be judged against another state."""
    sid = await two_player_game(service)
    other = SessionService(store)  # a second shard process on the same database
    log = store.actions

    async def moved_meanwhile(session_id: int) -> list[ActionRow]:
        monkeypatch.setattr(store, "actions", log)
        await service.act(sid, ANA.user_id, 0, act("pick", 2))
        return await log(session_id)

    monkeypatch.setattr(store, "actions", moved_meanwhile)
    try:
        loaded = await other.get(sid)
        assert loaded.move_number == 1
        assert loaded.state is not None
        assert loaded.game.dump_state(loaded.state) == (await store.get_session(sid)).state
    finally:
        await other.close()


async def test_a_restart_while_another_process_moves_resumes_each_game_as_of_one_moment(
    service: SessionService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = await two_player_game(service)
    other = SessionService(store)  # the owner, starting again beside a process still playing
    movers = store.movers_by_session

    async def moved_meanwhile(statuses: Collection[str]) -> dict[int, list[int]]:
        await service.act(sid, ANA.user_id, 0, act("pick", 2))
        return await movers(statuses)

    monkeypatch.setattr(store, "movers_by_session", moved_meanwhile)
    try:
        [resumed] = await other.resume_all()
        assert resumed.move_number == 1
        assert resumed.state is not None
        assert resumed.game.dump_state(resumed.state) == (await store.get_session(sid)).state
    finally:
        await other.close()


async def test_rematch_starts_the_same_table_with_a_new_deal(service: SessionService) -> None:
    sid = await two_player_game(service)
    for _ in range(3):
        await service.act(sid, ANA.user_id, 0, act("pick", 2))
        await service.act(sid, BO.user_id, 1, act("pick", 2))
    with pytest.raises(NotAllowed):
        await service.rematch(sid, CY)
    again = await service.rematch(sid, BO)
    assert again.id != sid
    assert again.status == ACTIVE
    assert again.names == ("Ana", "Bo")
    assert again.row.host_id == BO.user_id
