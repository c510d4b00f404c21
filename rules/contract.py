"""The rules contract every game implements.

Modelled on OpenSpiel's Game/State split and boardgame.io's `playerView`:
a game is data plus pure functions over a serialisable state.

- `Game` holds the functions and the static data; it is stateless.
- `GameState` is a pydantic model; it is saved with `model_dump_json()` and
  loaded with `Game.load_state()`. Every random draw comes from its `seed`
  through `GameState.chance()`, so the same seed and the same actions give the
  same state, byte for byte.
- `Action` is a move as data: a `kind` in the game's own words and integer or
  short string `args`. It has a compact `token()` form that fits Discord's
  custom_id and select values and the command line.
- `Event` is a line of the table log. Text names seats as `{p0}`, `{p1}`...
  and the front end puts the players' names in. An event that carries a secret
  lists the seats that may see it.
- `view(state, seat)` is the only way a secret leaves `rules/`.

`apply` first checks the action against `legal_actions`, so an illegal move
raises `RuleError` and leaves the state untouched for every game by
construction; games only implement `_apply` for legal moves.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.kit import words
from rules.kit.copying import copy_model
from rules.kit.errors import RuleError
from rules.kit.rng import stream
from rules.kit.words import YOU as YOU

# A string argument must not look like a number, so tokens parse back exactly.
_STR_ARG = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_KIND = re.compile(r"[a-z][a-z0-9_-]*")
#: How many recent events a state keeps in its log.
LOG_KEEP = 40
#: Event kinds that close or open a stretch of play, in every game that has one: a trick won, a hand
#: or a round over or begun, a new deal. A front end may take a move that logs one as a pause in the
#: game (the moment to post a long-lived table afresh, say), without knowing which game it is.
PAUSE_KINDS = frozenset({"trick", "hand", "round", "deal"})
#: The most choices one decision offers at once (Discord's select menu holds 25; a terminal
#: list any longer scrolls the table away). `Game.choices` splits a longer list in steps.
MAX_CHOICES = 25
#: The kinds of the two steps `Game.choices` adds: narrow to one group of moves, or widen back.
NARROW = "narrow"
WIDEN = "widen"
#: Short words a group's label does not end on ("Bid 11 with…" reads as "Bid 11…").
_TRAILING_WORDS = frozenset({"with", "as", "the", "into", "onto", "to", "from", "of", "on", "a", "an", "for", "and"})


class Action(BaseModel):
    """A move: `kind` names it in the game's words, `args` are its parameters."""

    model_config = ConfigDict(frozen=True)

    kind: str
    args: tuple[int | str, ...] = ()

    @model_validator(mode="after")
    def _check_tokenisable(self) -> Action:
        if not _KIND.fullmatch(self.kind):
            raise ValueError(f"action kind {self.kind!r} must be lower-case letters, digits, - or _")
        for arg in self.args:
            if isinstance(arg, str) and not _STR_ARG.fullmatch(arg):
                raise ValueError(f"string argument {arg!r} must be a word that is not a number")
        return self

    def token(self) -> str:
        """Compact form, e.g. `move.3.4`: safe in a Discord custom_id and on a command line."""
        # Remembered: every control of every screen drawn carries its move's token.
        known = _TOKENS.get(self)
        if known is None:
            known = ".".join([self.kind, *(str(a) for a in self.args)])
            if len(_TOKENS) >= _PARSED_MAX:
                _TOKENS.clear()
            _TOKENS[self] = known
        return known

    @classmethod
    def parse(cls, token: str) -> Action:
        """Inverse of `token()`. Raises `ValueError` on malformed input."""
        # Every click is parsed from its control's token, and a game offers the same few moves again
        # and again: each token is read and checked once (an action is frozen, so one may be shared).
        known = _PARSED.get(token) if cls is Action else None
        if known is not None:
            return known
        kind, *raw = token.split(".")
        args: list[int | str] = [int(a) if a.lstrip("-").isdigit() else a for a in raw]
        action = cls(kind=kind, args=tuple(args))
        if cls is Action:
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[token] = action
        return action

    # A move is its kind and its arguments. Compared and hashed as such rather than field by field as
    # pydantic does: `apply` looks the move up among the legal ones, and screens key moves in dicts.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Action):
            return self.kind == other.kind and self.args == other.args
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __str__(self) -> str:
        return self.token()


