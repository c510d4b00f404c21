"""Bobbing for Apples on Discord.

The table shows the stash as numbered items (a loose card, a built stack or a pair, with its
value), a take in progress, each player's cards in hand, cards and Halloween cards taken and
points, and the last hand's points. A player's own message shows their hand and their moves:
buttons for a card's take, build and give; then menus of stash items when there are many.
"""

from __future__ import annotations

from bot.renderers.base import (
    MAX_FIELD_VALUE,
    MAX_SELECT_OPTIONS,
    Control,
    Field,
    Screen,
    Seen,
    Style,
    log_lines,
    status_line,
)
from bot.renderers.best_candy import card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER, short_card
from rules.contract import Action, plural
from rules.games.bobbing_for_apples.game import TARGET, value_of
from rules.games.bobbing_for_apples.scoring import halloween_count
from rules.games.bobbing_for_apples.state import BobbingView, StashItem
from rules.kit.words import message

SHOWS = message(
    "{who} shows {card} to take what makes **{rank}**. Groups done: {done}.",
    who="{who} show {card} to take what makes **{rank}**. Groups done: {done}.",
)

COLOUR = 0xC62828  # apple red
APPLE = "🍎"
BUILT = "🧱"
PAIRED = "👯"
TAKEN = "🧺"
PUMPKIN = "🎃"
LAST = "🪝"
PICKED = "✅"
OPEN = "➕"
YOURS = "📌"
#: Up to this many moves are buttons; more become menus (a row is left for "Back").
MOST_BUTTONS = 5
_STYLE: dict[str, Style] = {"take": "success", "use": "primary", "give": "secondary", "back": "danger"}


def item_text(seen: Seen, view: BobbingView, number: int, item: StashItem) -> str:
    cards = " ".join(short_card(card) for card in item.cards)
    mark = ""
    if number - 1 in view.picked:
        mark = f" {PICKED}"
    elif number - 1 in view.group:
        mark = f" {OPEN}"
    owner = f" {YOURS} {seen.name(item.builder)}" if item.builder is not None else ""
    if item.kind == "loose":
        return f"**#{number}** {cards}{mark}"
    sign = BUILT if item.kind == "built" else PAIRED
    what = "stack" if item.kind == "built" else "pair"
    return f"**#{number}** {sign} {what} of **{item.value}**: {cards}{owner}{mark}"


def short_item(view: BobbingView, number: int, item: StashItem) -> str:
    """`#4 🧱9`: an item without its cards, for a stash too big to list card by card."""
    mark = PICKED if number - 1 in view.picked else OPEN if number - 1 in view.group else ""
    if item.kind == "loose":
        return f"#{number} {short_card(item.cards[0])}{mark}"
    return f"#{number} {BUILT if item.kind == 'built' else PAIRED}{item.value}{mark}"


def stash_text(seen: Seen, view: BobbingView) -> str:
    lines = [item_text(seen, view, n, item) for n, item in enumerate(view.stash, start=1)]
    text = "\n".join(lines)
    if len(text) > MAX_FIELD_VALUE:
        text = " · ".join(short_item(view, n, item) for n, item in enumerate(view.stash, start=1))
    return text or "The stash is empty."


def taking_text(seen: Seen, view: BobbingView) -> str:
    assert view.taking is not None
    rank = value_of(view.taking)
    done = ", ".join(f"#{i + 1}" for i in view.picked) or "none yet"
    line = seen.say(SHOWS, {"who": view.turn}, card=card_line(view.taking), rank=rank, done=done)
    if view.group:
        now = sum(view.stash[i].value for i in view.group)
        items = ", ".join(f"#{i + 1}" for i in view.group)
        line += f" Open group: {items} ({now} so far)."
    return line


