"""What a game's renderer produces: a `Screen`, with no discord import.

Each game may have one renderer module, `bot/renderers/<rules package>.py`,
defining `RENDERER`. It turns what a viewer may see (`Seen`) into a `Screen`:
a title, markdown text, fields and the move controls. The Discord adapter turns
a Screen into an embed and components and enforces Discord's limits (5 rows of
5 buttons, 25 options a select, 100-character labels, 6,000 characters an
embed), so a renderer only says what to show. A game without a renderer gets
`DefaultRenderer`, which shows the game's `render_text` and one button per
legal action.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from rules.contract import WIDEN, Action, Event, Game, Result, View, seats_text
from rules.kit import words

Style = Literal["primary", "secondary", "success", "danger"]

#: Discord's own limits, applied by the adapter; renderers may use them to plan.
MAX_BUTTONS = 25
MAX_SELECT_OPTIONS = 25
MAX_LABEL = 80
MAX_DESCRIPTION = 4096
MAX_FIELD_VALUE = 1024


@dataclass(frozen=True)
class Control:
    """One move a viewer can make.

    Controls with the same `group` become one select menu whose placeholder is
    the group; controls without a group are buttons (grouped automatically into
    selects by the adapter when there are too many to fit as buttons).
    """

    action: Action
    label: str
    style: Style = "secondary"
    group: str | None = None
    emoji: str | None = None
    description: str | None = None
    #: The seat this move is for; None means the viewer's own seat. Table
    #: controls of a game without secrets set it (several seats may act).
    seat: int | None = None

    def for_seat(self, seat: int | None) -> Control:
        """This control, for `seat`: `dataclasses.replace(self, seat=seat)` at a fifth of its cost
        (a table's every control is given its seat at every move)."""
        copy = object.__new__(Control)
        copy.__dict__.update(self.__dict__, seat=seat)
        return copy


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = True


@dataclass(frozen=True)
class Screen:
    title: str
    description: str = ""
    fields: tuple[Field, ...] = ()
    footer: str = ""
    controls: tuple[Control, ...] = ()
    colour: int = 0xE8751A  # pumpkin

    def with_controls(self, controls: tuple[Control, ...]) -> Screen:
        """This screen with other controls: `dataclasses.replace` at a fraction of its cost (every
        table's controls are settled after its renderer drew it, at every move)."""
        copy = object.__new__(Screen)
        copy.__dict__.update(self.__dict__, controls=controls)
        return copy


@dataclass(frozen=True)
class Seen:
    """Everything a renderer may use: one viewer's view and the public facts around it.

    `seat` is None for the public table. `legal` holds the viewer's legal actions
    with their labels (for the table: those of the seats to act, when the game
    has no hidden information). `events` are the recent log lines this viewer
    may see, already free of secrets.
    """

    game: Game[Any]
    view: View
    seat: int | None
    names: tuple[str, ...]
    to_act: frozenset[int]
    events: tuple[Event, ...] = ()
    legal: tuple[tuple[int, Action, str], ...] = ()
    result: Result | None = None
    title: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: When a seat has more moves than one decision offers (`Game.choices`), the steps offered
    #: instead (seat, step, label, the group's first move), and the moves of `legal` not offered at this step.
    steps: tuple[tuple[int, Action, str, Action | None], ...] = ()
    not_offered: frozenset[tuple[int, Action]] = frozenset()

    @functools.cached_property  # asked for at every name and line of a screen
    def reader(self) -> int | None:
        """Who reads this screen: the seat of a private screen, else the seat named "You" (the
        terminal's player), else nobody in particular."""
        return words.reader_of(self.names, self.seat)

    def name(self, seat: int) -> str:
        """A player's name on its own (a list, a heading): "You" for the reader."""
        if seat == self.reader:
            return words.YOU
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

    def called(self, seat: int) -> str:
        """A player's name inside a sentence ("Won by you"): "you" for the reader."""
        return "you" if seat == self.reader else self.name(seat)

    def text(self, template: str) -> str:
        """Put player names into a `{p0}`-style text, worded for the reader ("You win")."""
        return seats_text(template, self.names, self.reader)

    def line(self, event: Event) -> str:
        """A log line, worded for the reader."""
        return event.in_words(self.names, self.reader)

    def say(self, msgid: words.Msgid, roles: Mapping[str, int], **args: int | str) -> str:
        """A sentence naming players (a catalogued `rules.kit.words.message`), worded for the reader."""
        return words.said(msgid, roles, args, self.names, self.reader)


#: A player's hand is over for them: said by the games where players go out.
WENT_OUT = words.message("{who} went out.")

#: Icons any table may show, whatever the game (the publisher adds the turn clock's).
COMMON_ICONS: tuple[tuple[str, str], ...] = (("⏰", "the turn clock: when each player's time to move runs out"),)


class Renderer(Protocol):
    #: What each icon on this game's screens means: the key on the last page of `/rules`.
    icons: tuple[tuple[str, str], ...]

    def table(self, seen: Seen) -> Screen:
        """The public table message: what everyone can see."""

    def hand(self, seen: Seen) -> Screen:
        """One player's private message: their hand and secret cards, and their controls."""


class InSteps:
    """A game's renderer offering only the moves of the current step (`Game.choices`): the
    renderer draws every legal move as usual; this keeps those of the step and adds the steps."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.icons = renderer.icons

    def table(self, seen: Seen) -> Screen:
        return in_steps(self.renderer.table(seen), seen)

    def hand(self, seen: Seen) -> Screen:
        return in_steps(self.renderer.hand(seen), seen)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.renderer, name)


def in_steps(screen: Screen, seen: Seen) -> Screen:
    """`screen` with only the moves offered at this step, then the steps (a select of groups, a
    button back)."""
    if not seen.steps and not seen.not_offered:
        return screen
    # A table's control without a seat is the move of the one seat to act.
    own = seen.seat if seen.seat is not None else min(seen.to_act) if len(seen.to_act) == 1 else -1

    def offered(control: Control) -> bool:
        return (own if control.seat is None else control.seat, control.action) not in seen.not_offered

    # Each group stands where its first move would: in the same menu, in the game's order.
    first_of = {(seat, first): (action, label) for seat, action, label, first in seen.steps if first is not None}
    out: list[Control] = []
    for control in screen.controls:
        key = (own if control.seat is None else control.seat, control.action)
        if key not in seen.not_offered:
            out.append(control)
        elif key in first_of:
            action, label = first_of.pop(key)
            out.append(replace(control, action=action, label=label, description=None))
    for seat, action, label, _first in seen.steps:
        if (seat, _first) in first_of or action.kind == WIDEN:
            group = None if action.kind == WIDEN else "Choose…"
            out.append(Control(action, label, group=group, seat=None if seat == seen.seat else seat))
    return replace(screen, controls=tuple(out))


def status_line(seen: Seen) -> str:
    """Whose turn it is, or the result: the same words for every game."""
    if seen.result is not None:
        return "**Game over.** " + seen.result.in_words(seen.names, seen.reader)
    if not seen.to_act:
        return ""
    waiting = ", ".join(seen.name(s) for s in sorted(seen.to_act))
    return f"Waiting for: {waiting}" if len(seen.to_act) > 1 else f"Turn: {waiting}"


def log_lines(seen: Seen, last: int = 6) -> str:
    """The last `last` log lines of the screen, worded for its reader, one a line."""
    # Remembered: log lines never change once logged, so the same lines for the same reader, names
    # and catalogue read the same at every redraw. Known by the events' identity (hashing them costs
    # about as much as wording them); the entry holds the events, so no id is reused while it lasts.
    events = seen.events[-last:]
    key = (tuple(map(id, events)), tuple(seen.names), seen.reader, words.ENGLISH.version)
    known = _LINES.get(key)
    if known is not None:
        return known[1]
    text = "\n".join("• " + seen.line(e) for e in events)
    if len(_LINES) >= _LINES_MAX:
        _LINES.clear()
    _LINES[key] = (events, text)
    return text


#: (events' ids, names, reader, catalogue's version) -> (the events, their lines): see `log_lines`.
_LINES: dict[tuple[tuple[int, ...], tuple[str, ...], int | None, int], tuple[tuple[Event, ...], str]] = {}
_LINES_MAX = 4096


#: How a game turns one move (and its label) into a control, in a select menu or not (group None).
ControlFor = Callable[[Action, str, "str | None"], Control]


def paged_selects(moves: Sequence[tuple[Action, str]], verb: str, control: ControlFor) -> list[Control]:
    """Many moves of one kind as select menus of at most 25 options, in the order given: the
    first menu reads `verb…`, the next `verb (more, 2)…`, and so on."""
    out: list[Control] = []
    for start in range(0, len(moves), MAX_SELECT_OPTIONS):
        part = start // MAX_SELECT_OPTIONS
        group = f"{verb}…" if part == 0 else f"{verb} (more, {part + 1})…"
        out.extend(control(action, label, group) for action, label in moves[start : start + MAX_SELECT_OPTIONS])
    return out


#: Up to this many moves show as buttons; more become select menus.
MOST_BUTTONS = 5


def move_controls(
    moves: Sequence[tuple[Action, str]],
    control: ControlFor,
    verbs: Mapping[str, str],
    *,
    button: Callable[[Action], bool] = lambda _action: False,
    verb: str = "Play a card",
) -> tuple[Control, ...]:
    """A player's moves, in the order given: up to `MOST_BUTTONS` as buttons; more as the moves
    `button` keeps as buttons (a take-back, a pass) followed by select menus of the others. The
    menus read `verbs[kind]…` for the kind of the first move in them, else `verb…`."""
    if len(moves) <= MOST_BUTTONS:
        return tuple(control(action, label, None) for action, label in moves)
    buttons = [control(action, label, None) for action, label in moves if button(action)]
    rest = [(action, label) for action, label in moves if not button(action)]
    if not rest:
        return tuple(buttons)
    return tuple(buttons + paged_selects(rest, verbs.get(rest[0][0].kind, verb), control))


def table_screen(
    seen: Seen, *, title: str, above: Sequence[str], fields: Sequence[Field], footer: str, colour: int
) -> Screen:
    """A game's public table: `above` (its heading, the trick in play; empty parts left out) over
    whose turn it is, the game's fields and then the recent log."""
    recent = (Field("Recent", log_lines(seen), inline=False),) if seen.events else ()
    return Screen(
        title=seen.title or title,
        description="\n\n".join(part for part in (*above, status_line(seen)) if part),
        fields=(*fields, *recent),
        footer=footer,
        colour=colour,
    )


def hand_screen(
    seen: Seen,
    *,
    title: str,
    above: Sequence[str],
    prompt: str,
    fields: Sequence[Field],
    controls: tuple[Control, ...],
    colour: int,
) -> Screen:
    """A player's own message: `above` (its heading; empty parts left out), whose turn it is and
    what to do now, the game's fields and the player's moves."""
    return Screen(
        title=seen.title or title,
        description="\n".join(part for part in (*above, status_line(seen), prompt) if part),
        fields=tuple(fields),
        controls=controls,
        colour=colour,
    )


def action_controls(seen: Seen) -> tuple[Control, ...]:
    return tuple(Control(action=action, label=label, seat=seat) for seat, action, label in seen.legal)


class DefaultRenderer:
    """Works for any game: the game's plain-text picture and one control per legal action."""

    icons: tuple[tuple[str, str], ...] = ()

    def table(self, seen: Seen) -> Screen:
        return self._screen(seen, controls=() if seen.game.hidden_information else action_controls(seen))

    def hand(self, seen: Seen) -> Screen:
        return self._screen(seen, controls=action_controls(seen))

    def _screen(self, seen: Seen, controls: tuple[Control, ...]) -> Screen:
        picture = seen.text(seen.game.render_text(seen.view))
        fields = (Field("Recent", log_lines(seen), inline=False),) if seen.events else ()
        return Screen(
            title=seen.title or seen.game.name,
            description=f"```\n{picture}\n```\n{status_line(seen)}",
            fields=fields,
            controls=controls,
        )