#: token -> the action it parses to (see `Action.parse`); emptied when full, as a token may be any text.
_PARSED: dict[str, Action] = {}
#: action -> its token (see `Action.token`).
_TOKENS: dict[Action, str] = {}
_PARSED_MAX = 4096


def act(kind: str, *args: int | str) -> Action:
    """Shorthand: `act("move", 3)`."""
    return Action(kind=kind, args=tuple(args))


#: Take back one's part of a simultaneous choice made in one move (ruling G9, `Game.may_change`);
#: a choice made of several picks takes back each pick (`take-back.<card>`) instead.
TAKE_BACK = act("take-back")


def still_changing(chosen: Mapping[int, bool]) -> frozenset[int]:
    """`Game.may_change` for a simultaneous choice (ruling G9): of the seats taking part (the keys),
    those that have chosen, while another has not. Once the last seat has chosen the choice
    resolves together, so from then on nobody may change it."""
    done = frozenset(seat for seat, has in chosen.items() if has)
    return done if len(done) < len(chosen) else frozenset()


class Said(BaseModel):
    """The message an event was worded from (`rules.kit.words`): its id (and plural id), the seats
    of its roles and its other arguments."""

    model_config = ConfigDict(frozen=True)

    msg: tuple[str, ...]
    roles: tuple[tuple[str, int], ...] = ()
    args: tuple[tuple[str, int | str], ...] = ()

    @property
    def msgid(self) -> words.Msgid:
        return self.msg[0] if len(self.msg) == 1 else (self.msg[0], self.msg[1])

    def in_words(self, names: Sequence[str], reader: int | None) -> str:
        return words.said(self.msgid, dict(self.roles), dict(self.args), names, reader)

    def for_reader(self, reader: int | None) -> str:
        """The message in `reader`'s form, seats left as `{p0}` marks (`words.for_reader`)."""
        return words.for_reader(self.msgid, dict(self.roles), reader, dict(self.args))


