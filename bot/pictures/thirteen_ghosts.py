"""13 Ghosts as a picture: each seat's played cards, hand and Crypt.

One band per seat: its name (whose turn, shielded, out), the cards it played face
up this round in its card colour with what they do, its face-down cards as backs,
its hand as a count, and its Crypt (a back, or the number once an attack found
it) with the numbers it may still be, by what the viewer knows. A player's hand
picture shows their Crypt and their hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.pictures.base import (
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    RGB,
    Canvas,
    Sight,
    fit,
    seat_colour,
    wrap,
)
from rules.contract import plural, seats_text
from rules.games.thirteen_ghosts.cards import GHOSTS
from rules.games.thirteen_ghosts.knowledge import crypt_candidates
from rules.games.thirteen_ghosts.picture import move_text, score_line
from rules.games.thirteen_ghosts.state import ThirteenGhostsView

GHOST_COLOURS: dict[str, RGB] = {"blue": (70, 128, 230), "red": (222, 64, 74), "green": (64, 170, 90)}
CARD = (58, 82)
BIG = (84, 116)
BAND = 124


def draw_ghost_card(canvas: Canvas, xy: tuple[float, float], number: int, size: tuple[int, int] = CARD) -> None:
    ghost = GHOSTS.get(number)
    if ghost is None:
        canvas.card(xy, size, corner=str(number), colour=PANEL_LIGHT)
        return
    lines = tuple(wrap(ghost.short, 10, size[0] - 6, lines=3))
    canvas.card(xy, size, corner=str(number), colour=GHOST_COLOURS.get(ghost.colour, PANEL_LIGHT), lines=lines)


def draw_seat(canvas: Canvas, sight: Sight, view: ThirteenGhostsView, seat: int, top: float) -> None:
    info = view.seats[seat]
    playing = seat in view.duelists
    turn = view.phase == "play" and seat == view.turn and sight.places is None
    canvas.box(
        (14, top, canvas.width - 14, top + BAND - 6), PANEL, outline=HIGHLIGHT if turn else PANEL_LIGHT, radius=8
    )
    canvas.dot((28, top + 16), 7, seat_colour(seat))
    marks = [word for word, on in (("turn", turn), ("shielded", info.shielded), ("out", info.out and playing)) if on]
    name = sight.name(seat) + (f" ({', '.join(marks)})" if marks else "")
    canvas.fitted((40, top + 8), name, 260, size=14)
    if not playing:
        canvas.text((40, top + 34), "Sitting out the playoff.", size=12, fill=MUTED)
        return
    held = f"hand: {info.hand_size}"
    # The Crypt, at the left under the name.
    crypt_xy = (24, top + 38)
    if info.crypt is not None:  # found by an attack: the card says it is this seat's Crypt
        draw_ghost_card(canvas, crypt_xy, info.crypt, (46, 66))
        found = "Crypt (hit)" if info.out else "Crypt"
        canvas.text(
            (crypt_xy[0] + 23, crypt_xy[1] + 68), found, size=10, fill=HIGHLIGHT if info.out else MUTED, anchor="ma"
        )
    elif info.has_crypt:
        canvas.back(crypt_xy, (46, 66), "Crypt")
    else:
        canvas.slot(crypt_xy, (46, 66), "Crypt")
    if not info.out and seat != view.seat and info.has_crypt:
        may_be = crypt_candidates(view, seat)
        if len(may_be) < 13:
            held = "Crypt may be " + " ".join(str(n) for n in may_be) + " · " + held
    canvas.text((canvas.width - 26, top + 9), fit(held, 12, 280), size=12, fill=MUTED, anchor="ra")
    played: list[int | None] = [*info.face_up, *([None] * info.face_down)]
    left, right = 82, canvas.width - 26
    step = min(CARD[0] + 6, (right - left - CARD[0]) / max(1, len(played) - 1)) if len(played) > 1 else 0
    y = top + 30
    for k, number in enumerate(played):
        x = left + k * step
        if number is None:
            canvas.back((x, y), CARD)
        else:
            draw_ghost_card(canvas, (x, y), number)
    if not played:
        canvas.text((left, y + CARD[1] / 2), "nothing played yet", size=12, fill=MUTED, anchor="lm")


def draw_table(sight: Sight) -> Canvas:
    view = sight.view
    assert isinstance(view, ThirteenGhostsView)
    seats = len(view.seats)
    last = view.moves[-1] if view.moves else None
    height = 40 + seats * BAND + (28 if last is not None else 6)
    canvas = Canvas(height)
    canvas.heading(fit(f"Round {view.round} · {seats_text(score_line(view), sight.names)}", 16, 470), size=16)
    if view.players == 4:
        pile = " / ".join(str(size) for size in view.pile_sizes)
    else:
        pile = str(view.pile_sizes[0]) if view.pile_sizes else "0"
    canvas.text((canvas.width - 14, 13), f"pile: {pile}", size=13, fill=MUTED, anchor="ra")
    for seat in range(seats):
        draw_seat(canvas, sight, view, seat, 40 + seat * BAND)
    if last is not None:
        line = "Last: " + seats_text(move_text(last), sight.names)
        canvas.text((14, height - 24), fit(line, 12, canvas.width - 28), size=12, fill=MUTED)
    return canvas


@dataclass(frozen=True)
class HandScene:
    """What a player's hand picture shows, and nothing else: its cache key."""

    name: str
    crypt: int | None
    hand: tuple[int, ...]
    face_down: tuple[int, ...]


