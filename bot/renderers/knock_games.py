"""Screen pieces shared by the knock games (Blind Candy Shuffle, 31 Candies): lives, the
knock, the dealer and a round turned face up. No game is drawn here; each game's own
renderer module uses these."""

from __future__ import annotations

from collections.abc import Callable

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from bot.renderers.best_candy import KING_EMOJI, NON_TREAT_EMOJI, PRANK_EMOJI, SUIT_EMOJI, card_emoji, card_line
from rules.best_candy.cards import DECK, suit_name
from rules.contract import Action, plural
from rules.knocking import RoundEnd

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


def short_card(card: int) -> str:
    """`7`🍫🥥: the rank and the suits' icons, for lines that list many cards."""
    printed = DECK[card]
    icons = "".join(SUIT_EMOJI[s] for s in printed.suits) or card_emoji(card)
    return f"`{printed.rank}`{icons}"


def heading(seen: Seen, round_: int, discard: tuple[int, ...], pile_size: int, knocker: int | None) -> str:
    """`Round 2 · discard pile: … · deck: 30 cards`, and who knocked."""
    top = card_line(discard[-1]) if discard else "empty"
    knock = f" · {KNOCKED} {seen.name(knocker)} knocked: last turns" if knocker is not None else ""
    return f"Round {round_} · discard pile: {top} · deck: {plural(pile_size, 'card')}{knock}"


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


def table_screen(
    seen: Seen, *, heading: str, players: str, last: RoundEnd | None, title: str, footer: str, colour: int
) -> Screen:
    """A knock game's public table: the round's heading and whose turn, every player's
    candy, the last round turned up and the recent log."""
    fields = [Field("Players", players, inline=False)]
    if last is not None:
        fields.append(Field(f"Round {last.round}, turned up", last_round_text(seen, last, cards_text), inline=False))
    if seen.events:
        fields.append(Field("Recent", log_lines(seen), inline=False))
    return Screen(
        title=seen.title or title,
        description="\n\n".join(part for part in (heading, status_line(seen)) if part),
        fields=tuple(fields),
        footer=footer,
        colour=colour,
    )


def hand_screen(
    seen: Seen, *, heading: str, prompt: str, fields: list[Field], title: str, colour: int, control: ControlFor
) -> Screen:
    """A knock game's private screen: the heading, whose turn and what to do, the game's own
    fields, and a control for every legal move."""
    return Screen(
        title=seen.title or title,
        description="\n".join(p for p in (heading, status_line(seen), prompt) if p),
        fields=tuple(fields),
        controls=tuple(control(action, label) for _seat, action, label in seen.legal),
        colour=colour,
    )
