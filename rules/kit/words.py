"""The one place a sentence that names a player is put into words for the person reading it.

Sentences are written once, in English, the way gettext (and Babel) do it: the English text is
the message id, a count picks a plural form through the language's plural rule, and a
`Catalogue` gives each message's forms in one language. Besides the plural, a sentence has a
person: read by one of the players it names, it speaks to them ("You play a card face down and
attack", "your Crypt"), read by anyone else it names them ("Ana plays ... and attacks"). So an
entry of the catalogue holds the forms for each named role the reader may be.

A message names players by role (`{who}`, `{victim}`); `said` turns a role into the `{p3}` seat
mark the rest of the code already speaks, and `in_words` puts the names in for one reader. A text
that is not (yet) a catalogued message still reads right for the simple case: the seat that is the
reader becomes "You"/"you"/"your" and the verb right after it agrees.

A second language is another `Catalogue` (same message ids, its own forms and plural rule); no
sentence needs writing again in the code that says it. Pure: no I/O, nothing of a game.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

#: The name a front end gives the seat of the person reading (the terminal's player).
YOU = "You"
#: A message: its id (the English singular), or (singular, plural) when a count picks the form.
Msgid = str | tuple[str, str]
#: A message's text in one language: one text, or one per plural form (as many as the language has).
Forms = str | tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One message in one language: its forms for a reader who is not named (`third`), and for a
    reader who is the player of a role (`you[role]`). Each is one text, or one text per plural form."""

    third: tuple[str, ...]
    you: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Catalogue:
    """The messages of one language, with its plural rule (gettext's Plural-Forms)."""

    language: str
    plural_form: Callable[[int], int]
    entries: dict[str, Entry] = field(default_factory=dict)
    #: Counts the changes to `entries`, so what was worded from them can be known to be stale.
    version: int = 0

    def add(self, msgid: Msgid, *, you: Mapping[str, Forms] | None = None, third: Forms | None = None) -> None:
        """Catalogue a message: its third-person forms (by default its id) and its second-person forms."""
        key = msgid if isinstance(msgid, str) else msgid[0]
        self.entries[key] = Entry(_forms(third or msgid), {role: _forms(text) for role, text in (you or {}).items()})
        self.version += 1
        _SAID.clear()  # a sentence remembered from before may have had other forms

    def form(self, msgid: Msgid, count: int | None, person: str | None) -> str:
        """The text of `msgid` for a count (None: none) read by the player of role `person` (None: by
        someone it does not name). Falls back, as gettext does, to the id itself."""
        key = msgid if isinstance(msgid, str) else msgid[0]
        entry = self.entries.get(key)
        forms = _forms(msgid) if entry is None else entry.third
        if entry is not None and person is not None and person in entry.you:
            forms = entry.you[person]
        index = 0 if count is None else min(self.plural_form(count), len(forms) - 1)
        return forms[index]

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.form((singular, plural), count, None)


def _forms(text: Forms) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


#: English: one form for 1, another for every other count (0 included).
ENGLISH = Catalogue("en", lambda n: 0 if n == 1 else 1)


def count(n: int, noun: str, nouns: str | None = None, catalogue: Catalogue = ENGLISH) -> str:
    """ "1 trick", "2 tricks", "0 tricks": a number with its noun in agreement."""
    if catalogue is ENGLISH and noun not in catalogue.entries:  # the common case, kept quick
        return f"{n} {noun if n == 1 else nouns or noun + 's'}"
    return f"{n} {catalogue.ngettext(noun, nouns or noun + 's', n)}"


# ---- putting names in ------------------------------------------------------------------------

#: (A name may be in bold: "**{p0}** plays for 4 tricks.")
_SEAT = re.compile(r"\{p(\d+)\}(?:('s)\b|(\**\s+)([a-z]+)\b)?")
#: Verbs whose second person is not the third person less its "s"; words that look like a
#: verb in "s" but are not one.
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_NOT_VERBS = frozenset({"this", "his", "its", "as", "us", "plus", "always", "thus", "less", "across"})
#: What ends a sentence (or a list item) before a name: "You" starts with a capital there.
_SENTENCE_START = re.compile(r"(?:^|[.!?:•\n]\s*)\**$")


