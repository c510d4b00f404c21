"""Bags of Fun on Discord.

The table shows the three pile tops with their sizes, the face-up (double) suits and every bag
with its cards and how full it is; at the end, who owned which bag, their least favourites, the
hidden suit cards and the scores. A player's own message adds their secret bag and least
favourite, what their bag scores now, and one menu per pile: "this card into bag…".
"""

from __future__ import annotations

from bot.renderers.base import Control, Field, Screen, Seen, log_lines, status_line
from bot.renderers.best_candy import card_line
from bot.renderers.knock_games import CARD_ICONS, DEALER, short_card
from rules.candy_kit.candy_deck import white_card_name
from rules.contract import plural
from rules.games.bags_of_fun.game import FULL, worth
from rules.games.bags_of_fun.state import BagsView

COLOUR = 0x8E24AA  # plum
BAG = "🛍️"
DOUBLE = "✖️"
FULL_MARK = "🔒"


def piles_text(view: BagsView) -> str:
    lines = []
    for number, (top, size) in enumerate(zip(view.tops, view.pile_sizes, strict=True), start=1):
        shown = card_line(top) if top is not None else "empty"
        lines.append(f"Pile {number} ({plural(size, 'card')}): {shown}")
    return "\n".join(lines)


def bags_text(seen: Seen, view: BagsView) -> str:
    owners: dict[int, str] = {}
    if view.bag_of is not None:
        owners = {bag: seen.name(seat) for seat, bag in enumerate(view.bag_of)}
    lines = []
    for number, bag in enumerate(view.bags, start=1):
        mark = f" {FULL_MARK}" if len(bag) >= FULL else ""
        whose = f" · {owners.get(number, 'nobody')}" if view.bag_of is not None else ""
        mine = " (yours)" if view.my_bag == number else ""
        cards = " ".join(short_card(card) for card in bag) or "empty"
        lines.append(f"{BAG} **{number}**{mine}{whose} {len(bag)}/{FULL}{mark}: {cards}")
    return "\n".join(lines)


def doubles_text(view: BagsView) -> str:
    return f"{DOUBLE} " + (", ".join(white_card_name(key) for key in view.doubles) or "none")


def end_text(seen: Seen, view: BagsView) -> str:
    assert view.bag_of is not None
    assert view.least is not None
    assert view.scores is not None
    assert view.hidden is not None
    lines = [
        f"{seen.name(seat)}: bag {view.bag_of[seat]}, least favourite {white_card_name(view.least[seat])}, "
        f"**{view.scores[seat]}**"
        for seat in range(len(view.bag_of))
    ]
    lines.append("Face-down suit cards: " + ", ".join(white_card_name(key) for key in view.hidden))
    return "\n".join(lines)


def controls(seen: Seen, view: BagsView) -> tuple[Control, ...]:
    """One menu per pile (its top card into which bag): at most 3 menus of 8 bags."""
    out = []
    for _seat, action, label in seen.legal:
        pile, bag = (int(arg) for arg in action.args)
        group = f"Pile {pile}: {label.split(' into ')[0]} into bag…"
        filled = f"{len(view.bags[bag - 1])}/{FULL} cards"
        out.append(Control(action=action, label=f"Bag {bag}", group=group, emoji=BAG, description=filled))
    return tuple(out)


class BagsOfFunRenderer:
    icons: tuple[tuple[str, str], ...] = (
        *CARD_ICONS,
        (BAG, "a bag (one is secretly yours)"),
        (DOUBLE, "the face-up suits: their treats count double"),
        (FULL_MARK, "a full bag (7 cards)"),
        (DEALER, "the dealer"),
    )

    def table(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BagsView)
        fields = [
            Field("Piles", piles_text(view), inline=False),
            Field("Double suits", doubles_text(view), inline=False),
            Field("Bags", bags_text(seen, view), inline=False),
        ]
        if view.bag_of is not None:
            fields.append(Field("Bags shown", end_text(seen, view), inline=False))
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🛍️ Bags of Fun",
            description="\n\n".join(p for p in (f"{DEALER} Dealer: {seen.name(view.dealer)}", status_line(seen)) if p),
            fields=tuple(fields),
            footer="Each bag is secretly someone's (two are nobody's). The game ends when all bags but one are full.",
            colour=COLOUR,
        )

    def hand(self, seen: Seen) -> Screen:
        view = seen.view
        assert isinstance(view, BagsView)
        assert view.my_bag is not None
        assert view.my_least is not None
        score = sum(worth(card, view.my_least, view.doubles) for card in view.bags[view.my_bag - 1])
        secret = (
            f"Your bag: **{view.my_bag}** (now worth {score} to you) · your least favourite: "
            f"**{white_card_name(view.my_least)}**"
        )
        prompt = "Take a pile's top card and put it into a bag with room." if seen.legal else ""
        fields = [
            Field("Piles", piles_text(view), inline=False),
            Field("Double suits", doubles_text(view), inline=False),
            Field("Bags", bags_text(seen, view), inline=False),
        ]
        if seen.events:
            fields.append(Field("Recent", log_lines(seen), inline=False))
        return Screen(
            title=seen.title or "🛍️ Bags of Fun: your secrets",
            description="\n".join(p for p in (secret, status_line(seen), prompt) if p),
            fields=tuple(fields),
            controls=controls(seen, view),
            colour=COLOUR,
        )


RENDERER = BagsOfFunRenderer()
