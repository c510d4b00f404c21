"""Answers only the clicker sees, shared by the client, the cogs and the components."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)


async def reply_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer to the clicker, whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
