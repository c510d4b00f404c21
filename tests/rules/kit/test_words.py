"""The words layer: a message read by a player it names speaks to them, a count picks its plural
form, and another language is only another catalogue (rules.kit.words)."""

from __future__ import annotations

from rules.contract import Event, say, seats_text
from rules.kit.words import ENGLISH, YOU, Catalogue, count, for_reader, message
from rules.kit.words import said as word

NAMES = ("Ana", "Bob", "Cy")
ATTACK = message(
    "{who} plays a card face down and attacks: {number}. A hit on {victim}'s Crypt!",
    who="{who} play a card face down and attack: {number}. A hit on {victim}'s Crypt!",
)
DISCARD = message(
    ("{who} discards a card and draws another.", "{who} discards {n} cards and draws as many."),
    who=("{who} discard a card and draw another.", "{who} discard {n} cards and draw as many."),
)


def test_a_message_speaks_to_the_player_it_names_and_names_them_to_everyone_else() -> None:
    event = say("attack", ATTACK, {"who": 0, "victim": 2}, number=9)
    assert event.in_words(NAMES) == "Ana plays a card face down and attacks: 9. A hit on Cy's Crypt!"
    assert event.in_words(NAMES, 1) == "Ana plays a card face down and attacks: 9. A hit on Cy's Crypt!"
    assert event.in_words(NAMES, 0) == "You play a card face down and attack: 9. A hit on Cy's Crypt!"
    assert event.in_words(NAMES, 2) == "Ana plays a card face down and attacks: 9. A hit on your Crypt!"


def test_the_terminals_player_is_the_seat_named_you() -> None:
    event = say("attack", ATTACK, {"who": 1, "victim": 0}, number=3)
    assert event.in_words(("Ana", YOU, "Cy")) == "You play a card face down and attack: 3. A hit on Ana's Crypt!"


def test_the_log_keeps_the_english_third_person_text_and_the_message_through_a_save() -> None:
    event = say("discard", DISCARD, {"who": 2}, n=3)
    assert event.text == "{p2} discards 3 cards and draws as many."
    again = Event.model_validate_json(event.model_dump_json())
    assert again == event
    assert again.in_words(NAMES, 2) == "You discard 3 cards and draw as many."


def test_a_count_picks_its_plural_form() -> None:
    assert say("discard", DISCARD, {"who": 0}, n=1).in_words(NAMES, 0) == "You discard a card and draw another."
    assert say("discard", DISCARD, {"who": 0}, n=0).in_words(NAMES, 1) == "Ana discards 0 cards and draws as many."
    assert [count(n, "trick") for n in (0, 1, 2)] == ["0 tricks", "1 trick", "2 tricks"]
    assert count(1, "candy", "candies") == "1 candy"
    assert count(5, "candy", "candies") == "5 candies"


def test_a_line_without_a_message_still_agrees_with_you() -> None:
    assert seats_text("{p1} wins; {p0}'s turn is over.", NAMES, 1) == "You win; Ana's turn is over."
    assert seats_text("Waiting for {p1} to lead.", NAMES, 1) == "Waiting for you to lead."
    assert Event(kind="x", text="{p0} passes.").in_words(NAMES, 0) == "You pass."


def test_a_second_language_is_a_catalogue_with_its_own_plural_rule() -> None:
    # A made-up language with three plural forms (one, few, many), as some real ones have.
    other = Catalogue("xx", lambda n: 0 if n == 1 else 1 if 2 <= n <= 4 else 2)
    other.add(
        DISCARD,
        third=("{who} DISCARDS-ONE", "{who} DISCARDS-FEW {n}", "{who} DISCARDS-MANY {n}"),
        you={"who": ("{who} DISCARD-ONE", "{who} DISCARD-FEW {n}", "{who} DISCARD-MANY {n}")},
    )
    said = say("discard", DISCARD, {"who": 1}, n=3).said
    assert said is not None
    roles, args = dict(said.roles), dict(said.args)
    msgid = (said.msg[0], said.msg[1])
    assert word(msgid, roles, args, NAMES, 0, other) == "Bob DISCARDS-FEW 3"
    assert word(msgid, roles, args, NAMES, 1, other) == "You DISCARD-FEW 3"
    assert word(msgid, roles, {**args, "n": 7}, NAMES, 1, other) == "You DISCARD-MANY 7"
    assert other.ngettext("card", "cards", 1) == "card"
    assert ENGLISH.ngettext("card", "cards", 2) == "cards"


def test_a_text_for_one_reader_keeps_the_seat_marks_and_speaks_to_that_reader() -> None:
    text = for_reader(DISCARD, {"who": 1}, 1, {"n": 2})
    assert text == "{p1} discard 2 cards and draw as many."
    assert seats_text(text, NAMES, 1) == "You discard 2 cards and draw as many."
    assert for_reader(DISCARD, {"who": 1}, 0, {"n": 1}) == "{p1} discards a card and draws another."
    assert for_reader(DISCARD, {"who": 1}, None, {"n": 2}) == "{p1} discards 2 cards and draws as many."
    event = say("attack", ATTACK, {"who": 0, "victim": 2}, number=9)
    assert event.text_for(0) == "{p0} play a card face down and attack: 9. A hit on {p2}'s Crypt!"
    assert event.text_for(None) == event.text


def test_a_sentence_said_again_is_the_same_and_follows_its_catalogue_entry_when_that_changes() -> None:
    msgid = "{who} waves at {other} from the porch."
    roles = {"who": 0, "other": 1}
    assert word(msgid, roles, {}, NAMES, 0) == "You wave at Bob from the porch."
    assert word(msgid, roles, {}, NAMES, 0) == "You wave at Bob from the porch."
    assert word(msgid, roles, {}, ("Di", "Ed"), 0) == "You wave at Ed from the porch.", "other names, other words"
    assert word(msgid, roles, {}, NAMES, 1) == "Ana waves at you from the porch.", "another reader, other words"
    # Catalogued later (a module imported late): the sentence said from now on is the catalogue's.
    ENGLISH.add(msgid, you={"who": "{who} wave hello to {other} from the porch."})
    assert word(msgid, roles, {}, NAMES, 0) == "You wave hello to Bob from the porch."
