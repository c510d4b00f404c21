"""Candy Climb on Discord.

The table shows the meld to beat (its type, its cards, the suit named for a round of singles and
who played it), then one line per player: cards left, points, passed this round. A player's own
message is a meld builder: their hand sorted by rank with the chosen cards ticked, the meld so
far and the types it forms, and buttons: one per card that can still join the meld (at most 16),
then play it (as each type it may be played as), start again, or pass. That is at most 20
buttons, so four rows of five whatever the hand, and one tap per card on a phone.
"""

from __future__ import annotations

from bot.renderers.base import WENT_OUT, Control, Field, Screen, Seen, log_lines, status_line
from bot.renderers.best_candy import SUIT_EMOJI, card_emoji, colour_of
from bot.renderers.best_candy import coloured_line as card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER
from rules.candy_kit.cards import DECK, suit_name
from rules.contract import Action, plural
from rules.games.candy_climb.game import KIND_TEXT
from rules.games.candy_climb.melds import RANK, kinds_of
from rules.games.candy_climb.state import ClimbView
from rules.kit.words import message

LEADS_CANDY_CORN = message(
    "A new hand: {who} leads with a meld that holds the Candy Corn.",
    who="A new hand: {who} lead with a meld that holds the Candy Corn.",
)
LEADS_ANY = message("Nothing to beat: {who} leads any meld.", who="Nothing to beat: {who} lead any meld.")

COLOUR = 0x7B1FA2  # grape
CHOSEN = "✅"
PASSED = "💤"
LAST = "⬆️"


def by_rank(cards: tuple[int, ...] | list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (RANK[c], c))


def table_text(seen: Seen, view: ClimbView) -> str:
    if view.over:
        return "Nothing: the game is over."
    if not view.table:
        return seen.say(LEADS_CANDY_CORN if view.first_lead else LEADS_ANY, {"who": view.turn})
    assert view.kind is not None
    assert view.last_player is not None
    what = KIND_TEXT[view.kind]
    named = f" · suit: {SUIT_EMOJI[view.named]} {suit_name(view.named)}" if view.named else ""
    cards = "\n".join(card_line(c) for c in by_rank(view.table))
    return f"**{what.capitalize()}** by {seen.called(view.last_player)}{named}\n{cards}"


def players_text(seen: Seen, view: ClimbView) -> str:
    lines = []
    for seat, size in enumerate(view.hand_sizes):
        marks = [DEALER] if seat == view.dealer else []
        if seat == view.last_player:
            marks.append(LAST)
        if view.passed and view.passed[seat]:
            marks.append(PASSED)
        who = " ".join([f"**{seen.name(seat)}**", *marks])
        lines.append(f"{who} · {plural(size, 'card')} · {plural(view.scores[seat], 'point')}")
    return "\n".join(lines)


def heading(view: ClimbView) -> str:
    unused = f" · {view.unused} cards unused" if view.unused else ""
    return f"Hand {view.hand_number} of {len(view.hand_sizes)}{unused}"


def last_hand_text(seen: Seen, view: ClimbView) -> str:
    who = seen.say(WENT_OUT, {"who": view.last_out}) + " " if view.last_out is not None else ""
    return who + " · ".join(f"{seen.name(seat)} {got}" for seat, got in enumerate(view.last_points))


def hand_text(view: ClimbView) -> str:
    assert view.hand is not None
    chosen = set(view.selection)
    lines = [card_line(c) + (f" {CHOSEN}" if c in chosen else "") for c in by_rank(view.hand)]
    return "\n".join(lines) or "No cards."


def meld_text(view: ClimbView) -> str:
    """The meld so far and what it makes: what the player reads before pressing play."""
    if not view.selection:
        return ""
    kinds = kinds_of(view.selection)
    makes = " or ".join(KIND_TEXT[k] for k in kinds) if kinds else "not a meld yet"
    cards = ", ".join(f"{RANK[c]} {'/'.join(suit_name(s) for s in DECK[c].suits)}" for c in by_rank(view.selection))
    return f"Your meld so far: {cards} ({makes})."


def prompt(seen: Seen, view: ClimbView) -> str:
    if not seen.legal:
        return ""
    if view.first_lead and not view.selection:
        return "You hold the Candy Corn: start your first meld with it."
    if not view.table:
        return "You lead: tap the cards of any meld, then play it."
    assert view.kind is not None
    size = len(view.table)
    return f"Beat it with a higher {KIND_TEXT[view.kind]} of {plural(size, 'card')}, or pass."


def card_button(card: int) -> str:
    """A card as a short button label: its rank and suits (unique among the 48 cards)."""
    return f"{RANK[card]} {'/'.join(suit_name(s) for s in DECK[card].suits)}{colour_of(card)}"


def control_for(action: Action, label: str) -> Control:
    if action.kind == "pick":
        card = int(action.args[0])
        return Control(
            action=action,
            label=card_button(card),
            style="primary",
            emoji=card_emoji(card),
            description=DECK[card].name,
        )
    if action.kind == "play":
        suit = str(action.args[1]) if len(action.args) > 1 else None
        return Control(action=action, label=label, style="success", emoji=SUIT_EMOJI[suit] if suit else None)
    return Control(action=action, label=label, style="danger" if action.kind == "pass" else "secondary")


def controls(seen: Seen) -> tuple[Control, ...]:
    """The moves first (the same place every turn), then one button per card that may join."""
    moves = [control_for(a, label) for _seat, a, label in seen.legal if a.kind != "pick"]
    picks = [(a, label) for _seat, a, label in seen.legal if a.kind == "pick"]
    cards = [control_for(a, label) for a, label in sorted(picks, key=lambda p: (RANK[int(p[0].args[0])], p[0].args))]
    return (*moves, *cards)


class CandyClimbRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS[:10],
        (DEALER, "the dealer of this hand"),
        (LAST, "played the meld to beat"),
        (PASSED, "has passed this round"),
        (CHOSEN, "a card in the meld you are building"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ClimbView)
        fields = [
            Field("On the table", table_text(seen, view), inline=False),
            Field("Players", players_text(seen, view), inline=False),
        ]
        if view.last_points:
            fields.append(Field("Last hand (cards left)", last_hand_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🪜 Candy Climb",
            description="\n\n".join(part for part in (heading(view), status_line(seen)) if part),
            fields=tuple(fields),
            footer="Each card left in your hand when someone goes out is a point; the fewest points win.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ClimbView)
        fields = [
            Field("Your hand", hand_text(view), inline=False),
            Field("On the table", table_text(seen, view), inline=False),
            Field("Players", players_text(seen, view), inline=False),
        ]
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        description = "\n".join(
            part for part in (heading(view), status_line(seen), prompt(seen, view), meld_text(view)) if part
        )
        return Screen(
            title=seen.title or "🪜 Candy Climb: your hand",
            description=description,
            fields=tuple(fields),
            controls=controls(seen),
            colour=COLOUR,
        )


RENDERER = CandyClimbRenderer()
