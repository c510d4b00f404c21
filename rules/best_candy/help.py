"""Best Candy's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Best Candy on the Block** — a trick-taking race to 31 points for 1-5 players.

**Each hand**
• Everyone gets 12 cards (10 with 5 players). With 2 or 3 players the deck is the yellow King Size plus one \
random colour per player, picked again every hand.
• You are dealt suit cards (2, or 3 with 2-3 players) and secretly keep one: your **favourite suit** for the hand.
• The leftover cards (the **stash**) are turned face up. The lowest scorer picks one first (ties decided at \
random), then the others to their left.
• A suit card is turned up as **trump**. The last player to pick from the stash leads.

**Scoring a hand**
• 1 point per trick won, -1 per Prank in your take.
• +1 per taken card showing your favourite suit — unless you won too many tricks and got a **belly ache** \
(10+ tricks with 1-2 players, 9+ with 3, 8+ with 4, 7+ with 5).
• A hand never scores below 0. The first to 31 wins; see the next page for ties.

**Our own card texts**: the layout of the deck is the printed one, but the printed cards were not available, \
so the card names and suits are our own design.""",
    """**Playing a trick**
• The leader plays any card and picks the trick suit from the suits on it. If the card shows trump, the trick \
suit must be trump. Leading the King Size, pick any suit except trump.
• Going left, everyone plays one card and must follow the trick suit if they can.
• **Non-Treats** (0, no suit) can always be played, even instead of following.
• **Pranks** (-1, no suit) can be played only when leading, when you cannot follow, or while no trick suit is chosen.
• The **King Size** (13) always counts as the trick suit, but you never have to play it to follow.
• If a Prank or Non-Treat leads, the first suited card played picks the trick suit from its own suits (trump \
is not forced then, only on a lead); until then anything goes.
• Highest trump wins; with no trump, the highest card of the trick suit; equal ranks go to the card played \
first; if nobody played a suited card, the leader wins. A card showing both trump and the trick suit counts \
as trump; the King Size only loses to trump when the trick suit is not trump.
• The winner leads next — but if the trick held a Prank, the player to the winner's right leads.

**Ties at 31+**: most points; then most favourite-suit bonus points in the last hand; then whoever took the \
King Size in the last hand; otherwise the tied players share the win.""",
    """**Solo play** (1 player)
The deck is set up as for 2 players, and you face an automatic opponent whose 12 cards lie face down, \
shuffled. It keeps all the suit cards it is dealt: 1 (easier), 2 (standard) or 3 (harder) — choose with the \
solo difficulty option of `/play`. It scores every one of them as a favourite suit: 1 bonus point per card it took \
that shows any of them (a card showing two of its suits still scores 1).
• From the stash it always takes the highest-ranked card.
• It leads every trick with its top card. It names that card's top suit, or trump when the card shows trump; \
with the King Size it names the last suit picked for a trick that is not trump.
• First to 31 wins, as in the normal game.
""",
)
