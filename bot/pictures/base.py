"""What every table picture is drawn with: the input (`Sight`), a canvas, cards, colours and text.

A picture is drawn from a `Sight` only: one viewer's view (the public view for the
table) and the public facts around it (names, who is to act, the result). Nothing
else reaches the drawing, so a picture can show no more than the text screen that
is rendered from the same view, and equal sights give byte-identical PNGs.

Text uses the font Pillow ships (`ImageFont.load_default(size=...)`, Pillow 10.1+)
with the basic layout engine: no system font, so a picture is the same on every
machine. That font has no emoji, so icons are drawn as shapes. No discord import.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Self

import orjson
from PIL import Image, ImageDraw, ImageFont

from rules.contract import View

RGB = tuple[int, int, int]
Anchor = Literal["la", "ma", "ra", "lm", "mm", "rm"]

#: Colours in a picture's PNG palette.
PALETTE_COLOURS = 128
#: The palette is chosen from one pixel in this many, across and down.
PALETTE_SAMPLE_STEP = 3
#: Pictures are this wide; Discord scales an embed's image down to fit the embed.
WIDTH = 640
BACKGROUND: RGB = (32, 28, 46)
PANEL: RGB = (50, 44, 70)
PANEL_LIGHT: RGB = (70, 62, 96)
INK: RGB = (242, 238, 230)
MUTED: RGB = (168, 160, 190)
DARK_INK: RGB = (28, 24, 36)
HIGHLIGHT: RGB = (255, 200, 60)
CARD_FACE: RGB = (250, 246, 236)
CARD_BACK: RGB = (96, 58, 140)
CARD_BACK_LINE: RGB = (150, 110, 200)
GHOST_WHITE: RGB = (236, 236, 250)
#: One colour per seat, in seat order (seats beyond the list reuse it).
SEAT_COLOURS: tuple[RGB, ...] = (
    (245, 146, 50),  # pumpkin
    (92, 172, 245),  # sky
    (126, 206, 112),  # slime
    (236, 98, 128),  # rose
    (190, 136, 245),  # violet
    (240, 214, 84),  # lemon
    (84, 214, 204),  # teal
    (210, 210, 210),  # silver
)


@dataclass(frozen=True)
class Sight:
    """Everything a picture may be drawn from. `seat` None: the public table."""

    view: View
    names: tuple[str, ...]
    to_act: tuple[int, ...]
    #: Places per seat once the game is over, else None.
    places: tuple[int, ...] | None = None

    @property
    def seat(self) -> int | None:
        return self.view.seat

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def digest(self) -> str:
        """What is drawn, as a short digest: equal digests give equal pictures. Taken of every table a
        refresh names, so by pydantic's own JSON writer (a few times quicker than a dump and `json`):
        its fields in their declared order, a dict's keys as they were put in, so two equal views may
        at worst digest differently and draw one picture twice, never share a wrong one."""
        head = orjson.dumps([type(self.view).__name__, self.names, self.to_act, self.places])
        return hashlib.sha1(head + self.view.model_dump_json().encode()).hexdigest()


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def mix(colour: RGB, other: RGB, share: float) -> RGB:
    """`colour` moved `share` of the way towards `other`."""
    r, g, b = (round(a + (c - a) * share) for a, c in zip(colour, other, strict=True))
    return (r, g, b)


def ink_on(colour: RGB) -> RGB:
    """Dark or light text, whichever reads on this colour."""
    r, g, b = colour
    return DARK_INK if r * 0.3 + g * 0.59 + b * 0.11 > 140 else INK


@lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont)  # Pillow >= 10.1 with FreeType
    return loaded


@lru_cache(maxsize=8192)
def plain(text: str) -> str:
    """Latin letters, digits and punctuation: what the default font draws. Anything else
    (emoji, other scripts in a player's name) would be a box, so it is left out."""
    kept = "".join(ch for ch in text if ch.isascii() or "\u00a0" <= ch <= "\u017f" or ch in "–—‘’“”•…")
    return " ".join(kept.split()) or "?"


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """A drawn text as an alpha mask and its offset from the anchor point: labels repeat from
    picture to picture (names, numbers, suits), so each is rasterised once per process."""
    face = font(size)
    left, top, right, bottom = (round(edge) for edge in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def fit(text: str, size: int, width: float) -> str:
    """The text, cut with '...' to fit `width` pixels."""
    text = plain(text)
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "...", size) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def abbreviate(text: str, size: int, width: float) -> str:
    """The text in `width` pixels at `size`: whole if it fits, else its longest words shortened
    with a full stop ("Chocolate Marshmallow" -> "Choc. Marsh."), the way a card's corner would
    print them, and only as a last resort cut with '...'."""
    words = plain(text).split()
    while text_width(" ".join(words), size) > width:
        longest = max(range(len(words)), key=lambda k: len(words[k].rstrip(".")))
        stem = words[longest].rstrip(".")
        if len(stem) <= 3:
            break
        words[longest] = stem[: max(3, min(len(stem) - 1, 5))] + "."
    return fit(" ".join(words), size, width)


def fit_line(text: str, width: float, sizes: tuple[int, ...] = (12, 11, 10, 9)) -> tuple[str, int]:
    """A short line in `width` pixels: at the first size it fits, else abbreviated at the smallest."""
    for size in sizes:
        if text_width(plain(text), size) <= width:
            return plain(text), size
    return abbreviate(text, sizes[-1], width), sizes[-1]


def wrap(text: str, size: int, width: float, lines: int = 2) -> list[str]:
    """Whole words on up to `lines` lines of `width` pixels (the last cut to fit)."""
    words = plain(text).split()
    out: list[str] = []
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size) <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words:
        out[-1] = out[-1] + " " + " ".join(words)
    return [fit(line, size, width) for line in out]


