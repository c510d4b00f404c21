"""A copied state shares nothing a game changes in place, in every game, and is equal to its original."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from rules.contract import Game
from rules.kit.copying import copy_model
from rules.registry import games


class Point(BaseModel):
    model_config = ConfigDict(frozen=True)

    x: int


class Box(BaseModel):
    items: list[int] = Field(default_factory=list)


class BigBox(Box):
    extra: list[list[int]] = Field(default_factory=list)


class Sample(BaseModel):
    numbers: list[int]
    nested: list[list[int]]
    table: dict[int, list[int | str]]
    fixed: tuple[int, ...]
    point: Point
    points: list[Point]
    box: Box
    maybe: Box | None = None
    anything: Any = None
    raw: Any = None
    tags: set[str] = Field(default_factory=set)


def sample() -> Sample:
    return Sample(
        numbers=[1, 2],
        nested=[[1], [2, 3]],
        table={0: [1, "a"]},
        fixed=(1, 2),
        point=Point(x=1),
        points=[Point(x=2)],
        box=BigBox(items=[5], extra=[[6]]),
        maybe=Box(items=[7]),
        anything={"deep": [[8]]},
        raw=bytearray(b"ab"),
        tags={"a"},
    )


def test_a_copy_is_equal_and_shares_only_what_never_changes() -> None:
    original = sample()
    copied = copy_model(original)
    assert copied == original
    assert copied.numbers is not original.numbers
    assert copied.nested[1] is not original.nested[1]
    assert copied.table[0] is not original.table[0]
    assert copied.box is not original.box
    assert isinstance(copied.box, BigBox)
    assert isinstance(original.box, BigBox)
    assert copied.box.extra[0] is not original.box.extra[0]  # a subclass's own fields are copied too
    assert copied.maybe is not None
    assert original.maybe is not None
    assert copied.maybe.items is not original.maybe.items
    assert copied.anything["deep"][0] is not original.anything["deep"][0]
    assert copied.tags is not original.tags
    assert copied.raw is not original.raw  # a value of no known kind: a deep copy
    assert copied.fixed is original.fixed
    assert copied.point is original.point
    assert copied.points[0] is original.points[0]


def test_changing_a_copy_in_place_leaves_the_original_alone() -> None:
    original = sample()
    before = original.model_dump()
    copied = copy_model(original)
    copied.numbers.append(3)
    copied.nested[0].append(4)
    copied.table[0].append("b")
    copied.box.items.append(9)
    assert isinstance(copied.box, BigBox)
    copied.box.extra[0].append(9)
    assert copied.maybe is not None
    copied.maybe.items.clear()
    copied.anything["deep"][0].append(9)
    copied.tags.add("b")
    copied.raw.append(99)
    assert original.model_dump() == before


class Record(BaseModel):
    turns: list[Box] = Field(default_factory=list)
    totals: list[Box] = Field(default_factory=list)


def test_a_copy_keeping_a_fields_items_has_a_list_of_its_own_holding_the_same_items() -> None:
    # For a record whose items never change once written (13 Ghosts' moves): only its list is new.
    original = Record(turns=[Box(items=[1]), Box(items=[2])], totals=[Box(items=[3])])
    copied = copy_model(original, items_kept=frozenset({"turns"}))
    assert copied == original
    assert copied.turns is not original.turns
    assert all(a is b for a, b in zip(copied.turns, original.turns, strict=True))
    assert copied.totals[0] is not original.totals[0]  # the other fields are copied as ever
    copied.turns.append(Box())
    assert len(original.turns) == 2
    assert copy_model(original).turns[0] is not original.turns[0]  # a plain copy still copies them
    with pytest.raises(TypeError):
        copy_model(original, items_kept=frozenset({"no_such_field"}))


CONFIGURATIONS = [
    pytest.param(game, players, options, id=f"{game.id}-{players}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for game in games().values()
    for players, options in game.configurations()
]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_playing_on_from_a_copied_state_never_changes_the_original(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    """Every few moves of a random game, the copy plays on for a while: the original must not move."""
    rng = random.Random(players)
    state = game.new_game(players, options, 1)
    for step in range(2_000):
        if game.result(state) is not None:
            break
        if step % 5 == 0:
            copied = game.copy_state(state)
            assert copied == state
            before = state.model_dump_json()
            for _ in range(12):
                if game.result(copied) is not None:
                    break
                seat = min(game.to_act(copied))
                game.apply(copied, seat, rng.choice(game.legal_actions(copied, seat)))
            assert state.model_dump_json() == before
        seat = min(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