class Event(BaseModel):
    """One line of the game log.

    `text` names seats as `{p0}`, `{p1}`... `seats` is None for a public event,
    otherwise the seats allowed to see it (a peek, a private draw). An event made by
    `say` also keeps its message (`said`), so a front end can word it for a reader
    it names ("You play ... and attack") or in another language.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    seats: tuple[int, ...] | None = None
    said: Said | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def in_words(self, names: Sequence[str], reader: int | None = None) -> str:
        """This line for `reader` (None: the seat named `YOU`, if any): see `rules.kit.words`."""
        # Remembered (an event is frozen, and a state's copies share its events): every screen words the
        # same recent lines again at each move. Known by identity, as hashing a model costs about as much
        # as wording it; the entry holds the event, so its id is not reused while the entry lasts.
        key = (id(self), tuple(names), reader, words.ENGLISH.version)
        known = _WORDED.get(key)
        if known is not None and known[0] is self:
            return known[1]
        text = words.in_words(self.text, names, reader) if self.said is None else self.said.in_words(names, reader)
        if len(_WORDED) >= _WORDED_MAX:
            _WORDED.clear()
        _WORDED[key] = (self, text)
        return text

    def text_for(self, reader: int | None) -> str:
        """This line as a `{p0}`-style text already in `reader`'s form (for a game's `render_text`,
        whose front end puts the names in)."""
        return self.text if self.said is None else self.said.for_reader(reader)


def _event_json(event: Event) -> str:
    known = _EVENT_JSON.get(id(event))
    if known is not None and known[0] is event:
        return known[1]
    text = event.model_dump_json()
    if len(_EVENT_JSON) >= _WORDED_MAX:
        _EVENT_JSON.clear()
    _EVENT_JSON[id(event)] = (event, text)  # holds the event, so its id is not reused meanwhile
    return text


#: event id -> (the event, its JSON): see `Game.dump_state`.
_EVENT_JSON: dict[int, tuple[Event, str]] = {}
#: (event id, names, reader, catalogue's version) -> (the event, its line for that reader): see `Event.in_words`.
_WORDED: dict[tuple[int, tuple[str, ...], int | None, int], tuple[Event, str]] = {}
_WORDED_MAX = 8192


def say(
    kind: str, msgid: words.Msgid, roles: Mapping[str, int], seats: tuple[int, ...] | None = None, **args: int | str
) -> Event:
    """An event worded by a catalogued message (`rules.kit.words`): `roles` names the seats the
    message speaks of (`{who}`), `args` fills the rest; a count `n` picks the plural form."""
    if seats is not None and type(seats) is not tuple:
        seats = tuple(seats)
    # Remembered: a game says the same few lines again and again, and an event is frozen, so one may
    # stand in every log that says it (its JSON and its wording for a reader are then made once, too).
    # The arguments' types are in the key: True == 1 and hash alike, but fill in as "True" and "1".
    key = (kind, msgid, tuple(roles.items()), seats, tuple(args.items()), tuple(map(type, args.values())))
    if _SAID_EVENTS_OF[0] != words.ENGLISH.version:  # a message catalogued since may read otherwise
        _SAID_EVENTS.clear()
        _SAID_EVENTS_OF[0] = words.ENGLISH.version
    known = _SAID_EVENTS.get(key)
    if known is not None:
        return known
    n = args.get("n")
    text = words.fill(words.ENGLISH.form(msgid, n if isinstance(n, int) else None, None), roles, args)
    msg = (msgid,) if isinstance(msgid, str) else msgid
    said = Said(msg=msg, roles=key[2], args=key[4])
    event = Event(kind=kind, text=text, seats=seats, said=said)
    if len(_SAID_EVENTS) >= _WORDED_MAX:
        _SAID_EVENTS.clear()
    _SAID_EVENTS[key] = event
    return event


#: (kind, message, roles, seats, arguments) -> the event `say` made of them, for the English catalogue
#: at the version in `_SAID_EVENTS_OF`.
_SAID_EVENTS: dict[tuple[Any, ...], Event] = {}
_SAID_EVENTS_OF = [-1]


class View(BaseModel):
    """What one seat (or, with seat None, a spectator) may see. Games subclass it."""

    model_config = ConfigDict(frozen=True)

    seat: int | None


class Result(BaseModel):
    """The outcome of a finished game.

    `places[i]` is seat i's place, 1 for the winner(s); seats that tie share a
    place (competition ranking: 1, 1, 3). A draw gives every seat place 1. A
    competitor that holds no seat (Best Candy's solo opponent) may rank ahead
    of seats, so a lone player who lost is in place 2. `scores` is in the
    game's own unit.
    """

    model_config = ConfigDict(frozen=True)

    scores: tuple[int, ...]
    places: tuple[int, ...]
    summary: str
    #: The catalogued message `summary` was worded from (as an `Event`'s): a front end words it
    #: for a reader it names ("You win with 12 points"). None for a summary naming nobody.
    said: Said | None = None

    @classmethod
    def worded(cls, scores: Sequence[int], places: Sequence[int], line: Event) -> Result:
        """A result whose summary is a line made by `say` or `say_winners` (its text and message)."""
        return cls(scores=tuple(scores), places=tuple(places), summary=line.text, said=line.said)

    def in_words(self, names: Sequence[str], reader: int | None = None) -> str:
        """The summary for `reader` (None: the seat named `YOU`, if any), as `Event.in_words`."""
        if self.said is None:
            return words.in_words(self.summary, names, reader)
        return self.said.in_words(names, reader)

    def event(self, kind: str = "game-over") -> Event:
        """The summary as the game's last log line."""
        return Event(kind=kind, text=self.summary, said=self.said)

    @model_validator(mode="after")
    def _well_formed(self) -> Result:
        if len(self.scores) != len(self.places):
            raise ValueError("one score and one place per seat")
        for place in self.places:
            # Competition ranking: place = 1 + everyone strictly ahead, seats or not, so at
            # least 1 + the seats strictly ahead (more when a seatless competitor is ahead).
            if place < 1 + sum(1 for other in self.places if other < place):
                raise ValueError(f"places {self.places} are not a competition ranking")
        return self

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    @property
    def is_draw(self) -> bool:
        """Every seat shares first place (a lone player can only win or lose)."""
        return len(self.places) > 1 and len(self.winners) == len(self.places)


def rank_places(points: list[int] | tuple[int, ...], higher_is_better: bool = True) -> tuple[int, ...]:
    """Competition ranking of seats by points (ties share a place)."""
    sign = -1 if higher_is_better else 1
    return tuple(1 + sum(1 for q in points if sign * q < sign * p) for p in points)


class GameState(BaseModel):
    """Base of every game's state. Mutable: `_apply` changes it in place.

    Keep states plain JSON values: no sets (their order is not stable), no
    floats where exactness matters. `seed` and `draws` must stay out of views.
    """

    model_config = ConfigDict(validate_assignment=False)

    players: int
    seed: int
    draws: int = 0
    log: list[Event] = Field(default_factory=list)
    #: How many lines have been dropped from the front of `log`: line i of `log` is line
    #: `log_dropped + i` of the whole game, a number that never changes once given, so a
    #: front end can tell new lines from those it has shown however full the window is.
    log_dropped: int = 0
    #: The group of moves each seat has narrowed its choice to (`Game.choices`), by seat: the
    #: group's key. A step of the front end's choice, never a move of the game.
    narrowed: dict[int, list[int | str]] = Field(default_factory=dict)

    def visible_log(self, seat: int | None) -> list[Event]:
        """The log lines `seat` (None: everyone) may see."""
        return [event for event in self.log if event.visible_to(seat)]

    def recent_log(self, seat: int | None, last: int) -> list[Event]:
        """The last `last` lines of `visible_log(seat)`, found from the end (a screen shows a few
        of the log's lines at every move)."""
        found: list[Event] = []
        for event in reversed(self.log):
            if len(found) == last:
                break
            seats = event.seats  # `Event.visible_to`, inline: every screen asks at every move
            if seats is None or (seat is not None and seat in seats):
                found.append(event)
        found.reverse()
        return found

    @property
    def log_end(self) -> int:
        """The sequence number the next log line will get (the count of lines ever logged)."""
        return self.log_dropped + len(self.log)

    def log_since(self, seq: int) -> list[Event]:
        """The kept lines numbered `seq` or later (lines already dropped are gone)."""
        return self.log[max(0, seq - self.log_dropped) :]

    def chance(self) -> random.Random:
        """A fresh seeded random stream for the next chance event (a shuffle, a draw)."""
        rng = stream(self.seed, self.draws)
        self.draws += 1
        return rng


S = TypeVar("S", bound=GameState)


class NoOptions(BaseModel):
    """Options model for a game with no variants."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class AutoPlayOptions(BaseModel):
    """The host option of the Best Candy variant games (ruling G10): a player whose only legal
    move is one move gets it made for them. Each variant game's options model inherits this; the
    session service asks `Game.auto_play`, so no front end names the option."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    auto_play: bool = Field(
        True,
        title="Make my only move for me",
        description="When you can do just one thing, the bot does it for you",
    )