def hand_scene(sight: Sight) -> HandScene:
    view = sight.view
    assert isinstance(view, ThirteenGhostsView)
    seat = view.seat if view.seat is not None else 0
    return HandScene(sight.name(seat), view.my_crypt, tuple(view.my_hand), tuple(view.my_face_down))


def draw_hand(scene: HandScene) -> Canvas:
    canvas = Canvas(48 + BIG[1] + 14)
    canvas.heading(fit(f"{scene.name}: your Crypt and hand", 16, 600), size=16)
    canvas.text((14 + BIG[0] / 2, 40), "Crypt", size=12, fill=MUTED, anchor="ma")
    size = (BIG[0], BIG[1] - 16)
    if scene.crypt is not None:
        draw_ghost_card(canvas, (14, 56), scene.crypt, size)
    else:
        canvas.slot((14, 56), size, "not chosen")
    canvas.text((124, 40), "Hand", size=12, fill=MUTED)
    for k, number in enumerate(scene.hand):
        draw_ghost_card(canvas, (124 + k * (BIG[0] + 8), 56), number, size)
    if scene.face_down:
        down = "Put face down: " + ", ".join(str(n) for n in scene.face_down)
        canvas.text((canvas.width - 14, 40), fit(down, 12, 250), size=12, fill=MUTED, anchor="ra")
    return canvas


def ghost_words(number: int) -> str:
    ghost = GHOSTS.get(number)
    return f"{number} ({ghost.short})" if ghost is not None else str(number)


def describe_table(sight: Sight) -> str:
    view = sight.view
    assert isinstance(view, ThirteenGhostsView)
    parts = [f"Round {view.round}. {seats_text(score_line(view), sight.names)}."]
    for seat, info in enumerate(view.seats):
        if seat not in view.duelists:
            parts.append(f"{sight.name(seat)} sits out the playoff.")
            continue
        played = [ghost_words(number) for number in info.face_up] + ["a card face down"] * info.face_down
        if info.crypt is not None:
            crypt = f"Crypt found: {ghost_words(info.crypt)}" + (", out" if info.out else "")
        elif info.has_crypt:
            crypt = "Crypt face down"
        else:
            crypt = "no Crypt yet"
        shielded = ", shielded" if info.shielded else ""
        parts.append(
            f"{sight.name(seat)}{shielded}: played {', '.join(played) or 'nothing'}; {crypt};"
            f" {plural(info.hand_size, 'card')} in hand."
        )
    if view.moves:
        parts.append("Last: " + seats_text(move_text(view.moves[-1]), sight.names) + ".")
    return " ".join(parts)


def describe_hand(scene: HandScene) -> str:
    crypt = f"Your Crypt: {ghost_words(scene.crypt)}." if scene.crypt is not None else "No Crypt chosen yet."
    hand = ", ".join(ghost_words(number) for number in scene.hand) or "no cards"
    down = f" Put face down: {', '.join(str(n) for n in scene.face_down)}." if scene.face_down else ""
    return f"{scene.name}: {crypt} Hand: {hand}.{down}"


class ThirteenGhostsPicture:
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


PICTURE = ThirteenGhostsPicture()
