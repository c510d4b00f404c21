"""Candy Pick!'s help pages (in our own words) and its plain-text picture."""

from __future__ import annotations

from rules.candy_kit.cards import card_text, suit_name
from rules.contract import plural
from rules.games.candy_pick.state import CandyPickView

HELP_PAGES: tuple[str, ...] = (
    """**Candy Pick!** — a duel for 2 players with the Best Candy deck, in the spirit of Piquet.

**Goal**: the most points after 4 hands. Each player deals twice, taking turns; the first dealer is drawn at \
random. Equal totals at the end share the win.

**The deck**: only the 32 cards ranked 5 to 12 of the four colours. Each player gets 13; the 6 left over lie \
face down as the talon.

**A hand** has three steps: the exchange, the declarations, then 13 tricks.

**The exchange**: the player who did not deal goes first and must swap 1 to 4 cards: pick the cards to \
discard one at a time (a pick can be taken back), then press Exchange to draw as many from the top of the \
talon. Then the dealer does the same, with no more cards than the talon still holds (at least 2 are always \
left). Everyone sees how many cards each player swapped, never which: your own discards and draws are shown \
only to you, and the cards left in the talon stay unseen by both.

**The declarations** are made for you, as soon as the exchange is over, since declaring less could never \
score more:
• **Flush**: the most cards you hold that show one suit (a card with several suits counts for each). The \
longer flush scores 2 points per card. Equal lengths: the higher total of ranks in it scores; still equal, \
nobody does.
• **Run**: at least 3 cards of consecutive ranks, one per rank, all showing one common suit. The longer run \
scores 10 plus its length. Equal lengths: the run ending at the higher rank scores; still equal, nobody does.
• **Set**: three or four cards of one rank. Whoever holds the highest-ranked set scores 7 for it and 7 for \
each other set they hold (three 12s beat four 11s); the other player scores nothing for sets.
The player who did not deal speaks first; the dealer's best is told only when it is as good or better, and \
the rank totals or top ranks only when the lengths are equal.""",
    """**The tricks**
• The player who did not deal leads the first trick; whoever wins a trick leads the next.
• The leader names one suit shown on the card led. The other player must play a card showing that suit if \
they have one (a card with several suits follows any of them); otherwise any card.
• The highest card showing the named suit wins; of equal ranks, the card led wins. There is no trump.

**Trick points**, by the tricks you took in the hand:

| tricks | 0-3 | 4 | 5 | 6 | 7-9 | 10-13 |
| --- | --- | --- | --- | --- | --- | --- |
| points | 31 | 6 | 12 | 18 | 31 | 0 |

So take 7 to 9 tricks, or very few: taking 10 or more gives the other player 31 and you nothing. The table \
is the one the game prints, odd as 0-3 tricks scoring like 7-9 may look.

**Our own card texts**: the layout of the deck is the printed one, but the card names and suits are our own \
design.""",
)


def render_view(view: CandyPickView) -> str:
    """The table as plain text, for the command line and logs."""
    lines = [
        f"Candy Pick!, hand {view.hand_number} of {view.hands_in_game} ({view.phase})",
        "Points: " + ", ".join(f"{{p{s}}} {p}" for s, p in enumerate(view.scores)),
        "Tricks: " + ", ".join(f"{{p{s}}} {t}" for s, t in enumerate(view.tricks_won)),
        f"Talon: {plural(view.talon_size, 'card')}",
    ]
    lines.extend(line.text_for(view.seat) for line in view.announced)
    if view.trick:
        suit = suit_name(view.trick_suit) if view.trick_suit else "not named yet"
        played = ", ".join(card_text(c) for c in view.trick)
        lines.append(f"Trick ({suit}), led by {{p{view.leader}}}: {played}")
    if view.my_hand is not None:
        lines.append("Your hand: " + ", ".join(card_text(c) for c in view.my_hand))
    if view.my_picks:
        lines.append("Picked to discard: " + ", ".join(card_text(c) for c in view.my_picks))
    return "\n".join(lines)
