"""31 Candies on Discord.

The table shows the discard pile's top, the deck's size, every player's candy (lives), cards
and the cards everyone saw them take from the discard pile, who knocked, and the last round
turned face up. A player's own message shows their three (or four) cards, the suit nearest
to 31 with its total, and their moves as buttons.
"""

from __future__ import annotations

from bot.renderers import knock_games as kg
from bot.renderers.base import Control, Field, Screen, Seen
from bot.renderers.best_candy import SUIT_EMOJI, card_emoji, card_line
from rules.candy_kit.cards import DECK, suit_name
from rules.contract import Action, plural
from rules.games.thirty_one_candies.scoring import TARGET, hand_value
from rules.games.thirty_one_candies.state import ThirtyOneView

COLOUR = 0xC2185B  # raspberry


def value_text(cards: list[int] | tuple[int, ...]) -> str:
    value, suit = hand_value(cards)
    return f"{value} in {SUIT_EMOJI[suit]} {suit_name(suit)}"


def holding_text(view: ThirtyOneView, seat: int) -> str:
    """How many cards a seat holds, and those everyone saw it take from the discard pile."""
    took = f" (took {kg.cards_text(view.known[seat])})" if view.known[seat] else ""
    return plural(view.hand_sizes[seat], "card") + took


def players_text(seen: Seen, view: ThirtyOneView) -> str:
    return kg.players_text(seen, view, lambda seat: holding_text(view, seat))


def prompt(seen: Seen, view: ThirtyOneView) -> str:
    if not seen.legal:
        return ""
    if view.phase == "discard":
        kept = f" ({card_line(view.taken)} stays: you just took it)" if view.taken is not None else ""
        return f"Put one card on the discard pile{kept}."
    if view.knocker is not None:
        return "Your last turn this round: draw from the deck or take the discard, then let a card go."
    return "Draw from the deck or take the discard, then let a card go; or knock to end the round."


def control_for(action: Action, label: str) -> Control:
    if action.kind == "discard":
        card = int(action.args[0])
        return Control(action=action, label=label, emoji=card_emoji(card), description=DECK[card].name)
    return Control(action=action, label=label, style="primary")


class ThirtyOneRenderer:
    icons: tuple[tuple[str, str], ...] = kg.ICONS

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ThirtyOneView)
        return kg.table_screen(
            seen,
            view,
            players=players_text(seen, view),
            title="🍭 31 Candies",
            footer=f"Nearest to {TARGET} in one suit is best; the hand farthest from it loses a piece of candy.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, ThirtyOneView)
        assert view.hand is not None
        fields = [Field("Your cards", "\n".join(card_line(c) for c in view.hand) or "none", inline=False)]
        if view.hand:
            fields.append(Field("Worth", value_text(view.hand)))
        if view.drawn is not None:
            fields.append(Field("You drew", card_line(view.drawn)))
        fields.append(Field("Players", players_text(seen, view), inline=False))
        return kg.hand_screen(
            seen,
            view,
            prompt=prompt(seen, view),
            fields=fields,
            title="🍭 31 Candies: your hand",
            colour=COLOUR,
            control=control_for,
        )


RENDERER = ThirtyOneRenderer()
