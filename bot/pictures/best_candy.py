"""Best Candy on the Block as a picture: the trick in progress, trump, and the players.

The trick's cards lie in playing order, each under its player's name; the stash
while it is drafted; each player's score toward the target, tricks, Pranks and
cards in hand; the last trick. A player's hand picture shows their cards.

Drawn from the view alone and generically: a card is drawn from what the deck
says of it (colour, rank, suits, kind), a card the deck does not know as a plain
labelled card, and a hidden card (None or a negative id) as a card back, so new
cards and face-down cards in the rules need no change here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.pictures.base import (
    HIGHLIGHT,
    MUTED,
    PANEL,
    RGB,
    Canvas,
    Sight,
    fit,
    seat_colour,
)
from rules.candy_kit.candy_deck import COPY
from rules.candy_kit.cards import DECK, card_text
from rules.contract import plural
from rules.games.best_candy.scoring import TARGET
from rules.games.best_candy.view import BestCandyView

CARD = (64, 90)
SMALL = (48, 68)
CARD_COLOURS: dict[str, RGB] = {
    "black": (60, 56, 70),
    "green": (70, 160, 80),
    "orange": (238, 134, 40),
    "purple": (140, 84, 190),
    "yellow": (236, 196, 50),
}
PLAIN: RGB = (150, 150, 160)
#: Card kinds with a name of their own instead of suits.
KIND_WORDS: dict[str, str] = {"prank": "Prank", "non_treat": "Non-Treat", "king_size": "King Size"}


@dataclass(frozen=True)
class Face:
    corner: str
    colour: RGB
    lines: tuple[str, ...]


def face(card: Any) -> Face | None:
    """How a card looks; None for a card lying face down."""
    if card is None or (isinstance(card, int) and card < 0):
        return None
    try:
        # The second deck's copy of a card (two decks shuffled together) looks like the first's.
        known = DECK[card - COPY if isinstance(card, int) and COPY <= card < 2 * COPY else card]
    except (IndexError, KeyError, TypeError):
        return Face(str(card), PLAIN, ("card",))
    rank = getattr(known, "rank", None)
    colour = CARD_COLOURS.get(str(getattr(known, "colour", "")), PLAIN)
    suits = tuple(str(s).capitalize() for s in getattr(known, "suits", ()) or ())
    kind = str(getattr(known, "kind", ""))
    word = KIND_WORDS.get(kind, kind.replace("_", " ").capitalize())
    if kind == "treat" and suits:
        return Face(str(rank), colour, suits)
    return Face("" if rank is None else str(rank), colour, (word, *suits) if word else suits or ("card",))


def draw_card(canvas: Canvas, xy: tuple[float, float], card: Any, size: tuple[int, int] = CARD) -> None:
    shown = face(card)
    if shown is None:
        canvas.back(xy, size)
    else:
        canvas.card(xy, size, corner=shown.corner, colour=shown.colour, lines=shown.lines)


def hand_name(sight: Sight, view: BestCandyView, hand: int) -> str:
    return "Opponent" if view.solo and hand >= len(sight.names) else sight.name(hand)


def suit_word(suit: str | None, none: str) -> str:
    return suit.capitalize() if suit else none


def trick_plays(view: BestCandyView) -> list[tuple[int, Any]]:
    return list(view.trick_plays())


def draw_trick(canvas: Canvas, sight: Sight, view: BestCandyView, top: float) -> None:
    plays = trick_plays(view)
    suit = suit_word(view.trick_suit, "not chosen yet")
    canvas.text((14, top), f"Trick suit: {suit}", size=13, fill=MUTED)
    if not plays:
        leader = hand_name(sight, view, view.leader)
        canvas.text((14, top + 24), fit(f"Waiting for {leader} to lead.", 14, canvas.width - 28), size=14)
        return
    step = min(CARD[0] + 14, (canvas.width - 28 - CARD[0]) / max(1, len(plays) - 1)) if len(plays) > 1 else 0
    for k, (hand, card) in enumerate(plays):
        x = 14 + k * step
        draw_card(canvas, (x, top + 20), card)
        label = hand_name(sight, view, hand)
        canvas.fitted(
            (x + CARD[0] / 2, top + 24 + CARD[1]), label, CARD[0] + 10, size=11, fill=seat_colour(hand), anchor="ma"
        )


def draw_stash(canvas: Canvas, sight: Sight, view: BestCandyView, top: float) -> None:
    order = ", ".join(hand_name(sight, view, h) for h in view.drafters)
    canvas.text(
        (14, top), fit(f"Stash · still to take: {order or 'nobody'}", 13, canvas.width - 28), size=13, fill=MUTED
    )
    cards: list[Any] = list(view.stash) if view.stash_revealed else [None] * view.stash_size
    step = min(CARD[0] + 8, (canvas.width - 28 - CARD[0]) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for k, card in enumerate(cards):
        draw_card(canvas, (14 + k * step, top + 20), card)


def draw_player(canvas: Canvas, sight: Sight, view: BestCandyView, hand: int, x: float, y: float, width: float) -> None:
    colour = seat_colour(hand)
    canvas.box((x, y, x + width, y + 52), PANEL, outline=colour, radius=8)
    name = hand_name(sight, view, hand)
    mark = "> " if view.turn == hand and sight.places is None else ""
    canvas.text((x + 8, y + 6), fit(mark + name, 13, width - 70), size=13)
    canvas.text((x + width - 8, y + 6), f"{view.scores[hand]}/{TARGET}", size=13, fill=HIGHLIGHT, anchor="ra")
    tricks = view.tricks_won[hand] if hand < len(view.tricks_won) else 0
    pranks = view.pranks_taken(hand) if hand < len(view.taken) else 0
    held = view.hand_sizes[hand] if hand < len(view.hand_sizes) else 0
    canvas.text(
        (x + 8, y + 30), fit(f"{tricks} tricks · {pranks} pranks · {held} cards", 11, width - 16), size=11, fill=MUTED
    )


def draw_last_trick(canvas: Canvas, sight: Sight, view: BestCandyView, top: float) -> None:
    if view.last_trick_winner is None:
        return
    winner = hand_name(sight, view, view.last_trick_winner)
    canvas.text((14, top), fit(f"Last trick, won by {winner}", 12, canvas.width - 28), size=12, fill=MUTED)
    for k, (_hand, card) in enumerate(view.last_trick_plays()[:11]):
        draw_card(canvas, (14 + k * (SMALL[0] + 6), top + 18), card, SMALL)


def draw_table(sight: Sight) -> Canvas:
    view = sight.view
    assert isinstance(view, BestCandyView)
    hands = len(view.scores)
    columns = 3 if hands > 4 else 2
    player_rows = -(-hands // columns)
    middle = 20 + CARD[1] + 22
    last = 18 + SMALL[1] + 10 if view.last_trick_winner is not None else 0
    height = 40 + middle + 10 + player_rows * 58 + last + 10
    canvas = Canvas(height)
    phase = {"favourite": "keeping favourite suits", "draft": "taking from the stash", "tricks": "playing tricks"}
    canvas.heading(f"Hand {view.hand_number} · {phase.get(str(view.phase), 'game over')}", size=16)
    canvas.text(
        (canvas.width - 14, 12), f"Trump: {suit_word(view.trump, 'not yet')}", size=14, fill=HIGHLIGHT, anchor="ra"
    )
    top = 40
    if str(view.phase) == "draft":
        draw_stash(canvas, sight, view, top)
    elif str(view.phase) == "favourite":
        canvas.text((14, top), "Everyone keeps one suit card as a secret favourite.", size=13, fill=MUTED)
        chosen = [hand_name(sight, view, h) for h, done in enumerate(view.chosen) if done]
        canvas.text((14, top + 24), fit("Kept: " + (", ".join(chosen) or "nobody yet"), 13, canvas.width - 28), size=13)
    else:
        draw_trick(canvas, sight, view, top)
    top += middle + 10
    width = (canvas.width - 28 - 8 * (columns - 1)) / columns
    for hand in range(hands):
        row, column = divmod(hand, columns)
        draw_player(canvas, sight, view, hand, 14 + column * (width + 8), top + row * 58, width)
    draw_last_trick(canvas, sight, view, top + player_rows * 58 + 4)
    return canvas


@dataclass(frozen=True)
class HandScene:
    """What a player's hand picture shows, and nothing else: its cache key."""

    name: str
    cards: tuple[Any, ...]
    trump: str | None
    favourites: tuple[str, ...]
    offers: tuple[str, ...]


