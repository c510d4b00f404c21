"""How Many Candies do you Wish's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.how_many_candies.state import HowManyView

HELP_PAGES: tuple[str, ...] = (
    """**How Many Candies do you Wish** — a bidding game for two teams of two, with the Best Candy deck.

**Teams**: partners sit across from each other and play one after the other only every second turn. By \
default the partners are drawn at random; the host may instead keep the joining order (1st and 3rd against \
2nd and 4th). The bot cannot stop partners from talking elsewhere: agree on table manners.

**The deck**: the ranks 1 to 12 of the four colours, 48 cards: no Pranks, no Non-Treats, no King Size. \
Everyone gets 12 cards, and 12 tricks are played.

**Bidding**: starting left of the dealer, each player says once, for all to see, how many tricks they \
expect to take: 0 to 12. A bid of 0 is **nil**. A team's bid is the sum of its two bids.

**Scoring a hand**
• A team that takes at least its bid (counting both players' tricks) scores 10 per trick bid, plus 1 per \
extra trick. Each extra trick is also a **bag**; every time a team's bags reach 10 it loses 100 and 10 bags.
• A team that takes fewer tricks than its bid scores nothing for it (never less).
• Each nil counts apart: +100 for its team if that player takes no trick at all, -100 if they take one or more.
• Scores may go below zero.

**The end**: play to 250 points, or 500 if the host chose so. After a hand in which a team has reached the \
target, the higher team wins; if both are level, another hand is played. So that a game always ends, after \
25 hands (50 when playing to 500) the higher team wins anyway, and level teams share the win.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own design.""",
    """**Playing the tricks**
• **Candy is always trump.** Twelve cards show Candy, some of them with other suits too.
• The player holding the Candy Corn (black 1) leads the first trick, with any card they may lead.
• The leader names one suit printed on the card led; a card showing Candy names Candy.
• **Breaking Candy**: no card showing Candy may be led until Candy is broken, by a Candy card played by \
someone who cannot follow, or by a card showing both the named suit and Candy. A leader holding nothing but \
Candy cards leads one anyway, and that breaks it.
• Going left, everyone must play a card showing the named suit if they have one — even one that also shows \
Candy, which then counts as trump.
• The highest Candy card wins; with no Candy in the trick, the highest card of the named suit. Equal ranks \
go to the card played first. The winner leads the next trick.""",
)


def render_view(view: HowManyView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [f"How Many Candies do you Wish, hand {view.hand_number} ({view.phase}), to {view.target}"]
    for team in range(2):
        a, b = view.members(team)
        lines.append(f"{{p{a}}} and {{p{b}}}: {view.scores[team]} points, {view.bags[team]} bags")
    lines.append("Bids: " + ", ".join(f"{{p{s}}} {'-' if b is None else b}" for s, b in enumerate(view.bids)))
    lines.append("Tricks: " + ", ".join(f"{{p{s}}} {t}" for s, t in enumerate(view.tricks)))
    lines.append("Candy broken" if view.broken else "Candy not broken")
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "-"
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: " + ", ".join(card_text(c) for c in view.trick))
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    return "\n".join(lines)
