"""A tiny game for testing the session service on its own.

Every round each seat secretly picks 1 or 2 at the same time; then the picks
are revealed and added to the seats' totals. The first total to reach 5 wins
(ties share). Small, but it has simultaneous secret choices, events and a result.
"""

from __future__ import annotations

import random
from typing import ClassVar

from pydantic import BaseModel

from rules.contract import Action, AutoPlayOptions, Event, Game, GameState, Result, View, act, rank_places

TARGET = 5


class ToyState(GameState):
    totals: list[int]
    picks: list[int | None]


class ToyView(View):
    totals: tuple[int, ...]
    chosen: tuple[bool, ...]
    my_pick: int | None


class ToyGame(Game[ToyState]):
    id: ClassVar[str] = "toy"
    name: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    state_type: ClassVar[type[GameState]] = ToyState
    help_pages: ClassVar[tuple[str, ...]] = ("Pick 1 or 2; first to 5.",)
    target: ClassVar[int] = TARGET

    def setup(self, players: int, options: BaseModel, seed: int) -> ToyState:
        return ToyState(players=players, seed=seed, totals=[0] * players, picks=[None] * players)

    def to_act(self, state: ToyState) -> frozenset[int]:
        if self.result(state) is not None:
            return frozenset()
        return frozenset(i for i, p in enumerate(state.picks) if p is None)

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        return [act("pick", 1), act("pick", 2)] if seat in self.to_act(state) else []

    def _apply(self, state: ToyState, seat: int, action: Action) -> list[Event]:
        state.picks[seat] = int(action.args[0])
        events = [Event(kind="chose", text=f"{{p{seat}}} has chosen.")]
        if all(p is not None for p in state.picks):
            for i, p in enumerate(state.picks):
                state.totals[i] += p or 0
            state.picks = [None] * state.players
            events.append(Event(kind="reveal", text="Totals: " + ", ".join(map(str, state.totals))))
        return events

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            seat=seat,
            totals=tuple(state.totals),
            chosen=tuple(p is not None for p in state.picks),
            my_pick=None if seat is None else state.picks[seat],
        )

    def result(self, state: ToyState) -> Result | None:
        if max(state.totals) < self.target:
            return None
        summary = f"Someone reached {self.target}."
        return Result(scores=tuple(state.totals), places=rank_places(state.totals), summary=summary)

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        copy = state.model_copy(deep=True)
        copy.seed = rng.getrandbits(62)
        copy.picks = [p if i == seat or p is None else rng.choice((1, 2)) for i, p in enumerate(copy.picks)]
        return copy


class LongToyGame(ToyGame):
    """The same game to 99: long enough that a test's random computer moves never end it."""

    id: ClassVar[str] = "toy-long"
    name: ClassVar[str] = "Long Toy"
    target: ClassVar[int] = 99


class OnlyMoveToyGame(LongToyGame):
    """The long toy game where the last seat may only ever pick 1: a player with one legal move
    every round, at a table whose host may have it made for them (ruling G10)."""

    id: ClassVar[str] = "toy-only-move"
    name: ClassVar[str] = "Only-Move Toy"
    Options: ClassVar[type[BaseModel]] = AutoPlayOptions

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        moves = super().legal_actions(state, seat)
        return moves[:1] if seat == state.players - 1 else moves


class StepsToyGame(LongToyGame):
    """The long toy game with 30 ways to pick (1 or 2, each with a tag from 0 to 14): more than a
    screen offers at once, so a pick is chosen in steps (`Game.choices`)."""

    id: ClassVar[str] = "toy-steps"
    name: ClassVar[str] = "Steps Toy"

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [act("pick", value, tag) for value in (1, 2) for tag in range(15)]


TOY = ToyGame()
LONG_TOY = LongToyGame()
ONLY_MOVE_TOY = OnlyMoveToyGame()
STEPS_TOY = StepsToyGame()
