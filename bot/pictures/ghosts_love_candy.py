"""Ghosts Love Candy as a picture: the neighborhood and the players.

Each kid of the row is a card: its place, name and courage, a bar of the ghost
points haunting it against that courage, its ghost pile (each ghost in its
owner's colour, the top one last) and its candy. Below, each player's ghosts
left, stash and this round's choice; a key names the six candies' colours. A
player's hand picture shows their ghosts, their secret ghost and their Love card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.pictures.base import (
    GHOST_WHITE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    RGB,
    Canvas,
    Sight,
    fit,
    mix,
    seat_colour,
    text_width,
    wrap,
)
from rules.contract import plural
from rules.games.ghosts_love_candy.cards import CANDY_NAMES, KIDS, LOVE_CARDS
from rules.games.ghosts_love_candy.cards import candy_counts as candy_counts_text
from rules.games.ghosts_love_candy.state import GlcView

#: Candy types in CANDY_NAMES order: corn, licorice, peppermint, gummies, lollipops, chocolate.
CANDY_COLOURS: tuple[RGB, ...] = (
    (250, 190, 60),
    (70, 64, 80),
    (235, 70, 80),
    (110, 205, 90),
    (245, 120, 205),
    (150, 95, 55),
)
ROW_TOP = 40
KID_HEIGHT = 180
PILE_SHOWN = 5


def candy_colour(kind: int) -> RGB:
    return CANDY_COLOURS[kind % len(CANDY_COLOURS)]


CANDY_STEP = 34


def candy_lines(counts: tuple[int, ...], width: float) -> int:
    kinds = sum(1 for count in counts if count)
    return -(-kinds // max(1, int(width // CANDY_STEP)))


def candy_counts(canvas: Canvas, x: float, y: float, counts: tuple[int, ...], width: float) -> None:
    """Each candy held, as its sweet and how many, on as many lines as `width` needs."""
    left = x
    for kind, count in enumerate(counts):
        if not count:
            continue
        if x + CANDY_STEP > left + width:
            x, y = left, y + 18
        canvas.candy((x + 9, y + 7), 18, candy_colour(kind))
        canvas.text((x + 19, y), str(count), size=12, fill=INK)
        x += CANDY_STEP


def draw_kid(canvas: Canvas, sight: Sight, view: GlcView, pos: int, x: float, width: float) -> None:
    spot = view.row[pos]
    top = ROW_TOP
    canvas.box((x, top, x + width, top + KID_HEIGHT), PANEL, outline=PANEL_LIGHT, radius=8)
    canvas.text((x + width - 6, top + KID_HEIGHT - 16), str(pos + 1), size=11, fill=MUTED, anchor="ra")
    if spot.kid is None:
        canvas.text((x + width / 2, top + KID_HEIGHT / 2), "empty", size=12, fill=MUTED, anchor="mm")
        return
    kid = KIDS[spot.kid]
    pending = view.pending_kid == spot.kid and view.pending_seat is not None
    if pending:
        canvas.box((x, top, x + width, top + KID_HEIGHT), None, outline=HIGHLIGHT, radius=8, width=3)
    name_size = 12 if width >= 90 else 11
    for k, line in enumerate(wrap(kid.name, name_size, width - 8, lines=2)):
        canvas.text((x + width / 2, top + 5 + k * 14), line, size=name_size, fill=INK, anchor="ma")
    total = sum(value for value, _owner in spot.ghosts)
    bar_top = top + 40
    if width >= 96:  # room for the word; a narrow card shows the numbers only (the key says what they are)
        canvas.text((x + 6, bar_top), "courage", size=11, fill=MUTED)
    bar = (x + 6, bar_top + 15, x + width - 6, bar_top + 23)
    canvas.box(bar, mix(PANEL, INK, 0.1), radius=3)
    if total:
        share = min(1.0, total / max(1, kid.courage))
        filled = bar[0] + (bar[2] - bar[0]) * share
        canvas.box((bar[0], bar[1], max(filled, bar[0] + 6), bar[3]), GHOST_WHITE if share < 1 else HIGHLIGHT, radius=3)
    canvas.text((x + width - 6, bar_top), f"{total}/{kid.courage}", size=11, fill=INK, anchor="ra")
    pile_top = bar_top + 30
    shown = spot.ghosts[-PILE_SHOWN:]
    if len(spot.ghosts) > len(shown):
        canvas.text(
            (x + width / 2, pile_top - 2), f"+{len(spot.ghosts) - len(shown)} below", size=10, fill=MUTED, anchor="ma"
        )
        pile_top += 12
    for k, (value, owner) in enumerate(shown):
        cy = pile_top + k * 19 + 8
        canvas.ghost((x + 16, cy), 16, fill=seat_colour(owner))
        canvas.fitted((x + 28, cy - 7), f"{value} {sight.name(owner)}", width - 32, size=11)
    lines = candy_lines(spot.candies, width - 6)
    candy_counts(canvas, x + 4, top + KID_HEIGHT - 20 - lines * 18, spot.candies, width - 6)


def draw_player(canvas: Canvas, sight: Sight, view: GlcView, seat: int, x: float, y: float, width: float) -> None:
    canvas.box((x, y, x + width, y + 86), PANEL, outline=seat_colour(seat), radius=8)
    acting = seat in sight.to_act and sight.places is None
    mark = "> " if acting else ""
    canvas.ghost((x + 14, y + 14), 16, fill=seat_colour(seat))
    canvas.text((x + 28, y + 6), fit(mark + sight.name(seat), 14, width - 120), size=14, fill=INK)
    if view.phase == "choose":
        status = "has chosen" if view.has_chosen[seat] else "choosing..."
    elif view.revealed[seat] is not None:
        status = f"sent {view.revealed[seat]}"
    else:
        status = ""
    if view.scores is not None:
        status = f"{view.scores[seat]} points"
    canvas.text((x + width - 8, y + 7), status, size=12, fill=HIGHLIGHT if view.scores else MUTED, anchor="ra")
    left = view.hands[seat]
    canvas.text((x + 8, y + 30), "ghosts", size=11, fill=MUTED)
    for k, value in enumerate(left):
        canvas.chip((x + 60 + k * 21, y + 37), 9, GHOST_WHITE, str(value), size=11)
    if not left:
        canvas.text((x + 56, y + 30), "none left", size=11, fill=MUTED)
    stash = view.stashes[seat]
    canvas.text((x + 8, y + 56), "stash", size=11, fill=MUTED)
    if any(stash.candies):
        candy_counts(canvas, x + 50, y + 54, stash.candies, width - 130)
    kids = len(stash.kids)
    if kids:
        canvas.text((x + width - 8, y + 58), f"{kids} kid{'s' if kids != 1 else ''}", size=11, fill=INK, anchor="ra")


def key_line(canvas: Canvas, y: float) -> None:
    """The candies' colours, and what a kid's numbers mean."""
    canvas.text((14, y + 18), "A kid's numbers: the ghost points haunting it / its courage.", size=11, fill=MUTED)
    x = 14.0
    for kind, name in enumerate(CANDY_NAMES):
        canvas.candy((x + 9, y + 7), 18, candy_colour(kind))
        canvas.text((x + 21, y), name, size=11, fill=MUTED)
        x += 32 + text_width(name, 11)


def draw_table(sight: Sight) -> Canvas:
    view = sight.view
    assert isinstance(view, GlcView)
    rows = (view.players + 1) // 2
    height = ROW_TOP + KID_HEIGHT + 14 + rows * 94 + 46
    canvas = Canvas(height)
    last = " (final round)" if view.last_round else ""
    canvas.heading(f"Round {view.round} of {view.rounds}{last}", size=16)
    deck = f"candy deck {view.candy_left} · kid deck {view.kid_deck_left}"
    canvas.text((canvas.width - 14, 12), deck, size=12, fill=MUTED, anchor="ra")
    count = max(1, len(view.row))
    gap = 6
    width = (canvas.width - 28 - gap * (count - 1)) / count
    for pos in range(len(view.row)):
        draw_kid(canvas, sight, view, pos, 14 + pos * (width + gap), width)
    top = ROW_TOP + KID_HEIGHT + 14
    half = (canvas.width - 28 - 8) / 2
    for seat in range(view.players):
        row, column = divmod(seat, 2)
        draw_player(canvas, sight, view, seat, 14 + column * (half + 8), top + row * 94, half)
    key_line(canvas, height - 40)
    return canvas


@dataclass(frozen=True)
class HandScene:
    """What a player's hand picture shows, and nothing else: its cache key."""

    name: str
    seat: int
    ghosts: tuple[int, ...]
    choice: int | None
    love: int | None