def players_text(seen: Seen, view: BobbingView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        dealer = f" {DEALER}" if seat == view.dealer else ""
        last = f" {LAST}" if seat == view.last_taker else ""
        taken = view.captures[seat]
        lines.append(
            f"**{seen.name(seat)}**{dealer}{last} · {plural(size, 'card')} in hand · {TAKEN} {len(taken)} · "
            f"{PUMPKIN} {halloween_count(taken)} · **{view.scores[seat]}** points"
        )
    return "\n".join(lines)


def _menus(moves: list[tuple[Action, str]], verb: str) -> list[Control]:
    out: list[Control] = []
    for start in range(0, len(moves), MAX_SELECT_OPTIONS):
        part = start // MAX_SELECT_OPTIONS
        group = f"{verb}…" if part == 0 else f"{verb} (more, {part + 1})…"
        out.extend(Control(action=a, label=lbl, group=group) for a, lbl in moves[start : start + MAX_SELECT_OPTIONS])
    return out


def controls(seen: Seen) -> tuple[Control, ...]:
    legal = [(action, label) for _seat, action, label in seen.legal]
    back = [Control(action=a, label=lbl, style="danger") for a, lbl in legal if a.kind == "back"]
    moves = [(a, lbl) for a, lbl in legal if a.kind != "back"]
    first = moves[0][0].kind if moves else ""
    if first in ("take", "use", "give") or len(moves) <= MOST_BUTTONS - len(back):
        buttons = [Control(action=a, label=lbl, style=_STYLE.get(a.kind, "primary")) for a, lbl in moves]
        return (*buttons, *back)
    if first == "pick":
        return (*_menus(moves, "Take a stash item"), *back)
    combines = [(a, lbl) for a, lbl in moves if a.kind == "combine"]
    pairs = [(a, lbl) for a, lbl in moves if a.kind == "pair"]
    return (*_menus(combines, "Combine onto"), *_menus(pairs, "Pair with"), *back)


def prompt(seen: Seen, view: BobbingView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "take":
        return "Pick what your card takes, one item at a time. The take ends once nothing left makes its rank."
    if view.phase == "build" and view.holding is not None:
        return f"Where does {card_line(view.holding)} go?"
    if view.stay_with_stack and all(a.kind != "give" for _s, a, _l in seen.legal):
        return "You must play with the stack you built: take it, build onto it or pair with it."
    return "Take, build or give: one card from your hand."


class BobbingForApplesRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS,
        (BUILT, "a built stack: its cards add up to its value"),
        (PAIRED, "a pair: cards of one value, nothing can be added up onto it"),
        (YOURS, "who built the stack last (stay with your stack)"),
        (PICKED, "taken by the take in progress"),
        (OPEN, "in the take's open group"),
        (TAKEN, "cards taken this hand"),
        (PUMPKIN, "Halloween cards taken this hand"),
        (LAST, "took last: gets what is left in the stash"),
        (DEALER, "the dealer of this hand"),
    )

    def _fields(self, seen: Seen, view: BobbingView) -> list[Field]:
        fields = [Field("Stash", stash_text(seen, view), inline=False)]
        if view.taking is not None:
            fields.append(Field("Taking", taking_text(seen, view), inline=False))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        if view.last_points:
            sheet = " · ".join(f"{seen.name(s)} {p}" for s, p in enumerate(view.last_points))
            fields.append(Field("Last hand", sheet, inline=False))
        return fields

    @staticmethod
    def _heading(view: BobbingView) -> str:
        return (
            f"Hand {view.hand_number}, deal {view.deal_number} of {view.deals} · "
            f"deck: {plural(view.pile_size, 'card')} · stacks up to {view.highest}"
        )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BobbingView)
        fields = self._fields(seen, view)
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or f"{APPLE} Bobbing for Apples",
            description="\n\n".join(p for p in (self._heading(view), status_line(seen)) if p),
            fields=tuple(fields),
            footer=f"Take what adds up to your card's rank. {TARGET} points or more ends the game.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BobbingView)
        assert view.hand is not None
        cards = "\n".join(card_line(c) for c in view.hand) or "No cards."
        fields = [Field("Your hand", cards, inline=False), *self._fields(seen, view)]
        return Screen(
            title=seen.title or f"{APPLE} Bobbing for Apples: your hand",
            description="\n".join(p for p in (status_line(seen), prompt(seen, view)) if p),
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = BobbingForApplesRenderer()
