"""The contract's own building blocks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.contract import Action, Event, Result, act, rank_places, say, seats_text, winning
from rules.kit import words
from rules.kit.rng import stream


def test_action_token_round_trips_ints_and_words() -> None:
    action = act("play", 12, "chocolate", -1)
    assert action.token() == "play.12.chocolate.-1"
    assert Action.parse(action.token()) == action


def test_a_clicked_move_is_read_once_and_is_the_move_it_names() -> None:
    # Every click is parsed from its control's token: the same token gives the same (frozen) action,
    # which equals, hashes as and is found among the moves a game built for itself.
    offered = [act("step", "up"), act("play", 12, "chocolate"), act("play", 12, "nuts")]
    clicked = Action.parse("play.12.nuts")
    assert Action.parse("play.12.nuts") is clicked
    assert clicked == offered[2]
    assert clicked != offered[1]
    assert clicked != act("play", "nuts")
    assert offered.index(clicked) == 2
    assert {offered[2]: "nuts"}[clicked] == "nuts"
    assert len({*offered, clicked, Action(kind="step", args=("up",))}) == 3
    assert clicked != ("play", (12, "nuts"))
    assert clicked != "play.12.nuts"
    with pytest.raises(ValidationError):
        Action.parse("play.two words")
    with pytest.raises(ValidationError):  # a refused token is refused again, not remembered
        Action.parse("play.two words")


def test_a_line_said_again_is_the_same_event_until_its_message_reads_otherwise() -> None:
    msgid = "{who} hums a test-only tune in {place}."
    line = say("hum", msgid, {"who": 1}, place="the attic")
    assert line.text == "{p1} hums a test-only tune in the attic."
    assert say("hum", msgid, {"who": 1}, place="the attic") is line
    assert say("hum", msgid, {"who": 0}, place="the attic").text == "{p0} hums a test-only tune in the attic."
    assert say("hum", msgid, {"who": 1}, (1,), place="the attic").seats == (1,)
    assert say("hum", msgid, {"who": 1}, [1], place="the attic").seats == (1,)  # type: ignore[arg-type]
    # A message catalogued after the line was said: the next line reads as the catalogue says.
    words.ENGLISH.add(msgid, third="{who} whistles a test-only tune in {place}.")
    try:
        assert say("hum", msgid, {"who": 1}, place="the attic").text == "{p1} whistles a test-only tune in the attic."
    finally:
        del words.ENGLISH.entries[msgid]
        words.ENGLISH.version += 1
    assert say("hum", msgid, {"who": 1}, place="the attic").text == "{p1} hums a test-only tune in the attic."


def test_a_remembered_line_is_not_lent_to_arguments_that_only_compare_equal() -> None:
    # True == 1 and both hash alike, but they fill a message in differently.
    msgid = "{who} counts {what} test-only ghosts."
    assert say("count", msgid, {"who": 0}, what=1).text == "{p0} counts 1 test-only ghosts."
    assert say("count", msgid, {"who": 0}, what=True).text == "{p0} counts True test-only ghosts."


def test_action_refuses_arguments_that_would_not_parse_back() -> None:
    with pytest.raises(ValidationError):
        act("play", "12")
    with pytest.raises(ValidationError):
        act("play", "two words")
    with pytest.raises(ValidationError):
        act("Bad Kind")


def test_result_places_must_be_a_competition_ranking() -> None:
    assert Result(scores=(3, 3, 1), places=(1, 1, 3), summary="x").winners == (0, 1)
    with pytest.raises(ValidationError):
        Result(scores=(3, 3, 1), places=(1, 1, 2), summary="x")
    assert Result(scores=(0, 0), places=(1, 1), summary="draw").is_draw
    with pytest.raises(ValidationError):
        Result(scores=(3,), places=(0,), summary="x")


def test_a_competitor_without_a_seat_may_rank_ahead_of_every_seat() -> None:
    lost_solo = Result(scores=(20,), places=(2,), summary="The opponent wins.")
    assert lost_solo.winners == ()
    assert not lost_solo.is_draw


def test_rank_places_shares_ties() -> None:
    assert rank_places([5, 9, 5, 1]) == (2, 1, 2, 4)
    assert rank_places([5, 9, 5, 1], higher_is_better=False) == (2, 4, 2, 1)


def test_seeded_streams_are_pinned() -> None:
    # Pinned values: if these change, every saved game stops replaying. Never "fix" them.
    assert stream(42, 0).random() == 0.09825770352709029
    assert stream(1, 0).randrange(100) == 92
    assert stream(1, 5).sample(range(10), 10) == [3, 0, 2, 1, 6, 5, 4, 9, 7, 8]
    assert stream(42, 0).random() != stream(42, 1).random()


def test_seats_text_puts_in_names() -> None:
    assert seats_text("{p0} scared {p1}; {p7} is unknown", ["Ana", "Bo"]) == "Ana scared Bo; {p7} is unknown"


def test_log_lines_keep_a_stable_sequence_number_when_the_window_drops_old_ones() -> None:
    import random

    from rules.contract import LOG_KEEP
    from rules.games.closest_ghost import GAME

    state = GAME.new_game(2, {}, 5)
    rng = random.Random(0)
    seen = [e.text for e in state.log]
    next_line = state.log_end
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        new = state.log_since(next_line)
        assert [e.text for e in new] == [e.text for e in events], "exactly this move's lines are new"
        seen.extend(e.text for e in new)
        next_line = state.log_end
    assert len(state.log) == LOG_KEEP
    assert state.log_dropped > 0, "the game outgrew the window"
    assert state.log_end == state.log_dropped + LOG_KEEP
    assert seen[-LOG_KEEP:] == [e.text for e in state.log]


def test_a_seats_recent_log_lines_are_the_last_of_those_it_may_see() -> None:
    from rules.contract import GameState

    log = [Event(kind="k", text=f"line {i}", seats=None if i % 3 else (i % 2,)) for i in range(12)]
    state = GameState(players=2, seed=0, log=log)
    for seat in (None, 0, 1):
        for last in (1, 3, 8, 12, 20):
            assert state.recent_log(seat, last) == state.visible_log(seat)[-last:], (seat, last)


def test_a_summary_names_one_winner_or_says_the_win_is_shared() -> None:
    assert winning([2]) == "{p2} wins"
    assert winning([0, 3]) == "{p0} and {p3} share the win"


def test_a_line_worded_for_one_reader_is_never_shown_to_another() -> None:
    # Event.in_words remembers what it worded: each reader and each set of names still reads its own.
    event = Event(kind="move", text="{p0} takes a candy from {p1}.")
    assert event.in_words(["Ana", "Bo"]) == "Ana takes a candy from Bo."
    assert event.in_words(["Ana", "Bo"], 0) == "You take a candy from Bo."
    assert event.in_words(["Ana", "Bo"], 1) == "Ana takes a candy from you."
    assert event.in_words(["Cy", "Bo"]) == "Cy takes a candy from Bo."
    assert event.in_words(("You", "Bo")) == "You take a candy from Bo."
    twin = Event(kind="move", text="{p1} takes a candy from {p0}.")
    assert twin.in_words(["Ana", "Bo"]) == "Bo takes a candy from Ana."


def test_a_remembered_line_follows_its_catalogue_entry_when_that_changes() -> None:
    # A line is worded once per reader; a message catalogued (or changed) later is worded afresh.
    msgid = "{who} hangs a lantern on {other}'s porch."
    event = say("move", msgid, {"who": 0, "other": 1})
    assert event.in_words(["Ana", "Bo"], 0) == "You hang a lantern on Bo's porch."
    words.ENGLISH.add(msgid, you={"who": "{who} hang up a lantern on {other}'s porch."})
    assert event.in_words(["Ana", "Bo"], 0) == "You hang up a lantern on Bo's porch."