def hand_scene(sight: Sight) -> HandScene:
    view = sight.view
    assert isinstance(view, GlcView)
    seat = view.seat
    assert seat is not None
    return HandScene(sight.name(seat), seat, tuple(view.hands[seat]), view.my_choice, view.love[seat])


def draw_hand(scene: HandScene) -> Canvas:
    canvas = Canvas(200)
    canvas.heading(fit(f"{scene.name}: your ghosts", 16, 600), size=16)
    for k, value in enumerate(scene.ghosts):
        x = 40 + k * 62
        chosen = scene.choice == value
        canvas.ghost((x, 80), 52, fill=HIGHLIGHT if chosen else seat_colour(scene.seat), label=str(value))
    if scene.choice is not None:
        canvas.text((14, 116), f"Your secret ghost this round: {scene.choice}", size=12, fill=HIGHLIGHT)
    if scene.love is not None:
        canvas.text((14, 140), f"Your Love card ({scene.love}): points per candy", size=12, fill=MUTED)
        values = LOVE_CARDS[scene.love]
        for k, kind in enumerate(sorted(range(len(values)), key=lambda t: -values[t])):
            x = 14 + k * 102
            canvas.candy((x + 10, 172), 20, candy_colour(kind))
            canvas.text((x + 24, 164), fit(f"{values[kind]} {CANDY_NAMES[kind]}", 11, 72), size=11, fill=INK)
    return canvas