class Canvas:
    """An RGB picture with the few shapes the games need."""

    def __init__(self, height: int, width: int = WIDTH, background: RGB = BACKGROUND) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.width = width
        self.height = height

    @classmethod
    def over(cls, layer: Image.Image) -> Self:
        """A canvas starting from a copy of `layer`: what every picture of a game shows alike (a board,
        its labels) is drawn once per process and pasted, and only what changes is drawn on it."""
        canvas = cls(1, layer.width)
        canvas.image = layer.copy()
        canvas.draw = ImageDraw.Draw(canvas.image)
        canvas.height = layer.height
        return canvas

    def text(
        self, xy: tuple[float, float], text: str, *, size: int = 14, fill: RGB = INK, anchor: Anchor = "la"
    ) -> None:
        if not text:
            return
        mask, left, top = _text_mask(plain(text), size, anchor)
        x, y = round(xy[0]) + left, round(xy[1]) + top
        self.image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)

    def fitted(
        self,
        xy: tuple[float, float],
        text: str,
        width: float,
        *,
        size: int = 12,
        fill: RGB = INK,
        anchor: Anchor = "la",
    ) -> None:
        """A name or label in `width` pixels: smaller type first (down to 9 px), then its longest
        words shortened ("Computer 1" -> "Comp. 1"), never a word cut off mid-way by '...' first."""
        shown, size_here = fit_line(text, width, tuple(range(size, max(8, size - 4), -1)))
        self.text(xy, shown, size=size_here, fill=fill, anchor=anchor)

    def box(
        self,
        rect: tuple[float, float, float, float],
        fill: RGB | None,
        *,
        outline: RGB | None = None,
        radius: int = 6,
        width: int = 1,
    ) -> None:
        self.draw.rounded_rectangle(rect, radius, fill=fill, outline=outline, width=width)

    def dot(
        self, centre: tuple[float, float], radius: float, fill: RGB | None, outline: RGB | None = None, width: int = 1
    ) -> None:
        x, y = centre
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=width)

    def chip(self, centre: tuple[float, float], radius: float, fill: RGB, label: str, size: int = 12) -> None:
        """A round token with a short label: a seat, a candy, a ghost's value."""
        self.dot(centre, radius, fill, outline=mix(fill, DARK_INK, 0.5))
        self.text(centre, label, size=size, fill=ink_on(fill), anchor="mm")

    def ghost(self, centre: tuple[float, float], size: float, fill: RGB = GHOST_WHITE, label: str = "") -> None:
        """A little ghost: a round head, a wavy hem and two eyes."""
        x, y = centre
        half = size / 2
        top, hem = y - half, y + half
        self.draw.pieslice((x - half, top, x + half, top + size), 180, 360, fill=fill)
        self.draw.rectangle((x - half, top + half, x + half, hem - size / 6), fill=fill)
        waves = 3
        step = size / waves
        for k in range(waves):
            left = x - half + k * step
            self.draw.polygon(
                [(left, hem - size / 6), (left + step, hem - size / 6), (left + step / 2, hem)], fill=fill
            )
        eye = max(1.5, size / 12 if label else size / 10)
        for dx in (-size / 6, size / 6):
            self.dot((x + dx, y - size / (4 if label else 8)), eye, DARK_INK)
        if label:
            self.text((x, y + size / 10), label, size=max(9, int(size / 2.6)), fill=DARK_INK, anchor="mm")

    def candy(self, centre: tuple[float, float], size: float, fill: RGB) -> None:
        """A wrapped sweet: a round middle with a twist of wrapper each side."""
        x, y = centre
        r = size / 4
        edge = mix(fill, DARK_INK, 0.45)
        for side in (-1, 1):
            tip = x + side * size / 2
            self.draw.polygon([(x + side * r * 0.6, y), (tip, y - r), (tip, y + r)], fill=fill, outline=edge)
        self.dot((x, y), r, fill, outline=edge)

    def arrow(self, tip: tuple[float, float], direction: str, size: float, fill: RGB) -> None:
        """A filled triangle pointing up, down, left or right, its point at `tip`."""
        x, y = tip
        h, w = size, size * 0.75
        points = {
            "up": [(x, y), (x - w, y + h), (x + w, y + h)],
            "down": [(x, y), (x - w, y - h), (x + w, y - h)],
            "left": [(x, y), (x + h, y - w), (x + h, y + w)],
            "right": [(x, y), (x - h, y - w), (x - h, y + w)],
        }[direction]
        self.draw.polygon(points, fill=fill)

    def card(
        self,
        xy: tuple[float, float],
        size: tuple[int, int],
        *,
        corner: str,
        colour: RGB,
        lines: tuple[str, ...] = (),
        face: RGB = CARD_FACE,
        edge: RGB | None = None,
    ) -> None:
        """A face-up card: a coloured band with its corner label, then up to three short lines.
        Drawn once per process (the same cards come back picture after picture) and pasted."""
        self._paste(xy, _card_tile(size, corner, colour, tuple(lines[:3]), face, edge))

    def back(self, xy: tuple[float, float], size: tuple[int, int], label: str = "") -> None:
        """A card face down: its back's pattern, and an optional label (how many, whose)."""
        self._paste(xy, _back_tile(size, label))

    def _paste(self, xy: tuple[float, float], tile: Image.Image) -> None:
        """A drawn tile with see-through corners, its top left corner at `xy`."""
        x, y = round(xy[0]), round(xy[1])
        self.image.paste(tile, (x, y), tile)

    def _draw_card(
        self,
        size: tuple[int, int],
        corner: str,
        colour: RGB,
        lines: tuple[str, ...],
        face: RGB,
        edge: RGB | None,
    ) -> None:
        w, h = size
        self.box((0, 0, w, h), face, outline=edge or mix(colour, DARK_INK, 0.3), radius=6, width=2)
        band = max(18, h // 3)
        self.box((3, 3, w - 3, band), colour, radius=4)
        self.text((w / 2, 3 + (band - 3) / 2), corner, size=min(18, band - 4), fill=ink_on(colour), anchor="mm")
        line_size = 11 if w < 70 else 12
        top = band + 4
        for line in lines:
            shown, size_here = fit_line(line, w - 6, tuple(range(line_size, 8, -1)))
            self.text((w / 2, top), shown, size=size_here, fill=DARK_INK, anchor="ma")
            top += line_size + 3

    def _draw_back(self, size: tuple[int, int], label: str) -> None:
        w, h = size
        self.box((0, 0, w, h), CARD_BACK, outline=CARD_BACK_LINE, radius=6, width=2)
        self.box((5, 5, w - 5, h - 5), None, outline=CARD_BACK_LINE, radius=4)
        self.ghost((w / 2, h / 2 - (6 if label else 0)), min(w, h) / 3, fill=CARD_BACK_LINE)
        if label:
            self.text((w / 2, h - 17), label, size=11, fill=INK, anchor="ma")

    def slot(self, xy: tuple[float, float], size: tuple[int, int], label: str = "") -> None:
        """Where a card will go: an empty outline."""
        x, y = xy
        w, h = size
        self.box((x, y, x + w, y + h), None, outline=PANEL_LIGHT, radius=6, width=2)
        if label:
            self.text((x + w / 2, y + h / 2), fit(label, 11, w - 6), size=11, fill=MUTED, anchor="mm")

    def heading(self, text: str, y: float = 10, size: int = 18) -> None:
        self.text((14, y), fit(text, size, self.width - 28), size=size, fill=INK)

    def png(self) -> bytes:
        """The picture as PNG bytes: 128 colours (flat shapes and their anti-aliased edges need no
        more), which halves the bytes and the encoding time, with the fastest compression (zlib level 1:
        half the time of level 3 for a tenth more bytes). The palette is chosen from every third pixel
        of every third row (a shape or a letter's stroke is about that wide, so each colour is seen)
        and each pixel then takes its nearest colour: a fraction of the time of choosing it from every
        pixel, for the same picture."""
        out = io.BytesIO()
        step = PALETTE_SAMPLE_STEP
        sample = self.image.resize((max(1, self.width // step), max(1, self.height // step)), Image.Resampling.NEAREST)
        palette = sample.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE)
        self.image.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG", compress_level=1)
        return out.getvalue()


def _tile(size: tuple[int, int]) -> Canvas:
    """A see-through canvas one pixel larger than `size` (a shape's far edge is drawn on its last pixel)."""
    return Canvas.over(Image.new("RGBA", (size[0] + 1, size[1] + 1), (0, 0, 0, 0)))


@lru_cache(maxsize=2048)
def _card_tile(
    size: tuple[int, int], corner: str, colour: RGB, lines: tuple[str, ...], face: RGB, edge: RGB | None
) -> Image.Image:
    tile = _tile(size)
    tile._draw_card(size, corner, colour, lines, face, edge)
    return tile.image


@lru_cache(maxsize=256)
def _back_tile(size: tuple[int, int], label: str) -> Image.Image:
    tile = _tile(size)
    tile._draw_back(size, label)
    return tile.image


def seat_label(sight: Sight, seat: int, width: float, size: int = 14) -> str:
    """A seat's name cut to fit, marked when it is that seat's turn."""
    mark = "> " if seat in sight.to_act and sight.places is None else ""
    return fit(mark + sight.name(seat), size, width)
