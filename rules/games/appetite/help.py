"""Appetite's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.appetite.state import AppetiteView

HELP_PAGES: tuple[str, ...] = (
    """**Appetite** — eat enough candy, but not the most, for 4 players each on their own, with the Best Candy deck.

**The deck**: no Non-Treats and no King Size: 52 cards, 13 each. There is no trump.

**Passing**: before the first trick everyone secretly picks 3 cards at the same time: to the left in the \
first hand, to the right in the second, across the table in the third, then again from the left. The cards go \
once everyone has picked three; until the last player has, you may take a pick back, even after your \
third. The cards you received are \
marked on your screen.

**What taken cards are worth**: a card showing one suit 0, two suits 2, three suits its rank; a Prank -1. \
Everyone sees what each player has taken.

**Scoring a hand** (P is what you took)
• The highest P (everyone tied at it) scores 0 and gets a **tummy ache**; so does anyone with 1 to 14.
• 15 or more without being the highest: score P.
• 0 or less: 30 if you are the only one, 15 each if two of you are.
• **Stuffed**: whoever takes 75 or more scores 60 and gets no tummy ache. Then the others score P at 15 or \
more, a tummy ache at 1 to 14, and at 0 or less: 30 for a lone player when someone got a 1-14 tummy ache, \
otherwise 0 and a tummy ache. The stuffed player then chooses to pardon all of this hand's tummy aches or \
to keep them (points stay as they are).

**The end**: after a hand that gives someone a fourth tummy ache, the best score among the players with 3 or \
fewer wins; equal scores go to fewer tummy aches, then share the win. (Should everyone have 4 or more, the \
best score of all wins.)

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own design.""",
    """**Playing the tricks**
• The player left of the dealer leads the first trick; after that the winner leads — but if the trick held a \
Prank, the player on the winner's right leads.
• The leader names one suit printed on the card led. Going left, everyone must play a card showing that suit \
if they have one; a card with several suits follows any of them.
• The highest card showing the named suit wins; equal ranks go to the card played first.
• **Pranks** have no suit: play one only when leading or when you cannot follow. After a Prank lead, anything \
may be played until someone plays a suited card, which names the trick suit from its own suits; a trick of \
Pranks only goes to its leader.""",
)


def render_view(view: AppetiteView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [
        f"Appetite, hand {view.hand_number} ({view.phase})",
        "Scores: " + ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores)),
        "Tummy aches: " + ", ".join(f"{{p{s}}} {a}" for s, a in enumerate(view.aches)),
        "Taken this hand: " + ", ".join(f"{{p{s}}} {t}" for s, t in enumerate(view.taken)),
    ]
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "not named yet"
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: " + ", ".join(card_text(c) for c in view.trick))
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    return "\n".join(lines)