def candy_words(counts: tuple[int, ...]) -> str:
    return candy_counts_text(counts)


def describe_table(sight: Sight) -> str:
    view = sight.view
    assert isinstance(view, GlcView)
    parts = [f"Round {view.round} of {view.rounds}. The neighborhood, kid by kid:"]
    for pos, spot in enumerate(view.row):
        if spot.kid is None:
            parts.append(f"{pos + 1}: empty.")
            continue
        kid = KIDS[spot.kid]
        total = sum(value for value, _owner in spot.ghosts)
        ghosts = ", ".join(f"{sight.name(owner)}'s {value}" for value, owner in spot.ghosts) or "no ghosts"
        parts.append(
            f"{pos + 1}: {kid.name}, {total} of {kid.courage} courage haunted ({ghosts}); {candy_words(spot.candies)}."
        )
    for seat in range(view.players):
        stash = view.stashes[seat]
        score = f", {view.scores[seat]} points" if view.scores is not None else ""
        left = " ".join(str(value) for value in view.hands[seat]) or "none"
        parts.append(
            f"{sight.name(seat)}{score}: ghosts left {left};"
            f" stash {candy_words(stash.candies)}, {plural(len(stash.kids), 'kid')}."
        )
    return " ".join(parts)


def describe_hand(scene: HandScene) -> str:
    ghosts = ", ".join(str(value) for value in scene.ghosts) or "none"
    parts = [f"{scene.name}'s ghosts: {ghosts}."]
    if scene.choice is not None:
        parts.append(f"Secret ghost this round: {scene.choice}.")
    if scene.love is not None:
        values = LOVE_CARDS[scene.love]
        loves = ", ".join(
            f"{CANDY_NAMES[kind]} {values[kind]}" for kind in sorted(range(len(values)), key=lambda t: -values[t])
        )
        parts.append(f"Love card {scene.love}, points per candy: {loves}.")
    return " ".join(parts)


class GhostsLoveCandyPicture:
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


PICTURE = GhostsLoveCandyPicture()