def reader_of(names: Sequence[str], reader: int | None = None) -> int | None:
    """The seat reading: `reader` when given, else the seat named `YOU` (the terminal's player)."""
    if reader is not None:
        return reader
    return names.index(YOU) if YOU in names else None


def in_words(text: str, names: Sequence[str], reader: int | None = None, *, agree: bool = True) -> str:
    """Put player names into a `{p0}`-style text for `reader` (see `reader_of`).

    The reader's seat reads "You" (at a sentence's start) or "you", "{pN}'s" reads "Your"/"your",
    and with `agree` the verb right after it is put in the second person ("You win"): a catalogued
    message's own second-person form needs none of that guessing, so it comes with `agree` off."""
    return _in_words(text, tuple(names), reader_of(names, reader), agree)


@functools.lru_cache(maxsize=8192)
def _in_words(text: str, names: tuple[str, ...], me: int | None, agree: bool) -> str:
    # Remembered: every screen redraws the same recent log lines for the same readers at each move.

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return match.group(0)
        rest = match.group(0)[len(f"{{p{seat}}}") :]
        if seat != me:
            return names[seat] + rest
        starts = bool(_SENTENCE_START.search(text[: match.start()]))
        if match.group(2):  # possessive
            return "Your" if starts else "your"
        you = "You" if starts else "you"
        if match.group(4) is None:
            return you
        verb = _second_person(match.group(4)) if agree else match.group(4)
        return you + match.group(3) + verb

    return _SEAT.sub(name, text)


def _second_person(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb in _NOT_VERBS or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


# ---- messages with roles ---------------------------------------------------------------------


def fill(template: str, roles: Mapping[str, int], args: Mapping[str, int | str]) -> str:
    """A message's text with its arguments in and its roles as `{pN}` seat marks."""
    values: dict[str, object] = {role: f"{{p{seat}}}" for role, seat in roles.items()}
    values.update(args)
    return template.format_map(values)


def said(
    msgid: Msgid,
    roles: Mapping[str, int],
    args: Mapping[str, int | str],
    names: Sequence[str],
    reader: int | None = None,
    catalogue: Catalogue = ENGLISH,
) -> str:
    """A message for one reader: the form of their role (or the third person), the plural form of
    its `n` argument, names in."""
    # Remembered (English only): a screen says the same few sentences to the same readers at every move.
    key = (msgid, tuple(roles.items()), tuple(args.items()), tuple(names), reader) if catalogue is ENGLISH else None
    if key is not None:
        known = _SAID.get(key)
        if known is not None:
            return known
    me = reader_of(names, reader)
    person = next((role for role, seat in roles.items() if seat == me), None)
    n = args.get("n")
    template = catalogue.form(msgid, n if isinstance(n, int) else None, person)
    own = person is not None and person in catalogue.entries.get(_key(msgid), Entry(())).you
    text = in_words(fill(template, roles, args), names, me, agree=not own)
    if key is not None:
        if len(_SAID) >= _SAID_MAX:
            _SAID.clear()
        _SAID[key] = text
    return text


#: (message, roles, arguments, names, reader) -> the sentence `said` made of them, in English.
_SAID: dict[
    tuple[Msgid, tuple[tuple[str, int], ...], tuple[tuple[str, int | str], ...], tuple[str, ...], int | None], str
] = {}
_SAID_MAX = 8192


def _key(msgid: Msgid) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def for_reader(
    msgid: Msgid,
    roles: Mapping[str, int],
    reader: int | None,
    args: Mapping[str, int | str] | None = None,
    catalogue: Catalogue = ENGLISH,
) -> str:
    """A message in the form for `reader` (a seat; None: someone it does not name) with its roles
    left as `{p3}` seat marks, for a text that reaches its front end as a `{p0}`-style text (a
    game's `render_text`): the front end puts the names in, the sentence already speaks to the reader."""
    person = next((role for role, seat in roles.items() if seat == reader), None)
    args = args or {}
    n = args.get("n")
    return fill(catalogue.form(msgid, n if isinstance(n, int) else None, person), roles, args)


def message(msgid: Msgid, **you: Msgid) -> Msgid:
    """Catalogue an English message with its forms for a reader who is the player of a role
    (`who="{who} play a card and attack"`); returns its id, for `rules.contract.say`."""
    ENGLISH.add(msgid, you=you)
    return msgid