#: What a game's /rules pages say about `AutoPlayOptions` (the last page of each game offering it).
AUTO_PLAY_HELP = (
    "**Make my only move for me** (a table option, on unless the host turns it off): when there is "
    "just one thing you can do, such as your last card or the one card you hold of the suit led, "
    "the bot does it for you a moment later, and the log shows it as your move."
)


def with_auto_play_help(pages: tuple[str, ...]) -> tuple[str, ...]:
    """A game's help pages with `AUTO_PLAY_HELP` closing the last one."""
    return (*pages[:-1], f"{pages[-1]}\n\n{AUTO_PLAY_HELP}")


class Game(ABC, Generic[S]):
    """A game: static data plus pure functions over its state type `S`."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = NoOptions
    state_type: ClassVar[type[GameState]]
    #: True when seats hold secrets (hands, Crypts...): front ends put move
    #: controls in a private place (a DM) instead of on the public table.
    hidden_information: ClassVar[bool] = True
    #: True when some card data is PROPOSED (designed by us); the help says so.
    house_card_set: ClassVar[bool] = False
    #: The rules in our own words, one string per page (markdown).
    help_pages: ClassVar[tuple[str, ...]] = ()
    #: The shelf a game is listed on (a key of `rules.families.FAMILIES`), or None for
    #: the five base games. Front ends group a shelf's games together (`/play <shelf> <game>`),
    #: which keeps every command within Discord's 25 subcommands however many games join.
    family: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game offering "make my only move for me" says so at the end of its /rules pages: added
        # here once for every such game, not by each game.
        if issubclass(cls.Options, AutoPlayOptions) and cls.help_pages and AUTO_PLAY_HELP not in cls.help_pages[-1]:
            cls.help_pages = with_auto_play_help(cls.help_pages)

    # ---- set-up -----------------------------------------------------------

    def options(self, raw: dict[str, Any] | BaseModel | None = None) -> BaseModel:
        """Validate options (a dict from a command, or a model) with defaults."""
        if isinstance(raw, self.Options):
            return raw
        data = raw.model_dump() if isinstance(raw, BaseModel) else (raw or {})
        return self.Options.model_validate(data)

    def auto_play(self, options: dict[str, Any] | BaseModel | None = None) -> bool:
        """Whether the host option "make my only move for me" (`AutoPlayOptions`) is on with these
        options. False for a game that does not offer it: its players always choose."""
        if not issubclass(self.Options, AutoPlayOptions):
            return False
        chosen = self.options(options)
        return isinstance(chosen, AutoPlayOptions) and chosen.auto_play

    def seat_range(self, options: BaseModel) -> tuple[int, int]:
        """Allowed player counts for these options (variants may narrow them)."""
        return self.min_players, self.max_players

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """(players, options) pairs the generic test suite plays: by default every
        player count with default options. Games with variants add theirs."""
        low, high = self.seat_range(self.options())
        return [(n, {}) for n in range(low, high + 1)]

    def check_options(self, options: BaseModel) -> None:
        """Refuse (RuleError, with the reason) a choice no table can use, whatever its player count:
        called when a table opens, before anyone joins. What depends on the player count is
        `check_players`'s. Nothing to refuse by default."""

    def player_counts(self, options: BaseModel) -> list[int]:
        """The player counts a table with these options can start with: those of `seat_range`
        that `check_players` accepts. RuleError when `check_options` refuses the options or no
        count fits them (then with the reason the smallest count is refused)."""
        self.check_options(options)
        low, high = self.seat_range(options)
        counts: list[int] = []
        reasons: list[str] = []
        for players in range(low, high + 1):
            try:
                self.check_players(players, options)
            except RuleError as wrong:
                reasons.append(wrong.message)
            else:
                counts.append(players)
        if not counts:
            raise RuleError(reasons[0] if reasons else f"{self.name} has no table for these options.")
        return counts

    def check_players(self, players: int, options: BaseModel) -> None:
        low, high = self.seat_range(options)
        if not low <= players <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            raise RuleError(f"{self.name} is played by {span} players; this table has {players}.")

    def new_game(self, players: int, options: dict[str, Any] | BaseModel | None, seed: int) -> S:
        """Validated entry point for `setup`."""
        opts = self.options(options)
        self.check_options(opts)
        self.check_players(players, opts)
        return self.setup(players, opts, seed)

    @abstractmethod
    def setup(self, players: int, options: BaseModel, seed: int) -> S: ...

    # ---- play ---------------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that must act now: several while choices are simultaneous, none once over."""

    def may_change(self, state: S) -> frozenset[int]:
        """Seats that have made their part of a simultaneous choice and may still change it until
        the last seat has chosen (ruling G9): nobody waits for them, no computer or clock moves for
        them, but their legal actions (taking a pick back) stay offered. None by default."""
        return frozenset()

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of `seat` now (empty when it is neither to act nor may change its
        choice, `may_change`), in a stable order."""

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Play `action` for `seat`. Raises RuleError, leaving the state untouched, if illegal."""
        if self.result(state) is not None:
            raise RuleError("This game is over.")
        if seat not in self.to_act(state) and seat not in self.may_change(state):
            raise RuleError(self.why_not_your_turn(state, seat))
        if action.kind in (NARROW, WIDEN):
            return self._choice_step(state, seat, action)
        if action not in self.legal_actions(state, seat):
            raise RuleError(self.why_illegal(state, seat, action))
        state.narrowed.pop(seat, None)
        events = self._apply(state, seat, action)
        state.log.extend(events)
        if len(state.log) > LOG_KEEP:
            # The state is saved after every move: an ever-growing log would make each save
            # cost more than the last. Front ends show only the recent lines anyway; the
            # whole game can be replayed from the action log (`python -m bot replay`).
            extra = len(state.log) - LOG_KEEP
            del state.log[:extra]
            state.log_dropped += extra
        return events

    # ---- choices in steps ------------------------------------------------------

    def choice_key(self, state: S, seat: int, action: Action) -> tuple[int | str, ...] | None:
        """The group `action` joins when a seat has more than `MAX_CHOICES` moves (None: offered on
        its own). By default a move with several arguments groups with those sharing all but the
        last: a count, then a suit; a card, then where it goes. Its members must fit one step."""
        return (action.kind, *action.args[:-1]) if len(action.args) >= 2 else None

    def choice_group_label(self, state: S, seat: int, members: Sequence[Action]) -> str:
        """What the first step shows for a group: by default what its members' labels share
        ("Bid 11 with Chocolate as trump", "Bid 11 with Nuts as trump": "Bid 11…")."""
        labels = [self.label(state, seat, a) for a in members]
        words = labels[0].split(" ")
        shared = 0
        while shared < len(words) and all(label.split(" ")[: shared + 1] == words[: shared + 1] for label in labels):
            shared += 1
        kept = words[:shared]
        while kept and (kept[-1].lower() in _TRAILING_WORDS or not kept[-1].strip(",:;")):
            kept.pop()
        return (" ".join(kept).rstrip(",:;") or labels[0]) + "…"

    def choices(self, state: S, seat: int, legal: list[Action] | None = None) -> list[Action]:
        """What a screen offers `seat` now: its legal moves, or, when there are more than
        `MAX_CHOICES`, one step of them: the groups of `choice_key` (a group of one is its move),
        or the moves of the group the seat has narrowed to and a step back. Any legal move stays
        playable whatever the step (a computer or a clock plays from `legal_actions`).
        `legal`: the seat's `legal_actions` in this state, when the caller has them already."""
        if legal is None:
            legal = self.legal_actions(state, seat)
        if len(legal) <= MAX_CHOICES:
            return legal
        groups = self._choice_groups(state, seat, legal)
        narrowed = state.narrowed.get(seat)
        for key, members in groups:
            if narrowed is not None and key == tuple(narrowed):
                return [*members, Action(kind=WIDEN)]
        return [
            members[0] if len(members) == 1 else Action(kind=NARROW, args=(i,)) for i, (_, members) in enumerate(groups)
        ]

    def choice_label(self, state: S, seat: int, action: Action) -> str:
        """The label of one of `choices`: a move's own, a group's, or the step back."""
        if action.kind == WIDEN:
            return "Back to every choice"
        if action.kind == NARROW:
            groups = self._choice_groups(state, seat, self.legal_actions(state, seat))
            return self.choice_group_label(state, seat, groups[int(action.args[0])][1])
        return self.label(state, seat, action)

    def choice_members(self, state: S, seat: int, action: Action) -> list[Action]:
        """The moves a step of `choices` narrows to (none for the step back)."""
        if action.kind != NARROW:
            return []
        return self._choice_groups(state, seat, self.legal_actions(state, seat))[int(action.args[0])][1]

    def _choice_groups(
        self, state: S, seat: int, legal: list[Action]
    ) -> list[tuple[tuple[int | str, ...] | None, list[Action]]]:
        """The moves by group, in the order of their first member; ungrouped moves on their own.
        Keys are cut shorter (a card, then where; or the kind alone) until the groups fit one step
        and each group fits one step with the way back."""
        keys = [self.choice_key(state, seat, action) for action in legal]
        longest = max((len(key) for key in keys if key is not None), default=0)
        finest: list[tuple[tuple[int | str, ...] | None, list[Action]]] = []
        for cut in range(longest, 0, -1):
            groups: list[tuple[tuple[int | str, ...] | None, list[Action]]] = []
            where: dict[tuple[int | str, ...], int] = {}
            for action, full in zip(legal, keys, strict=True):
                key = None if full is None else full[:cut]
                if key is None:
                    groups.append((None, [action]))
                elif key in where:
                    groups[where[key]][1].append(action)
                else:
                    where[key] = len(groups)
                    groups.append((key, [action]))
            finest = finest or groups
            if len(groups) <= MAX_CHOICES and all(len(members) < MAX_CHOICES for _, members in groups):
                return groups
        return finest or [(None, [action]) for action in legal]

    def _choice_step(self, state: S, seat: int, action: Action) -> list[Event]:
        """Narrow a seat's choice to a group, or widen it back: nothing in the game changes."""
        if action not in self.choices(state, seat):
            raise RuleError("That choice is no longer on offer: choose again.")
        if action.kind == WIDEN:
            state.narrowed.pop(seat, None)
        else:
            key = self._choice_groups(state, seat, self.legal_actions(state, seat))[int(action.args[0])][0]
            assert key is not None
            state.narrowed[seat] = list(key)
        return []

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Apply a legal action in place and return the events it caused."""

    def why_not_your_turn(self, state: S, seat: int) -> str:
        waiting = sorted(self.to_act(state))
        if not waiting:
            return "Nobody can move now."
        return "It is not your turn: waiting for " + ", ".join(f"{{p{s}}}" for s in waiting) + "."

    def why_illegal(self, state: S, seat: int, action: Action) -> str:
        """A sentence explaining why `action` is illegal. Games override for specific reasons."""
        return f"That move ({action.token()}) is not possible now."

    def label(self, state: S, seat: int, action: Action) -> str:
        """A short button label for a legal action, in the game's words."""
        return action.token()

    # ---- information ----------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """What `seat` may see (None: a spectator). The only way secrets leave rules/."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The outcome once the game is over, else None."""

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A copy of `state` with everything `seat` cannot see resampled (and a fresh seed,
        since future chance is unknown too). Must not change `view(state, seat)`."""

    def render_text(self, view: View) -> str:
        """Plain-text picture of a view, for the command line and logs."""
        return view.model_dump_json(indent=2)

    # ---- persistence ----------------------------------------------------------

    def load_state(self, data: str | bytes) -> S:
        return self.state_type.model_validate_json(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> str:
        # The log is most of a state's text, and its events are frozen: each event's JSON is written once
        # (remembered by identity, as its wording is) and the rest of the state around it. The text is
        # pydantic's own, byte for byte: the log sits just before `log_dropped`, after three numbers.
        rest = state.model_dump_json(exclude={"log"})
        head, mark, tail = rest.partition(',"log_dropped":')
        if not mark:
            return state.model_dump_json()
        return head + ',"log":[' + ",".join(map(_event_json, state.log)) + "]" + mark + tail

    def copy_state(self, state: S) -> S:
        """A copy sharing nothing `_apply` changes in place (see `rules.kit.copying`): frozen
        parts, such as the log's events, are shared, in lists of the copy's own."""
        return copy_model(state)


def seats_text(text: str, names: Sequence[str], reader: int | None = None) -> str:
    """Put player names into an event or error text (`{p0}` -> names[0]), for `reader` (None: the
    seat named `YOU`, if any), who reads "You": see `rules.kit.words.in_words`."""
    return words.in_words(text, names, reader)


def winning(seats: Sequence[int]) -> str:
    """The start of a result's summary: "{p0} wins", or "{p0} and {p2} share the win"."""
    names = " and ".join(f"{{p{seat}}}" for seat in seats)
    return f"{names} share the win" if len(seats) > 1 else f"{names} wins"


