"""Best House on the Block's help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.games.best_house.gold import GOLD_VALUE, gold_text
from rules.games.best_house.state import BestHouseView

HELP_PAGES: tuple[str, ...] = (
    """**Best House on the Block** — a trick game for 2-5 players with the Best Candy deck.

**Goal**: be the house the trick-or-treaters love. A hand ends when the cards run out; once a hand leaves \
anyone on 31 points or more, the game ends and the most points wins.

**The deck**: as in Best Candy on the Block. With 4 or 5 players all 57 cards; with 3 players the King Size \
and three whole colours (43 cards), with 2 the King Size and two whole colours (29). The colours are drawn at \
the start and kept for the whole game, unless the host asks for new colours every hand. Everyone gets 12 \
cards (10 with 5 players); the rest is the **stash**, face up for all to see.

**The draft**: the player with the fewest points (a random one among equals) takes a stash card first, then \
each player to the left takes one, in the open. What is left of the stash is set aside. That makes 13 tricks \
a hand (11 with 5 players). Nobody keeps a favourite suit in this game.

**The gold cards**: 20 trick-or-treaters, one worth 2 and one worth 3 for each of the ten suits, shuffled \
at the start of every hand. One is turned face up before each trick.

**Scoring a hand**: 1 point for each trick you win, plus the value of the gold cards you won, minus 1 for each \
Prank among the cards you won. A hand never costs you points: below 0 it counts as 0. There are no belly aches.

**Level at the end**: the most gold won in the last hand breaks the tie, then whoever won the King Size in \
that hand; players still level share the win.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own design.""",
    """**Playing the tricks**
• The player on the dealer's left leads the first trick (the dealer moves one seat left every hand).
• Before each trick a gold card is turned up: its suit and its value are there for everyone to see.
• The leader plays any card and names one suit printed on it. The **King Size** names any suit you like.
• **Nobody has to follow suit**: every card in your hand may be played at every turn, Pranks too.
• After a Prank or Non-Treat lead, the first card with a suit names the trick suit from its own suits; \
if nobody plays one, the leader takes the trick.
• The **trick** goes to the highest card showing the named suit (the King Size always counts, as a 13). \
Equal numbers: the card played first wins.
• The **gold card** goes to whoever played the highest card showing the gold card's suit — often somebody \
other than the trick's winner. The King Size counts for it only when the gold suit is the named suit; trump \
does not matter for gold. If nobody played that suit, the gold card is set aside and scores for nobody.
• The trick's winner leads next — but if the trick held a Prank, the player on the winner's right leads.

**Host options**
• **Trump suit** (off by default): a suit is turned up after the draft. A card showing it beats the named \
suit; a led card showing trump must name trump, and the King Size may not name it. After a Prank or \
Non-Treat lead, the first card with a suit may name any of its suits, trump or not.
• **New colours each hand** (2 or 3 players, off by default): the deck's colours are drawn again every hand.""",
)


def render_view(view: BestHouseView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [
        f"Best House on the Block, hand {view.hand_number} ({view.phase})",
        "Points: " + ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores)),
        "Tricks this hand: " + ", ".join(f"{{p{s}}} {t}" for s, t in enumerate(view.tricks_won)),
        "Gold this hand: "
        + ", ".join(f"{{p{s}}} {sum(GOLD_VALUE[g] for g in w)}" for s, w in enumerate(view.gold_won)),
    ]
    if view.trump is not None:
        lines.append(f"Trump: {suit_name(view.trump)}")
    if view.phase == "draft":
        lines.append("Stash: " + ", ".join(card_text(c) for c in view.stash))
    if view.gold is not None:
        lines.append(f"Gold card: {gold_text(view.gold)}")
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "not named yet"
        played = ", ".join(card_text(c) for c in view.trick)
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: {played}")
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    return "\n".join(lines)
