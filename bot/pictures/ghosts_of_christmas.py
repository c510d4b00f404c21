"""Ghosts of Christmas as a picture: the eras in progress and the players.

One column per era: its name, its dial (the scoring suit, or a card back while
face down) and the card each player has put into it this round. Below, each
player's wreaths, doors (the bid) and points, and who starts the round. A
player's hand picture shows their cards by suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.pictures.base import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    RGB,
    Canvas,
    Sight,
    fit,
    seat_colour,
    seat_label,
    text_width,
)
from rules.contract import plural
from rules.games.ghosts_of_christmas.cards import CARD_BY_TOKEN, ERA_TITLES, RANK_OF, SUIT_NAMES, SUIT_OF, SUITS
from rules.games.ghosts_of_christmas.state import GhostsView

SUIT_COLOURS: dict[str, RGB] = {
    "hearts": (222, 64, 84),
    "holly": (60, 164, 86),
    "bells": (232, 184, 52),
    "stars": (84, 134, 232),
}
PURPLE: RGB = (150, 80, 200)
RED: RGB = (220, 50, 50)
WREATH: RGB = (70, 170, 90)
ROW = 30
CARD = (52, 74)


def suit_colour(suit: str) -> RGB:
    return SUIT_COLOURS.get(suit, PANEL_LIGHT)


def mini_card(canvas: Canvas, x: float, y: float, token: str) -> None:
    """A card lying in an era: its suit's colour, its rank and its suit."""
    card = CARD_BY_TOKEN.get(token)
    if card is None:  # a card this picture does not know: say what it is called
        canvas.slot((x, y), (68, ROW - 6), token)
        return
    suit = SUIT_OF[card]
    canvas.box((x, y, x + 68, y + ROW - 6), suit_colour(suit), radius=5)
    canvas.text((x + 6, y + (ROW - 6) / 2), str(RANK_OF[card]), size=15, fill=INK, anchor="lm")
    canvas.text((x + 64, y + (ROW - 6) / 2), SUIT_NAMES.get(suit, suit), size=10, fill=INK, anchor="rm")


def draw_era(canvas: Canvas, sight: Sight, view: GhostsView, index: int, x: float, width: float, top: float) -> None:
    era = view.eras[index]
    height = 58 + len(era.cards) * ROW
    canvas.box((x, top, x + width, top + height), PANEL, outline=PANEL_LIGHT, radius=8)
    canvas.text((x + width / 2, top + 6), fit(ERA_TITLES.get(era.era, era.era), 14, width - 8), size=14, anchor="ma")
    dial = (x + 8, top + 26, x + width - 8, top + 48)
    if era.dial is None:
        canvas.box(dial, (96, 58, 140), outline=(150, 110, 200), radius=5)
        canvas.text(((dial[0] + dial[2]) / 2, top + 37), "dial face down", size=11, fill=INK, anchor="mm")
    else:
        canvas.box(dial, suit_colour(era.dial), radius=5)
        canvas.text(
            ((dial[0] + dial[2]) / 2, top + 37), f"dial: {SUIT_NAMES.get(era.dial, era.dial)}", size=12, anchor="mm"
        )
    for seat, token in enumerate(era.cards):
        y = top + 56 + seat * ROW
        canvas.dot((x + 12, y + 11), 5, seat_colour(seat))
        canvas.fitted((x + 22, y + 4), sight.name(seat), width - 100, size=11, fill=MUTED)
        if token is None:
            canvas.box((x + width - 76, y, x + width - 8, y + ROW - 6), None, outline=PANEL_LIGHT, radius=5)
        else:
            mini_card(canvas, x + width - 76, y, token)


def draw_board(canvas: Canvas, sight: Sight, view: GhostsView, seat: int, x: float, y: float, width: float) -> None:
    board = view.boards[seat]
    canvas.box((x, y, x + width, y + 50), PANEL, outline=seat_colour(seat), radius=8)
    starts = seat == view.start_player
    canvas.text((x + 8, y + 6), seat_label(sight, seat, width - (64 if starts else 16), size=13), size=13, fill=INK)
    if starts:
        canvas.text((x + width - 8, y + 7), "starts", size=11, fill=HIGHLIGHT, anchor="ra")
    canvas.dot((x + 16, y + 35), 7, None, outline=WREATH, width=3)
    canvas.text((x + 28, y + 28), f"{board.wreaths}", size=13, fill=INK)
    doors_x = x + 50
    if not view.tiny_tim:
        if board.purple is None:
            canvas.text((doors_x, y + 29), "no bid", size=11, fill=MUTED)
        else:
            for k in range(board.purple):
                canvas.box((doors_x + k * 7, y + 27, doors_x + k * 7 + 5, y + 42), PURPLE, radius=1)
            if board.red:
                red_x = doors_x + board.purple * 7
                canvas.box((red_x, y + 27, red_x + 5, y + 42), RED, radius=1)
    canvas.text((x + width - 8, y + 28), f"{board.total} pts", size=13, fill=INK, anchor="ra")


LEGEND = 26


def draw_legend(canvas: Canvas, view: GhostsView, y: float) -> None:
    """What the ring and the bars on the boards stand for."""
    canvas.dot((22, y + 8), 6, None, outline=WREATH, width=3)
    canvas.text((34, y + 1), "wreaths won", size=11, fill=MUTED)
    if view.tiny_tim:  # no bids in Tiny Tim: no doors to explain
        return
    x = 34 + text_width("wreaths won", 11) + 18
    canvas.box((x, y + 1, x + 5, y + 15), PURPLE, radius=1)
    text = "a purple door: one wreath bid"
    canvas.text((x + 11, y + 1), text, size=11, fill=MUTED)
    x += 11 + text_width(text, 11) + 18
    canvas.box((x, y + 1, x + 5, y + 15), RED, radius=1)
    canvas.text((x + 11, y + 1), "the red door: one wreath more may count", size=11, fill=MUTED)


