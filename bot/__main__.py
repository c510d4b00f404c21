"""Command line: `python -m bot run | play | simulate | replay | rules | games | migrate-db | pictures | docs`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from bot import cli
from bot.config import Settings
from bot.sessions import DEFAULT_COMPUTER
from rules.players import LEVELS

LEVEL_NAMES = sorted(LEVELS)
OPTIONS = "game options in one string, as make passes them: name=value pairs, a value running to the next name="

NO_TOKEN = """\
No DISCORD_TOKEN is set, so the bot cannot connect to Discord.

To get one: open https://discord.com/developers/applications, create an
application, open its "Bot" page, press "Reset Token" and copy the token. Then
put it in a file named .env next to the Makefile:

    cp .env.example .env      # and fill in DISCORD_TOKEN=...

The README explains the permissions and the invite link.

To try the games offline, without Discord:

    make play GAME=closest-ghost            # you against a computer, in this terminal
    make simulate GAME=closest-ghost GAMES=100
    make games                               # the game ids
    make rules GAME=closest-ghost            # how a game is played
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Haunted Table: Halloween games for Discord.")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--shards", type=int, help="total shard count, when the bot runs as several processes")
    run.add_argument("--shard-ids", help="this process's shards, e.g. 0,1 (default: all of them)")
    run.add_argument("--check", action="store_true", help="only check the settings the bot needs to start")
    commands.add_parser("games", help="list the game ids")
    rules = commands.add_parser("rules", help="print how a game is played")
    rules.add_argument("game", help="game id, e.g. closest-ghost")

    play = commands.add_parser("play", help="play in the terminal against computer seats (resumable)")
    play.add_argument("game", help="game id, e.g. closest-ghost")
    play.add_argument("--seats", type=int, help="number of seats (you take seat 1); default: the game's minimum")
    play.add_argument("--seed", type=int, help="seed for a new game (same seed, same deal)")
    play.add_argument("--db", help="SQLite file or postgresql:// URL (default: DATABASE_URL or DATABASE_PATH)")
    play.add_argument("--new", action="store_true", help="start a new game even if one is in progress")
    play.add_argument("--level", choices=LEVEL_NAMES, default=DEFAULT_COMPUTER, help="the computer players' level")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, as /play")
    play.add_argument("--options", default="", metavar="'NAME=VALUE ...'", help=OPTIONS)

    simulate = commands.add_parser("simulate", help="computer seats only; prints results and throughput")
    simulate.add_argument("game", help="game id, or 'all'")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seats", type=int, help="number of seats; default: every count the game allows")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the first game; game n uses seed + n")
    simulate.add_argument("--db", help="SQLite file (default: a temporary file)")
    simulate.add_argument("--concurrency", type=int, default=20, help="games in flight at once")
    simulate.add_argument("--level", choices=LEVEL_NAMES, default=DEFAULT_COMPUTER, help="every seat's level")
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    simulate.add_argument("--options", default="", metavar="'NAME=VALUE ...'", help=OPTIONS)

    replay = commands.add_parser("replay", help="print a stored game's whole public log, replayed from its moves")
    replay.add_argument("db", help="the SQLite file")
    replay.add_argument("game", type=int, help="the game number (as /games and the table show it)")

    migrate_db = commands.add_parser("migrate-db", help="copy a SQLite file's games into a PostgreSQL database")
    migrate_db.add_argument("source", help="the SQLite file (or sqlite:///path)")
    migrate_db.add_argument("target", help="the postgresql:// URL")
    pictures = commands.add_parser("pictures", help="write one table picture (PNG) per game, as the docs show them")
    pictures.add_argument("folder", help="where to write <game id>.png, e.g. docs/pictures")
    docs = commands.add_parser("docs", help="write one page per game (Markdown), from its /rules pages and options")
    docs.add_argument("folder", help="where to write <game id>.md, e.g. docs/games")

    args = parser.parse_args(argv)
    settings = Settings()
    # Simulations and terminal games would drown in per-move log lines: warnings only there.
    level = settings.log_level.upper() if args.command == "run" else "WARNING"
    logging.basicConfig(
        level=level,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )

    if args.command == "games":
        return cli.list_games()
    if args.command == "rules":
        return cli.print_rules(args.game)
    if args.command == "play":
        options = cli.parse_options(args.game, [*args.option, *cli.split_options(args.options)])
        db = args.db or settings.database
        try:
            return asyncio.run(cli.play(args.game, args.seats, args.seed, db, args.new, args.level, options))
        except KeyboardInterrupt:
            # Every move is saved as it is made: there is nothing left to save.
            print("\nSaved; run the same command to carry on.")
            return 130
    if args.command == "replay":
        return asyncio.run(cli.replay_game(args.db, args.game))
    if args.command == "migrate-db":
        return asyncio.run(cli.migrate_db(args.source, args.target))
    if args.command == "pictures":
        from bot.pictures.samples import write_showcases

        for path in write_showcases(Path(args.folder)):
            print(path)
        return 0
    if args.command == "docs":
        from bot.game_docs import write_pages

        for path in write_pages(Path(args.folder)):
            print(path)
        return 0
    if args.command == "simulate":
        pairs = [*args.option, *cli.split_options(args.options)]
        options = cli.parse_options(args.game, pairs) if args.game != "all" else {}
        return asyncio.run(
            cli.simulate(args.game, args.games, args.seats, args.seed, args.db, args.concurrency, args.level, options)
        )
    # run
    if args.shards is not None or args.shard_ids is not None:
        count = args.shards if args.shards is not None else settings.shard_count
        settings = settings.model_copy(update={"shard_count": count, "shard_ids": args.shard_ids or ""})
    try:
        shards = settings.shards
    except ValueError as wrong:
        print(f"Bad shard settings: {wrong}", file=sys.stderr)
        return 2
    if not shards.everything and not settings.database.startswith(("postgresql://", "postgres://")):
        print("Several shard processes must share one PostgreSQL database: set DATABASE_URL.", file=sys.stderr)
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN.rstrip("\n"), file=sys.stderr)
        return 2
    if args.check:
        return 0
    from bot.discord_ui.app import run_bot  # discord is imported only when the bot runs

    return run_bot(settings)


if __name__ == "__main__":
    raise SystemExit(main())
