"""Blind Candy Shuffle on Discord.

The table (and the players' list on each hand) shows the discard pile's top, the deck's size,
each player's candy (lives) and four slots: a face-down card as ❔, a card everyone saw go there
(taken from the discard pile) as the card. A player's own message shows their four slots with
the cards they have seen (when the memory aid is on), the card they just drew, and their moves
as buttons: slots are numbered 1-4.
"""

from __future__ import annotations

from bot.renderers import knock_games as kg
from bot.renderers.base import Control, Field, Screen, Seen, log_lines
from bot.renderers.best_candy import card_line
from rules.candy_kit.candy_deck import face_value
from rules.contract import Action, plural
from rules.games.blind_candy_shuffle.state import BlindView

COLOUR = 0x283593  # midnight
FACE_DOWN = "❔"
DRAWN = "🫴"


def slots_row(cards: tuple[int | None, ...]) -> str:
    return " ".join(FACE_DOWN if card is None else kg.short_card(card) for card in cards)


def players_text(seen: Seen, view: BlindView) -> str:
    return kg.players_text(seen, view, lambda seat: slots_row(view.public[seat]))


def own_slots(view: BlindView, seat: int) -> str:
    lines = []
    for number, card in enumerate(view.slots[seat], start=1):
        if card is None or not view.memory_aid:
            lines.append(f"Slot {number}: {FACE_DOWN} face down")
        else:
            lines.append(f"Slot {number}: {card_line(card)}")
    return "\n".join(lines)


def known_total(view: BlindView, seat: int) -> str:
    known = [card for card in view.slots[seat] if card is not None]
    unseen = len(view.slots[seat]) - len(known)
    points = sum(face_value(card) for card in known)
    return f"{points} from the cards you have seen, plus {plural(unseen, 'card')} you have not seen"


def prompt(seen: Seen, view: BlindView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "look":
        return "Your first turn this round: pick two slots to look at."
    if view.phase == "drawn":
        return "Put the card you drew into a slot (its card goes to the discard pile unseen by you), or discard it."
    if view.knocker is not None:
        return "Your last turn this round: draw from the deck or take the discard into a slot."
    return "Draw from the deck or take the discard into a slot; or knock to end the round."


def control_for(action: Action, label: str) -> Control:
    if action.kind in {"draw", "drop"}:
        return Control(action=action, label=label, style="secondary")
    return Control(action=action, label=label, style="primary")


class BlindCandyShuffleRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *kg.ICONS,
        (FACE_DOWN, "a face-down card you have not seen"),
        (DRAWN, "the card you just drew from the deck"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BlindView)
        return kg.table_screen(
            seen,
            view,
            players=players_text(seen, view),
            title="🙈 Blind Candy Shuffle",
            footer="Highest four-card total is best; the lowest loses a piece of candy.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BlindView)
        seat = seen.seat
        assert seat is not None
        fields: list[Field] = []
        if view.slots[seat]:
            fields.append(Field("Your slots", own_slots(view, seat), inline=False))
            if view.memory_aid:
                fields.append(Field("So far", known_total(view, seat), inline=False))
            else:
                fields.append(Field("Memory aid off", "Each card you see is shown once: remember it.", inline=False))
        if view.drawn is not None:
            fields.append(Field(f"{DRAWN} You drew", card_line(view.drawn), inline=False))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return kg.hand_screen(
            seen,
            view,
            prompt=prompt(seen, view),
            fields=fields,
            title="🙈 Blind Candy Shuffle: your cards",
            colour=COLOUR,
            control=control_for,
        )


RENDERER = BlindCandyShuffleRenderer()
