"""Haunted House's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.haunted_house.state import HauntedHouseView

HELP_PAGES: tuple[str, ...] = (
    """**Haunted House** — a game of dodging scary cards for 3-5 players, with the Best Candy deck.

**Goal**: keep your courage. Everyone starts with 31. Each **Halloween card** (any card showing the Halloween \
suit, ten in all) and each **Prank** (the four -1s) you take in a trick costs you 1 courage.

**The deck**: no King Size and no Non-Treats (the 0s). With 3 players the green 1 is left out too, with 5 the \
green 1 and the orange 1. Everything is dealt: 17 cards each with 3 players, 13 with 4, 10 with 5.

**Passing**: before the first trick, everyone secretly picks 3 cards at the same time: to the player on the left \
in the first hand, to the right in the second, and so on, switching every hand. The cards go once everyone \
has picked three; until the last player has, you may take a pick back, even after your third. Nobody sees any \
pass until everyone has picked, and the cards you received are marked on your screen for the rest of the hand.

**Scaring everyone**: take 13 or 14 of the 14 point cards in one hand and you lose nothing, while every other \
player loses 13.

**The end**: after a hand that leaves anyone at 0 courage or below, the game ends (courage can go below 0). \
The most courage wins; equal courage shares the win.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own design.""",
    """**Playing the tricks**
• The player holding the purple 1 (Trail Mix) leads it in the first trick and names Nuts, Fruit or Coconut.
• A leader names one suit printed on the card led. Going left, everyone plays one card and must play a card \
showing the named suit if they have one; a card with several suits follows any of them.
• The highest card showing the named suit wins; equal ranks go to the card played first. There is no trump. \
The winner leads the next trick — but if the trick held a Prank, the player on the winner's right leads.
• **Pranks** have no suit: you may play one only when leading or when you cannot follow. After a Prank lead, \
anything may be played until someone plays a suited card, which names the trick suit from its own suits; if \
nobody plays one, the leader takes the trick.

**The first trick**: if you can follow with a card that does not show Halloween, you must. If every card you \
could follow with shows Halloween, play one of them. If you cannot follow, play a treat without Halloween if \
you have one; only with nothing else may a Halloween card or a Prank go in.

**Breaking Halloween**: no Halloween card and no Prank may be led until Halloween is **broken**: by a Halloween \
card played by someone who cannot follow, by a card showing both the named suit and Halloween, or by a Halloween \
card naming the trick suit after a Prank lead. Pranks never break it. A leader holding only Halloween cards and \
Pranks leads one anyway: a Halloween card led then breaks Halloween and may name any of its suits.""",
)


def render_view(view: HauntedHouseView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [
        f"Haunted House, hand {view.hand_number} ({view.phase})",
        "Courage: " + ", ".join(f"{{p{s}}} {c}" for s, c in enumerate(view.courage)),
        "Point cards taken: " + ", ".join(f"{{p{s}}} {len(t)}" for s, t in enumerate(view.taken)),
        "Halloween broken" if view.broken else "Halloween not broken",
    ]
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "not named yet"
        played = ", ".join(card_text(c) for c in view.trick)
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: {played}")
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    if view.my_picks:
        lines.append("Picked to pass: " + ", ".join(card_text(c) for c in view.my_picks))
    return "\n".join(lines)