def say_winners(kind: str, seats: Sequence[int], one: words.Msgid, shared: words.Msgid, **args: int | str) -> Event:
    """The line naming the winner(s), worded as `say` does: `one` for a lone winner (`{who}`), else
    `shared`, whose `{who}` stands for every winner joined by "and" ("{who} share the win" reads
    "{w0} and {w1} share the win"; one message id per number of winners)."""
    if len(seats) == 1:
        return say(kind, one, {"who": seats[0]}, None, **args)
    joined = " and ".join(f"{{w{i}}}" for i in range(len(seats)))
    msgid = (
        shared.replace("{who}", joined)
        if isinstance(shared, str)
        else tuple(t.replace("{who}", joined) for t in shared)
    )
    return say(
        kind,
        msgid if isinstance(msgid, str) else (msgid[0], msgid[1]),
        {f"w{i}": s for i, s in enumerate(seats)},
        None,
        **args,
    )


#: The commonest summary of a game: the winner(s) and their points (with `say_winners`, `n=`).
WINS_WITH_POINTS = words.message(
    ("{who} wins with {n} point.", "{who} wins with {n} points."),
    who=("{who} win with {n} point.", "{who} win with {n} points."),
)
SHARE_WIN_WITH_POINTS = words.message(("{who} share the win with {n} point.", "{who} share the win with {n} points."))


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """ "1 point", "2 points", "0 points": a number with its noun in agreement."""
    return words.count(count, noun, nouns)
