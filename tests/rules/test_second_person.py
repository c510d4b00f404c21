"""The terminal's player is "You": names in sentences agree with it (rules.contract.seats_text)."""

from __future__ import annotations

import random
import re

import pytest

from rules import registry
from rules.contract import YOU, plural, seats_text

NAMES = (YOU, "Bob", "Computer 2", "Dee", "Computer 4", "Flo")
THIRD = ("Ana", "Bob", "Cy", "Dee", "Eve", "Flo")
#: One player's name with a plural verb ("Bob win"), which only a list of names may take.
ONE_WITH_PLURAL = re.compile(r"(?<!and )\b(?:Ana|Bob|Cy|Dee|Eve|Flo) (?:win|tie|have|are)\b")
#: A third-person verb (or a possessive) left after "You": what the agreement must never leave.
DISAGREES = re.compile(r"\b[Yy]ou (?:is|has|was|does|[a-z]*[^s\W]s)\b|\b[Yy]ou's\b")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{p0} wins the race to 31.", "You win the race to 31."),
        ("{p1} wins the race to 31.", "Bob wins the race to 31."),
        ("{p0} has kept a favourite suit.", "You have kept a favourite suit."),
        ("{p0} is out of the duel.", "You are out of the duel."),
        ("{p0} carries the lantern.", "You carry the lantern."),
        ("{p0} catches it; {p1} passes.", "You catch it; Bob passes."),
        ("{p1} passes the card to {p0}.", "Bob passes the card to you."),
        ("{p0}'s Mom Veto removed {p1}'s 9.", "Your Mom Veto removed Bob's 9."),
        ("The King 7 picks {p0}'s card.", "The King 7 picks your card."),
        ("{p0} and {p1} win.", "You and Bob win."),
        ("• {p0} plays a card face down.", "• You play a card face down."),
        ("{p0} 12, {p1} 9", "You 12, Bob 9"),
        ("**{p0}** plays for 4 tricks.", "**You** play for 4 tricks."),
        ("Won by **{p0}**.", "Won by **you**."),
    ],
)
def test_a_sentence_about_you_is_in_the_second_person(text: str, expected: str) -> None:
    assert seats_text(text, NAMES) == expected


@pytest.mark.parametrize("game_id", sorted(registry.games()))
def test_no_log_line_of_a_whole_game_says_you_with_a_third_person_verb(game_id: str) -> None:
    game = registry.get(game_id)
    for players, options in game.configurations():
        state = game.new_game(players, options, 5)
        rng = random.Random(5)
        lines = [seats_text(e.text, NAMES) for e in state.log]
        while (result := game.result(state)) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            lines += [
                seats_text(e.text, NAMES) for e in game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            ]
        lines.append(result.in_words(NAMES))
        wrong = [line for line in lines if DISAGREES.search(line)]
        assert not wrong, wrong[:5]
        summary = result.in_words(THIRD)
        assert not ONE_WITH_PLURAL.search(summary), summary


def test_a_count_agrees_with_its_noun() -> None:
    assert [plural(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural(1, "candy", "candies") == "1 candy"
    assert plural(3, "candy", "candies") == "3 candies"