def hand_scene(sight: Sight) -> HandScene:
    view = sight.view
    assert isinstance(view, BestCandyView)
    seat = view.seat if view.seat is not None else 0
    return HandScene(sight.name(seat), tuple(view.hand), view.trump, tuple(view.favourites), tuple(view.offers))


def draw_hand(scene: HandScene) -> Canvas:
    cards = list(scene.cards)
    per_row = 9
    rows = max(1, -(-len(cards) // per_row))
    canvas = Canvas(70 + rows * (CARD[1] + 8))
    canvas.heading(fit(f"{scene.name}: your hand ({len(cards)} cards)", 16, 420), size=16)
    trump = f"Trump: {suit_word(scene.trump, 'not yet')}"
    canvas.text((canvas.width - 14, 12), trump, size=14, fill=HIGHLIGHT, anchor="ra")
    if scene.favourites:
        kept = "Your favourite: " + ", ".join(s.capitalize() for s in scene.favourites)
    elif scene.offers:
        kept = "Your suit cards: " + ", ".join(s.capitalize() for s in scene.offers)
    else:
        kept = ""
    canvas.text((14, 38), fit(kept, 12, canvas.width - 28), size=12, fill=MUTED)
    if not cards:
        canvas.text((14, 62), "No cards.", size=13, fill=MUTED)
    for k, card in enumerate(cards):
        row, column = divmod(k, per_row)
        draw_card(canvas, (14 + column * (CARD[0] + 5), 60 + row * (CARD[1] + 8)), card)
    return canvas


def card_words(card: Any) -> str:
    if face(card) is None:
        return "a card face down"
    try:
        return card_text(card - COPY if COPY <= card < 2 * COPY else card)
    except (IndexError, TypeError):
        return str(card)


def describe_table(sight: Sight) -> str:
    view = sight.view
    assert isinstance(view, BestCandyView)
    phase = {"favourite": "keeping favourite suits", "draft": "taking from the stash", "tricks": "playing tricks"}
    parts = [
        f"Hand {view.hand_number}, {phase.get(str(view.phase), 'game over')};"
        f" trump {suit_word(view.trump, 'not chosen yet')}."
    ]
    plays = trick_plays(view)
    if str(view.phase) == "tricks":
        if plays:
            cards = "; ".join(f"{hand_name(sight, view, hand)} {card_words(card)}" for hand, card in plays)
            parts.append(f"Trick, suit {suit_word(view.trick_suit, 'not chosen yet')}: {cards}.")
        else:
            parts.append(f"Waiting for {hand_name(sight, view, view.leader)} to lead.")
    elif str(view.phase) == "draft":
        parts.append(f"The stash holds {view.stash_size} cards.")
    for hand in range(len(view.scores)):
        held = view.hand_sizes[hand] if hand < len(view.hand_sizes) else 0
        tricks = view.tricks_won[hand] if hand < len(view.tricks_won) else 0
        parts.append(
            f"{hand_name(sight, view, hand)}: {view.scores[hand]} of {TARGET} points, {plural(tricks, 'trick')},"
            f" {plural(held, 'card')} in hand."
        )
    if view.last_trick_winner is not None:
        parts.append(f"Last trick won by {hand_name(sight, view, view.last_trick_winner)}.")
    return " ".join(parts)


def describe_hand(scene: HandScene) -> str:
    cards = ", ".join(card_words(card) for card in scene.cards) or "no cards"
    kept = f" Your favourite: {', '.join(s.capitalize() for s in scene.favourites)}." if scene.favourites else ""
    trump = suit_word(scene.trump, "not yet")
    return f"{scene.name}'s hand of {plural(len(scene.cards), 'card')}: {cards}. Trump: {trump}.{kept}"


class BestCandyPicture:
    def table(self, sight: Sight) -> bytes:
        return draw_table(sight).png()

    def describe_table(self, sight: Sight) -> str:
        return describe_table(sight)

    def describe_hand(self, scene: Any) -> str:
        return describe_hand(scene)

    def hand_scene(self, sight: Sight) -> HandScene:
        return hand_scene(sight)

    def hand(self, scene: Any) -> bytes:
        return draw_hand(scene).png()


PICTURE = BestCandyPicture()
