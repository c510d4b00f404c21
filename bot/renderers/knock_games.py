"""Screen pieces shared by the knock games (Blind Candy Shuffle, 31 Candies): lives, the
knock, the dealer and a round turned face up. No game is drawn here; each game's own
renderer module uses these."""

from __future__ import annotations

from collections.abc import Callable

from bot.renderers.base import Seen
from bot.renderers.best_candy import KING_EMOJI, NON_TREAT_EMOJI, PRANK_EMOJI, SUIT_EMOJI, card_emoji, card_line
from rules.best_candy.cards import DECK, suit_name
from rules.contract import plural
from rules.knocking import RoundEnd

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