def draw_table(sight: Sight) -> Canvas:
    view = sight.view
    assert isinstance(view, GhostsView)
    players = len(view.boards)
    era_height = 58 + players * ROW
    columns = 2 if players in (2, 4) else 3
    board_rows = -(-players // columns)
    height = 44 + era_height + 12 + board_rows * 58 + LEGEND + 8
    canvas = Canvas(height)
    variants = [name for name, on in (("Tiny Tim", view.tiny_tim), ("Beyond", view.beyond)) if on]
    extra = f" · {', '.join(variants)}" if variants else ""
    canvas.heading(f"Hand {view.hand}/{view.hands_total} · round {view.round}/{view.rounds_per_hand}{extra}", size=16)
    canvas.text((canvas.width - 14, 14), "Hearts always trump", size=11, fill=MUTED, anchor="ra")
    count = max(1, len(view.eras))
    gap = 8
    width = (canvas.width - 28 - gap * (count - 1)) / count
    for index in range(len(view.eras)):
        draw_era(canvas, sight, view, index, 14 + index * (width + gap), width, 40)
    top = 40 + era_height + 12
    board_width = (canvas.width - 28 - gap * (columns - 1)) / columns
    for seat in range(players):
        row, column = divmod(seat, columns)
        draw_board(canvas, sight, view, seat, 14 + column * (board_width + gap), top + row * 58, board_width)
    draw_legend(canvas, view, top + board_rows * 58 + 2)
    return canvas


@dataclass(frozen=True)
class HandScene:
    """What a player's hand picture shows, and nothing else: its cache key."""

    name: str
    cards: tuple[str, ...]


def hand_scene(sight: Sight) -> HandScene | None:
    view = sight.view
    assert isinstance(view, GhostsView)
    if view.my_hand is None or view.seat is None:
        return None
    return HandScene(sight.name(view.seat), tuple(view.my_hand))


def draw_hand(scene: HandScene) -> Canvas:
    cards = sorted(
        (CARD_BY_TOKEN[token] for token in scene.cards if token in CARD_BY_TOKEN),
        key=lambda card: (SUITS.index(SUIT_OF[card]), RANK_OF[card]),
    )
    per_row = 10
    rows = max(1, -(-len(cards) // per_row))
    canvas = Canvas(44 + rows * (CARD[1] + 8) + 4)
    canvas.heading(fit(f"{scene.name}: your hand ({len(cards)} cards)", 16, 600), size=16)
    if not cards:
        canvas.text((14, 50), "No cards left.", size=13, fill=MUTED)
    for k, card in enumerate(cards):
        row, column = divmod(k, per_row)
        suit = SUIT_OF[card]
        xy = (14 + column * (CARD[0] + 9), 40 + row * (CARD[1] + 8))
        canvas.card(xy, CARD, corner=str(RANK_OF[card]), colour=suit_colour(suit), lines=(SUIT_NAMES[suit],))
    return canvas


def token_words(token: str | None) -> str:
    card = CARD_BY_TOKEN.get(token) if token is not None else None
    if card is None:
        return "no card yet" if token is None else token
    return f"{RANK_OF[card]} {SUIT_NAMES.get(SUIT_OF[card], SUIT_OF[card])}"


def describe_table(sight: Sight) -> str:
    view = sight.view
    assert isinstance(view, GhostsView)
    parts = [
        f"Hand {view.hand} of {view.hands_total}, round {view.round} of {view.rounds_per_hand};"
        " Hearts are always trump."
    ]
    for era in view.eras:
        dial = f"dial {SUIT_NAMES.get(era.dial, era.dial)}" if era.dial is not None else "dial face down"
        cards = "; ".join(f"{sight.name(seat)} {token_words(token)}" for seat, token in enumerate(era.cards))
        parts.append(f"{ERA_TITLES.get(era.era, era.era)}, {dial}: {cards}.")
    for seat, board in enumerate(view.boards):
        if view.tiny_tim:
            bid = ""
        elif board.purple is None:
            bid = ", no bid yet"
        else:
            bid = f", bid {plural(board.purple, 'purple door')}" + (" and the red door" if board.red else "")
        starts = " (starts the round)" if seat == view.start_player else ""
        parts.append(f"{sight.name(seat)}{starts}: {plural(board.wreaths, 'wreath')}{bid}, {board.total} points.")
    return " ".join(parts)


def describe_hand(scene: HandScene) -> str:
    cards = ", ".join(token_words(token) for token in scene.cards) or "no cards left"
    return f"{scene.name}'s hand of {plural(len(scene.cards), 'card')}: {cards}."


class GhostsOfChristmasPicture:
    def table(self, sight: Sight) -> bytes:
        return draw_table(sight).png()

    def describe_table(self, sight: Sight) -> str:
        return describe_table(sight)

    def describe_hand(self, scene: Any) -> str:
        return describe_hand(scene)

    def hand_scene(self, sight: Sight) -> HandScene | None:
        return hand_scene(sight)

    def hand(self, scene: Any) -> bytes:
        return draw_hand(scene).png()


PICTURE = GhostsOfChristmasPicture()
