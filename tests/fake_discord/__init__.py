"""A wire-level fake Discord for end-to-end tests of the bot (REST + gateway on 127.0.0.1)."""

from .models import Ack, Call, Component, Interaction, LateAck, Rejection, SelectOption, StoredMessage
from .server import ApiError, FakeDiscord, GatewaySession, Guild, point_discord_py_at

__all__ = [
    "Ack",
    "ApiError",
    "Call",
    "Component",
    "FakeDiscord",
    "GatewaySession",
    "Guild",
    "Interaction",
    "LateAck",
    "Rejection",
    "SelectOption",
    "StoredMessage",
    "point_discord_py_at",
]
