"""Screen pieces shared by the knock games (Blind Candy Shuffle, 31 Candies): lives, the
knock, the dealer and a round turned face up. No game is drawn here; each game's own
renderer module uses these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bot.renderers import base
from bot.renderers.base import Control, Field, Screen, Seen
from bot.renderers.best_candy import KING_EMOJI, NON_TREAT_EMOJI, PRANK_EMOJI, SUIT_EMOJI, card_emoji, card_line
from rules.candy_kit.cards import DECK, suit_name
from rules.candy_kit.knocking import RoundEnd
from rules.contract import Action, plural
from rules.kit.words import message

KNOCKED_LAST_TURNS = message("{who} knocked: last turns")

#: How a game turns one of its legal moves (and its label) into a button or select option.
ControlFor = Callable[[Action, str], Control]

LIFE = "🍭"
OUT = "💀"
KNOCKED = "👊"
DEALER = "🃏"
HONOR = "🤞"
LOSS = "⬇️"

#: The icons of the cards, as the variant games that count face values show them.
CARD_ICONS: tuple[tuple[str, str], ...] = (
    *((emoji, suit_name(suit)) for suit, emoji in SUIT_EMOJI.items()),
    (PRANK_EMOJI, "a Prank (counts -1)"),
    (NON_TREAT_EMOJI, "a Non-Treat (counts 0)"),
    (KING_EMOJI, "the King Size (counts 13)"),
)
#: The icons every knock game's screens show.
ICONS: tuple[tuple[str, str], ...] = (
    *CARD_ICONS,
    (LIFE, "a piece of candy: a life"),
    (OUT, "out of the game"),
    (KNOCKED, "knocked this round"),
    (DEALER, "the dealer of this round"),
    (HONOR, "playing on, on their honor"),
    (LOSS, "lost a piece of candy that round"),
)


class KnockView(Protocol):
    """What every knock game's view tells: the round, the piles, the seats' candy and marks."""

    @property
    def round(self) -> int: ...
    @property
    def discard(self) -> tuple[int, ...]: ...
    @property
    def pile_size(self) -> int: ...
    @property
    def knocker(self) -> int | None: ...
    @property
    def lives(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def honored(self) -> tuple[int, ...]: ...
    @property
    def last_round(self) -> RoundEnd | None: ...


def short_card(card: int) -> str:
    """`7`🍫🥥: the rank and the suits' icons, for lines that list many cards."""
    printed = DECK[card]
    icons = "".join(SUIT_EMOJI[s] for s in printed.suits) or card_emoji(card)
    return f"`{printed.rank}`{icons}"


def heading(seen: Seen, view: KnockView) -> str:
    """`Round 2 · discard pile: … · deck: 30 cards`, and who knocked."""
    top = card_line(view.discard[-1]) if view.discard else "empty"
    knock = f" · {KNOCKED} " + seen.say(KNOCKED_LAST_TURNS, {"who": view.knocker}) if view.knocker is not None else ""
    return f"Round {view.round} · discard pile: {top} · deck: {plural(view.pile_size, 'card')}{knock}"


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " · ".join(card_line(card) for card in cards) or "no cards"


def seat_badges(seen: Seen, seat: int, lives: int, dealer: int, knocker: int | None, honored: tuple[int, ...]) -> str:
    """`🍭🍭 🃏 👊`: a seat's lives and marks, or 💀 once out."""
    if lives == 0:
        return f"{OUT} out"
    marks = [LIFE * lives]
    if seat in honored:
        marks.append(HONOR)
    if seat == dealer:
        marks.append(DEALER)
    if seat == knocker:
        marks.append(KNOCKED)
    return " ".join(marks)


def players_text(seen: Seen, view: KnockView, holding: Callable[[int], str]) -> str:
    """A line a seat: its name, candy and marks, and (while it is in) what `holding` says of its cards."""
    lines = []
    for seat, lives in enumerate(view.lives):
        badges = seat_badges(seen, seat, lives, view.dealer, view.knocker, view.honored)
        line = f"**{seen.name(seat)}** {badges}"
        if lives:
            line += f" · {holding(seat)}"
        lines.append(line)
    return "\n".join(lines)


def last_round_text(seen: Seen, last: RoundEnd, show: Callable[[list[int]], str]) -> str:
    """Every hand of the last round, its score and who lost candy."""
    lines = []
    for seat, score in enumerate(last.scores):
        if score is None:
            continue
        lost = f" {LOSS}" if seat in last.losers and not last.replayed else ""
        lines.append(f"{seen.name(seat)}: {show(last.hands[seat])} = **{score}**{lost}")
    if last.replayed:
        lines.append("Everyone still in would have been out, so nobody lost candy and the round was dealt again.")
    return "\n".join(lines)


def table_screen(seen: Seen, view: KnockView, *, players: str, title: str, footer: str, colour: int) -> Screen:
    """A knock game's public table: the round's heading and whose turn, every player's
    candy, the last round turned up and the recent log."""
    fields = [Field("Players", players, inline=False)]
    last = view.last_round
    if last is not None:
        fields.append(Field(f"Round {last.round}, turned up", last_round_text(seen, last, cards_text), inline=False))
    return base.table_screen(
        seen, title=title, above=(heading(seen, view),), fields=fields, footer=footer, colour=colour
    )


def knock_control(action: Action, label: str) -> Control:
    return Control(action=action, label=label, style="danger", emoji=KNOCKED)


def hand_screen(
    seen: Seen, view: KnockView, *, prompt: str, fields: list[Field], title: str, colour: int, control: ControlFor
) -> Screen:
    """A knock game's private screen: the heading, whose turn and what to do, the game's own
    fields, and a control for every legal move (`control` for all but the knock)."""
    return base.hand_screen(
        seen,
        title=title,
        above=(heading(seen, view),),
        prompt=prompt,
        fields=fields,
        controls=tuple(
            knock_control(action, label) if action.kind == "knock" else control(action, label)
            for _seat, action, label in seen.legal
        ),
        colour=colour,
    )
