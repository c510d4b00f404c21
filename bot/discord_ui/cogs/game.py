"""Moves, the table's buttons, "I'm back", and `/hand`, `/games`, `/abandon`, `/seat`, `/leave`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.help import rules_payload
from bot.discord_ui.cogs.lobby import computer_levels, player_of
from bot.discord_ui.components import UNKNOWN_BUTTON
from bot.discord_ui.publisher import holds_refresh
from bot.discord_ui.replies import reply_privately
from bot.sessions import ACTIVE, DEFAULT_COMPUTER, LOBBY, OPEN_STATUSES, Player, Session, SessionError
from rules.contract import Action

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

log = logging.getLogger(__name__)

#: Seconds a click may wait for its move to be committed before it is acknowledged without it
#: (Discord allows 3; the rest is for the answer's own round trip).
ACK_WITHIN = 2.0


def jump_url(session: Session) -> str | None:
    row = session.row
    if row.guild_id is None:
        return None
    if row.table_message_id is not None:
        return f"https://discord.com/channels/{row.guild_id}/{row.thread_id or row.channel_id}/{row.table_message_id}"
    if row.lobby_message_id is not None:
        return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.lobby_message_id}"
    return None


#: Said when the last player's seat has gone to a computer (the session service then ends the game).
NOBODY_LEFT_ENDS = "No player is left at the table, so the game has ended; nobody's rating changes."

LEVEL_CHOICES = [app_commands.Choice(name=label, value=level) for level, label in computer_levels()]
GAME_NUMBER = "the game number (default: the game of this thread)"


class GameCog(commands.Cog):
    seat = app_commands.Group(
        name="seat", description="Hand a seat of a running game to the computer or to another member", guild_only=True
    )

    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot

    # ---- components -------------------------------------------------------------------

    async def on_move(
        self, interaction: discord.Interaction[Any], session_id: int, move: int, seat: int, token: str
    ) -> None:
        """A move button or select: commit the move first, then answer the click with its result.

        The answer is the message it was clicked on, redrawn (an UPDATE_MESSAGE response), so the
        acknowledgement a player sees is the saved move itself: a crash before the commit leaves the
        click unanswered, never answered and lost. Only when the move cannot be committed within
        `ACK_WITHIN` seconds (waiting for a computer that holds the game) is the click deferred first.
        """
        try:
            action = Action.parse(token)
        except ValueError:
            await reply_privately(interaction, "This button is not a move I know.")
            return
        deferral: asyncio.Task[Any] | None = None

        def defer() -> None:
            nonlocal deferral
            deferral = asyncio.get_running_loop().create_task(interaction.response.defer())

        timer = asyncio.get_running_loop().call_later(ACK_WITHIN, defer)
        try:
            await self.bot.service.act(session_id, interaction.user.id, seat, action, move)
        except SessionError as wrong:
            timer.cancel()
            if deferral is not None:
                await deferral
            # Only the kind of move and of refusal are logged: either could name a secret card.
            log.info(
                "session %s: %s refused a %s move: %s",
                session_id,
                interaction.user.id,
                action.kind,
                type(wrong).__name__,
            )
            await reply_privately(interaction, wrong.message)
            return
        except BaseException:
            # Not played (the store failed, say): the caller answers the click; a deferral the timer
            # would send meanwhile would be a second answer, refused by Discord.
            timer.cancel()
            if deferral is not None:
                with contextlib.suppress(discord.HTTPException):
                    await deferral
            raise
        # No await since the commit: the publisher has not redrawn anything yet, so the message
        # answered here is recorded as shown and the publisher does not edit it again.
        session = await self.bot.service.get(session_id)
        message = interaction.message
        log.info("session %s: seat %s made a %s move", session_id, seat, action.kind)
        if message is None:
            timer.cancel()
            await (deferral if deferral is not None else interaction.response.defer())
            return
        publisher = self.bot.publisher
        in_guild = interaction.guild_id is not None
        drawn = publisher.click_payload(session, message.id, seat, ephemeral=message.flags.ephemeral, in_guild=in_guild)
        try:
            drawn = await publisher.in_time(session_id, message.id, drawn)
            # A picture not drawn yet follows in the refresh (a private screen's is drawn off the event
            # loop first; the timer still defers the click if that is slow).
            payload = await publisher.ready(drawn, edit=True, bare=not message.attachments)
            timer.cancel()
            if deferral is not None:
                await deferral
                await interaction.edit_original_response(**payload)
            else:
                await interaction.response.edit_message(**payload)
        except BaseException:
            # Not answered (too late for Discord, say): the message still shows the old table, so the
            # refresh must edit it, not take it as shown. The move itself is committed either way.
            publisher.not_shown(session_id, message.id)
            raise
        finally:
            publisher.answered(message.id)
            if holds_refresh(session, ephemeral=message.flags.ephemeral, in_guild=in_guild):
                publisher.release(session_id)

    async def on_table_button(self, interaction: discord.Interaction[Any], session_id: int, verb: str) -> None:
        if verb == "hand":
            await self.show_hand(interaction, session_id)
            return
        if verb == "rules":
            await self.show_rules(interaction, session_id)
            return
        if verb != "rematch":
            log.info("session %s: unknown table button %r", session_id, verb[:20])
            await reply_privately(interaction, UNKNOWN_BUTTON)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            session = await self.bot.service.rematch(session_id, player_of(interaction))
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        await interaction.followup.send(f"Rematch started: game #{session.id}.", ephemeral=True)

    async def show_rules(self, interaction: discord.Interaction[Any], session_id: int) -> None:
        """The table's game's `/rules` pages, privately, for anyone who asks (players and watchers)."""
        try:
            session = await self.bot.service.get(session_id)
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        await interaction.response.send_message(**rules_payload(session.game.id, 0), ephemeral=True)

    async def show_hand(self, interaction: discord.Interaction[Any], session_id: int) -> None:
        """The clicker's private screen as an ephemeral message, with their controls."""
        try:
            session = await self.bot.service.get(session_id)
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        seats = session.seats_of(interaction.user.id)
        if not seats:
            await reply_privately(interaction, "You are watching this game: only its players have a hand.")
            return
        if session.status == LOBBY or session.state is None:
            await reply_privately(interaction, "This game has not started yet.")
            return
        acting = [s for s in seats if s in session.to_act()]
        seat = (acting or seats)[0]
        payload = await self.bot.publisher.ready(self.bot.publisher.hand_payload(session, seat), edit=False)
        await interaction.response.send_message(**payload, ephemeral=True)

    async def on_back(self, interaction: discord.Interaction[Any], session_id: int, seat: int) -> None:
        """ "I'm back": the seat's player takes it back from the computer; the publisher redraws."""
        await interaction.response.defer()
        try:
            await self.bot.service.back(session_id, seat, player_of(interaction))
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.bot.publisher.message_deleted(payload.message_id)

    # ---- commands ---------------------------------------------------------------------

    async def _my_sessions(self, interaction: discord.Interaction[Any]) -> list[Session]:
        sessions = await self.bot.service.open_sessions(interaction.guild_id)
        mine = [s for s in sessions if s.seat_of(interaction.user.id) is not None and s.status == ACTIVE]
        here = [s for s in mine if interaction.channel_id in (s.row.thread_id, s.row.channel_id)]
        return sorted(here or mine, key=lambda s: s.row.updated_at, reverse=True)

    @app_commands.command(name="hand", description="Show your hand in your current game, privately")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        mine = await self._my_sessions(interaction)
        if not mine:
            await reply_privately(interaction, "You are not playing any game on this server right now.")
            return
        await self.show_hand(interaction, mine[0].id)

    @app_commands.command(name="games", description="List the games being played on this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        sessions = await self.bot.service.open_sessions(interaction.guild_id)
        if not sessions:
            await reply_privately(interaction, "No game is open on this server. Start one with `/play`.")
            return
        lines = []
        for session in sessions[:20]:
            url = jump_url(session)
            name = f"[{session.game.name} #{session.id}]({url})" if url else f"{session.game.name} #{session.id}"
            state = "waiting for players" if session.status == LOBBY else f"move {session.move_number}"
            lines.append(f"• {name}: {', '.join(session.names)} ({state})")
        embed = discord.Embed(title="Games on this server", description="\n".join(lines), colour=0xE8751A)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="abandon", description="End a game you host (server managers: any game)")
    @app_commands.describe(game="the game number (default: the game of this thread)")
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        who = player_of(interaction)
        if game is None:
            sessions = await self.bot.service.open_sessions(interaction.guild_id)
            here = [s for s in sessions if interaction.channel_id in (s.row.thread_id, s.row.channel_id)]
            hosted = [s for s in here if s.row.host_id == who.user_id] or here
            if not hosted:
                await reply_privately(interaction, "Which game? Give its number (see `/games`).")
                return
            game = hosted[-1].id
        try:
            session = await self.bot.service.get(game)
            if session.row.guild_id != interaction.guild_id or session.status not in OPEN_STATUSES:
                await reply_privately(interaction, "There is no open game with that number on this server.")
                return
            await self.bot.service.abandon(game, who)
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        await interaction.response.send_message(f"Game #{game} has been ended by {who.name}.")

    # ---- seats of a running game ------------------------------------------------------------

    async def _running_here(
        self, interaction: discord.Interaction[Any], game: int | None, *, mine: bool
    ) -> Session | None:
        """The running game named by number, else the one of this thread (the clicker's, if `mine`)."""
        if game is not None:
            try:
                session = await self.bot.service.get(game)
            except SessionError:
                session = None
            if session is None or session.row.guild_id != interaction.guild_id or session.status != ACTIVE:
                await reply_privately(interaction, "There is no running game with that number on this server.")
                return None
            return session
        sessions = await self.bot.service.open_sessions(interaction.guild_id)
        here = [
            s for s in sessions if s.status == ACTIVE and interaction.channel_id in (s.row.thread_id, s.row.channel_id)
        ]
        if mine:
            here = [s for s in here if s.seat_of(interaction.user.id) is not None]
        if not here:
            lobby = [s for s in sessions if s.status == LOBBY and s.seat_of(interaction.user.id) is not None]
            hint = " In a lobby, press its **Leave** button." if mine and lobby else ""
            await reply_privately(interaction, "Which game? Give its number (see `/games`)." + hint)
            return None
        return here[-1]

    @staticmethod
    async def _seat_exists(interaction: discord.Interaction[Any], session: Session, seat: int) -> bool:
        """Seats are numbered from 1 as the table lists them; anything else gets a plain answer."""
        if 1 <= seat <= len(session.seats):
            return True
        await reply_privately(interaction, f"Game #{session.id} has seats 1 to {len(session.seats)}.")
        return False

    @seat.command(name="computer", description="Let a computer player take over a seat (host or server manager)")
    @app_commands.describe(seat="the seat number, as the table lists it", level="how well it plays", game=GAME_NUMBER)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def seat_computer(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 10],
        level: str | None = None,
        game: int | None = None,
    ) -> None:
        session = await self._running_here(interaction, game, mine=False)
        if session is None or not await self._seat_exists(interaction, session, seat):
            return
        before = session.names[seat - 1]
        try:
            await self.bot.service.seat_to_computer(
                session.id, seat - 1, player_of(interaction), level or DEFAULT_COMPUTER
            )
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        text = f"Seat {seat} ({before}) of game #{session.id} is now played by {session.names[seat - 1]}."
        if session.status != ACTIVE:
            text += " " + NOBODY_LEFT_ENDS
        await interaction.response.send_message(text)

    @seat.command(name="give", description="Hand a seat to another member (host or server manager)")
    @app_commands.describe(seat="the seat number, as the table lists it", member="who plays it now", game=GAME_NUMBER)
    async def seat_give(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, 10],
        member: discord.Member,
        game: int | None = None,
    ) -> None:
        if member.bot:
            await reply_privately(interaction, "Use `/seat computer` to hand a seat to a computer player.")
            return
        session = await self._running_here(interaction, game, mine=False)
        if session is None or not await self._seat_exists(interaction, session, seat):
            return
        before = session.names[seat - 1]
        heir = Player(user_id=member.id, name=member.display_name)
        try:
            await self.bot.service.give_seat(session.id, seat - 1, player_of(interaction), heir)
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        await interaction.response.send_message(
            f"{member.mention} now plays seat {seat} ({before}) of game #{session.id}: "
            "your hand comes by DM (or press **My hand** on the table)."
        )

    @app_commands.command(name="leave", description="Leave a running game; a computer plays on in your seat")
    @app_commands.describe(game=GAME_NUMBER)
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        session = await self._running_here(interaction, game, mine=True)
        if session is None:
            return
        who = player_of(interaction)
        try:
            await self.bot.service.leave_game(session.id, who)
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        if session.status != ACTIVE:
            await interaction.response.send_message(f"{who.name} left game #{session.id}. {NOBODY_LEFT_ENDS}")
            return
        await interaction.response.send_message(f"{who.name} left game #{session.id}; a computer plays on for them.")
