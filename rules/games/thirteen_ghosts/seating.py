"""Who is on whose side and whose turn comes next."""

from __future__ import annotations

from rules.games.thirteen_ghosts.state import ThirteenGhostsState


def is_teams(state: ThirteenGhostsState) -> bool:
    return state.players == 4


def is_duel(state: ThirteenGhostsState) -> bool:
    """A two-player game: two players, or a three-player playoff."""
    return state.players == 2 or state.playoff


def teammate(seat: int) -> int:
    """Four players: partners sit opposite."""
    return (seat + 2) % 4


def team_of(state: ThirteenGhostsState, seat: int) -> int:
    """The side a seat plays for: its team with four players, else itself."""
    return seat % 2 if is_teams(state) else seat


def own_set(state: ThirteenGhostsState, seat: int) -> int:
    """The set (and pile) a seat's cards come from."""
    return seat % 2 if is_teams(state) else 0


def target_pile(state: ThirteenGhostsState, seat: int) -> int:
    """The pile an 8 or a 10 looks at: the other team's with four players."""
    return (seat + 1) % 2 if is_teams(state) else 0


def opponents(state: ThirteenGhostsState, seat: int) -> list[int]:
    """Opponents still in the round, in seat order."""
    if is_teams(state):
        return [s for s in range(4) if s % 2 != seat % 2 and not state.out[s]]
    return [s for s in state.duelists if s != seat and not state.out[s]]


def seat_for_slot(state: ThirteenGhostsState, slot: int) -> int | None:
    """Who plays turn slot `slot`: the seat itself, its teammate if it is out (four
    players), or None if that slot is skipped."""
    if not state.out[slot]:
        return slot
    if is_teams(state) and not state.out[teammate(slot)]:
        return teammate(slot)
    return None


def next_slot(state: ThirteenGhostsState, slot: int) -> tuple[int, int]:
    """The next turn slot clockwise that someone plays, and the seat playing it."""
    for step in range(1, state.players + 1):
        candidate = (slot + step) % state.players
        seat = seat_for_slot(state, candidate)
        if seat is not None:
            return candidate, seat
    raise AssertionError("nobody is left in the round")
