"""Scary's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.scary.state import ScaryView

HELP_PAGES: tuple[str, ...] = (
    """**Scary** — a game for exactly 5 players with the Best Candy deck: each hand, a ghost and a secret \
friend against three ghostbusters.

**Good candy**: every card of rank 8 to 12, plus the King Size (13): 21 cards. They are what each hand is about.

**The deck**: the four Pranks stay out, leaving 53 cards. Everyone gets 10; the last 3 lie face down as the \
**stash**. Ten tricks are played.

**The auction**: starting left of the dealer and going round, each player either bids or passes. A bid is a \
number of good candy the bidder's side will take, together with a trump suit (any suit but Halloween). The first \
bid is 11 at least, and no bid goes above 21. Each new bid must promise more good candy than the one before: \
only changing the suit does not count. Once you pass you are out of the auction for this hand. When everyone \
but the last bidder has passed, that player is the **ghost**. If all five pass, the next player deals a new hand \
and nobody scores.

**The ghost's stash**: the ghost alone picks up the 3 stash cards, then lays any 3 cards away face down. Those \
count for nobody. Trump stays the suit of the winning bid.

**The secret friend**: the ghost then names any card of the deck by colour and rank (say "green 9"). Whoever \
holds it is the ghost's **friend** and plays on the ghost's side — but nobody is told. The holder knows from \
their hand; everyone else finds out when that card is played, or when the hand ends. If the ghost named a card \
of their own hand, or one they laid away, the ghost plays alone against four.

**Scoring a hand**: the ghost and the friend add up the good candy in the tricks they took. Reaching the bid \
gives the ghost 13 points and the friend 10 (a lone ghost 13). Falling short gives each of the other players 8.

**The end**: after a hand in which anyone has 31 points or more, the game ends and the most points win. Equal \
leaders share the win.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own design.""",
    """**Playing the tricks**
• The ghost leads the first trick. That lead may not carry the trump suit and may not be the Vampire Teeth \
(black 12) or the King Size, unless the ghost has nothing else (the teeth never).
• The leader names one suit printed on the led card. From the second trick on, a led card showing trump names \
trump. Leading the **King Size** lets you name any of the ten suits, trump too. After a **Non-Treat** (a 0) is \
led, the first player to add a suited card names the suit, by the same rules.
• Going left, play a card showing the named suit if you have one. A Non-Treat and the King Size may be played \
at any time, and the King Size never has to be.
• **First trick**: no card showing trump, unless such cards are your only way to follow suit, or you have \
nothing else you may play. A card showing trump that had to be played counts as trump.
• **The Vampire Teeth** may not be played in the first or the tenth trick. In tricks 2 to 9 you may play them \
whenever you like, even instead of following suit. You must play them in a trick where the **Candy Corn** \
(black 1) has already been played, and if you still hold them in the ninth trick, you must play them then. The \
Candy Corn does nothing in the first and the last trick.
• **Who wins**: the King Size beats everything. Next come the Vampire Teeth — unless the Candy Corn is in the \
same trick, then the teeth cannot win at all (and if the teeth named the suit and no other card shows it or \
trump, the Candy Corn takes the trick). Otherwise the highest trump wins, and with no trump the highest card of \
the named suit. On equal ranks the card played first wins. The winner leads the next trick.""",
    """**What everyone sees**
• Public: every bid and pass, the ghost, trump, the bid to reach, the named card, every trick, the good candy \
each player has taken, the scores, and the friend as soon as the named card is played.
• Secret: your hand; the stash and the 3 cards laid away (only the ghost sees them); who the friend is, until \
the named card comes out (the friend knows, and so does a ghost who named their own card).

**Tips**
• Naming a high trump you do not hold, or the King Size, usually finds a strong friend.
• The ghostbusters do not know at first who is with the ghost: watch who helps the ghost win good candy.""",
)


def render_view(view: ScaryView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [f"Scary, hand {view.hand_number} ({view.phase})"]
    lines.append("Scores: " + ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores)))
    if view.ghost is not None and view.trump is not None:
        lines.append(f"Ghost {{p{view.ghost}}}: {view.contract} good candy, {suit_name(view.trump)} trump")
    if view.called is not None:
        friend = "unknown" if view.friend is None else f"{{p{view.friend}}}"
        lines.append(f"Named card {card_text(view.called)}; friend {friend}")
    lines.append("Good candy taken: " + ", ".join(f"{{p{s}}} {g}" for s, g in enumerate(view.good_taken)))
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "-"
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: " + ", ".join(card_text(c) for c in view.trick))
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    return "\n".join(lines)
