"""The passing phase shared by Haunted House and Appetite (rules/candy_kit/passing.py), on a bare table."""

from __future__ import annotations

from random import Random

from pydantic import BaseModel, Field

from rules.candy_kit.passing import pass_picks, pick, pick_actions, redeal_unseen, why_not_pick
from rules.contract import act
from rules.kit.tricks import note_void

TEXT = tuple(f"card {c}" for c in range(12))
PASS = tuple(act("pass", c) for c in range(12))
TAKE_BACK = tuple(act("take-back", c) for c in range(12))


def _three_empty() -> list[list[int]]:
    return [[], [], []]


def _three_empty_suits() -> list[list[str]]:
    return [[], [], []]


class Table(BaseModel):
    players: int = 3
    seed: int = 1
    draws: int = 5
    hands: list[list[int]] = Field(default_factory=lambda: [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])
    picks: list[list[int]] = Field(default_factory=_three_empty)
    passed: list[list[int]] = Field(default_factory=_three_empty)
    received: list[list[int]] = Field(default_factory=_three_empty)
    voids: list[list[str]] = Field(default_factory=_three_empty_suits)


def test_a_seat_picks_among_its_unpicked_cards_or_takes_a_pick_back() -> None:
    table = Table()
    table.picks[0] = [1]
    assert pick_actions(table, 0, 2, PASS, TAKE_BACK) == [PASS[0], PASS[2], PASS[3], TAKE_BACK[1]]


def test_a_seat_that_has_picked_them_all_has_no_pick_left_but_may_take_one_back() -> None:
    # Ruling G9: a pick can be changed until the last one of the table is made.
    table = Table()
    table.picks[0] = [1, 2]
    assert pick_actions(table, 0, 2, PASS, TAKE_BACK) == [TAKE_BACK[1], TAKE_BACK[2]]


def test_picking_a_card_twice_or_one_not_held_is_refused_with_the_card_named() -> None:
    table = Table()
    table.picks[0] = [1]
    assert why_not_pick(table, 0, PASS[1], 1, TEXT) == "You have already picked the card 1 to pass."
    assert why_not_pick(table, 0, PASS[5], 5, TEXT) == "You do not hold the card 5."
    assert why_not_pick(table, 0, TAKE_BACK[2], 2, TEXT) == "You have not picked the card 2 to pass."
    assert why_not_pick(table, 0, PASS[2], 2, TEXT) is None


def test_the_last_pick_of_the_table_asks_the_game_to_pass() -> None:
    table = Table()
    table.picks = [[0], [4], []]
    assert pick(table, 2, PASS[8], 2) == []
    assert table.picks[2] == [8]
    events = pick(table, 0, PASS[1], 2)
    assert events is not None
    assert [e.text for e in events] == ["{p0} has picked 2 cards."]
    table.picks = [[0, 1], [4, 5], [8]]
    assert pick(table, 2, PASS[9], 2) is None


def test_taking_a_pick_back_returns_it_to_the_choice() -> None:
    table = Table()
    table.picks[1] = [4, 5]
    assert pick(table, 1, TAKE_BACK[4], 2) == []
    assert table.picks[1] == [5]


def test_picks_go_step_seats_on_and_only_the_giver_reads_what_it_gave() -> None:
    table = Table()
    table.picks = [[0, 1], [4, 5], [8, 9]]
    events = pass_picks(table, 1, "left", TEXT, lambda c: c)
    assert table.hands == [[2, 3, 8, 9], [0, 1, 6, 7], [4, 5, 10, 11]]
    assert table.picks == [[], [], []]
    assert table.received == [[8, 9], [0, 1], [4, 5]]
    assert events[0].text == "Everyone passes 2 cards left."
    assert events[0].seats is None
    assert events[1].text == "{p0} passes card 0, card 1 to {p1}."
    assert events[1].seats == (0,)


def test_a_guess_keeps_the_cards_passed_with_whoever_got_them() -> None:
    table = Table()
    table.picks = [[0, 1], [4, 5], [8, 9]]
    pass_picks(table, 1, "left", TEXT, lambda c: c)
    for trial in range(20):
        guess = redeal_unseen(
            table, table.model_copy(deep=True), 0, 1, lambda c: frozenset(), lambda c: c, Random(trial)
        )
        assert guess.hands[0] == table.hands[0]
        assert {0, 1} <= set(guess.hands[1])
        assert sorted(guess.hands[1] + guess.hands[2]) == sorted(table.hands[1] + table.hands[2])
        assert guess.draws == 0


def test_playing_off_suit_without_the_trick_suit_records_the_void_once() -> None:
    voids: list[str] = []
    assert note_void(voids, [frozenset({"red"})], "blue") is False
    assert note_void(voids, [frozenset({"red"})], "blue") is False
    assert voids == ["blue"]
    assert note_void(voids, [frozenset({"red"})], "red") is True
    assert note_void(voids, [frozenset({"red"})], None) is False
    assert voids == ["blue"]


def test_a_passing_line_is_said_to_the_player_it_names() -> None:
    table = Table()
    table.picks = [[0, 1], [4, 5], [8, 9]]
    passed = pass_picks(table, 1, "left", TEXT, lambda c: c)[1]
    assert passed.in_words(("Ana", "Bob", "Cy"), 0) == "You pass card 0, card 1 to Bob."
    assert passed.in_words(("Ana", "Bob", "Cy"), 1) == "Ana passes card 0, card 1 to you."
    assert passed.said is not None
    table.picks = [[0], [4, 5], []]
    (picked,) = pick(table, 0, PASS[1], 2) or []
    assert picked.text == "{p0} has picked 2 cards."
    assert picked.in_words(("Ana", "Bob", "Cy"), 0) == "You have picked 2 cards."
    assert picked.said is not None
