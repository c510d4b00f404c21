"""Best Candy's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Best Candy on the Block** — a trick-taking race to 31 points for 1-5 players (6 with the King-Sized expansion).

**Each hand**
• Everyone gets 12 cards (10 with 5 players). With 2 or 3 players the deck is the yellow King Size plus one \
random colour per player, picked again every hand.
• You are dealt suit cards (2, or 3 with 2-3 players) and secretly keep one: your **favourite suit** for the hand. \
Until the last player has kept theirs you may take it back and keep another; then the others go back into the suit deck.
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
    """**King-Sized expansion** (turn on *King cards* when opening the table; 2-6 players, no solo; \
a table of six always plays it)
• The deck depends on the table: 2 players use the King Size and two random colours without their 0s and 1s, \
plus 4 King cards; 3 players three colours, plus 6; 4 players every colour without the 0s and 1s, plus 8; \
5 players the whole deck plus 13; 6 players the whole deck plus all 15, 10 cards each. The stash is what is \
left (5, 7, 9, 10 or 12 cards). With 2-3 players the colours stay for the whole game unless the host asks for \
new ones each hand.
• The King cards are drawn at random, or the host names them (*tax*, *veto*, *trade*, *1* to *12*); they stay \
for the whole game.
• A King card always counts as the trick suit and may always be played; holding one means you can follow, so \
you may not throw an off-suit treat or a Prank. Each is half a point higher than its number (the Trade a \
quarter), so a King 10 beats a plain 10 and loses to an 11. They lose to trump unless trump is the trick suit. \
Led (or first suited card), a King card names any suit but trump; the 4 names trump; the 1 names any suit.
• No King card earns a favourite bonus. At the end of a hand the 6 gives +2 (not with a belly ache), the 10 \
gives -1, and the 12 is a Prank (-1).
• **New suit cards**: *3 Flavors* favours treats with three suits, *1 Flavor* treats with one suit, and the \
four colour cards that colour's treats (never Pranks or Non-Treats). They are never trump. Six players use \
at least two of them (all six unless the host picks).
• Six players: a belly ache comes at 6 tricks.""",
    """**The King cards**
• **Dad Tax (0)**: once the winner is known, if you did not win you may take one card of the trick (not the \
Trade) into your take. It scores for you but is not a trick.
• **Mom Veto (0)**: as you play it, throw one card out of the trick to the stash (not the Trade; one card \
under the Trade at most). Its player no longer has a card in the trick; its effect is gone.
• **Trade (0)**: as you play it, you may put up to two cards from your take under it; their numbers add to its \
value, and whoever takes the trick takes them too.
• **1**: name the trick suit again (it may stay the same). • **2**: you lead the next trick, whatever else \
happens. • **3**: the lowest card of the trick suit wins this trick, and trump does not count. • **4**: always \
trump. • **5**: everyone after you plays face down; the cards are turned up when all have played. \
• **6**: +2 at the end of the hand. • **7**: everyone after you plays a card drawn at random from their hand \
(no need to follow). • **8**: the winner may look at the top three suit cards and swap their favourite for one. \
• **9**: when everyone has played, the stash joins the trick; its cards never win. • **10**: the winner keeps \
only one card of the trick; the rest go to the stash (and -1 at the end). • **11**: when everyone has played, \
every card moves one seat to the left and counts as played there. • **12**: a Prank; the winner may look at \
the top three suit cards and make one of them trump from the next trick.
• **Order in one trick**: as cards are played, the Trade, the Veto and the 1 act; then face-down cards are \
turned up (their Trade, Veto and 1 act in that order); the 11 passes the cards; the 9 adds the stash; the \
winner is found; the Dad Tax picks; the winner takes the trick (or one card); the 8, then the 12; then the 2's \
player leads, or after a Prank the player to the winner's right, or the winner.
• A face-down 7 does nothing. A card thrown out by the Veto does nothing more, but a trick suit it named stays.""",
    """**Team play** (4 players, or 6 with King cards)
• Two teams: partners sit opposite with 4 players, every other seat with 6.
• Nobody is dealt suit cards. Each team is shown two green combo cards (each has two suits); every member \
votes in secret (a vote may be taken back until the last one is in), \
the most votes keeps it (a tie is drawn at random) and the other goes back face down.
• Each member scores their own take as usual, with +1 for each card showing either suit of the team card; a \
belly ache cancels only that player's bonus. A team's score is its members' scores added up.
• The first team to 31 points per member (62, or 93 with 6) wins, unless the host set another target. Ties: \
the team with more bonus points in the last hand, then the team that took the King Size.
• The 8 of Kings lets its winner look at the top three combo cards and swap the team's card.""",
)
