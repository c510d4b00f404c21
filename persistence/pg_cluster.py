"""A throwaway PostgreSQL cluster in a temporary folder: for the tests and the benchmark, never production.

`initdb` into a fresh folder, a server listening only on a Unix socket in that folder
(`listen_addresses=''`: no TCP port to collide with anyone), trust authentication for the local
socket only, and `stop()` removes it all. PostgreSQL refuses to run as root, so when this process
is root the server's commands run as the unprivileged `postgres` user (`runuser`), which owns the folder.

`fsync`: off by default, because the cluster is thrown away after the run and what the tests kill is
the BOT process (a SIGKILLed client), never the server or the machine; a committed transaction is in
the server's memory and WAL either way, so the tests prove the same thing, faster. The benchmark
turns it on to measure what production would pay for durable commits.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Final

POSTGRES_USER: Final = "postgres"
_SEARCHED: Final = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin")


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: $PG_BIN, the Debian folders, or PATH; None if there is none."""
    candidates = [os.environ.get("PG_BIN", ""), *_SEARCHED]
    for folder in candidates:
        if folder and (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class Cluster:
    """One running throwaway server. `url(name)` is a connection URL for database `name`."""

    def __init__(self, *, fsync: bool = False, binaries: Path | None = None) -> None:
        found = binaries or find_binaries()
        if found is None:
            raise FileNotFoundError("no PostgreSQL binaries (initdb, pg_ctl) found; set PG_BIN")
        self.binaries = found
        self.fsync = fsync
        self.folder = Path(tempfile.mkdtemp(prefix="ht-pg-"))
        self.data = self.folder / "data"
        self._as_root = os.geteuid() == 0
        self.user = POSTGRES_USER if self._as_root else pwd.getpwuid(os.geteuid()).pw_name
        self.started = False

    def _run(self, *args: str) -> None:
        command = [str(self.binaries / args[0]), *args[1:]]
        if self._as_root:
            command = ["runuser", "-u", POSTGRES_USER, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")

    def start(self) -> Cluster:
        if self._as_root:
            entry = pwd.getpwnam(POSTGRES_USER)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        os.chmod(self.folder, 0o700)
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--no-sync")
        settings = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.folder}'",
            "fsync": "on" if self.fsync else "off",
            "synchronous_commit": "on" if self.fsync else "off",
            "full_page_writes": "on" if self.fsync else "off",
            "max_connections": "200",
            "shared_buffers": "64MB",
        }
        config = "".join(f"{name} = {value}\n" for name, value in settings.items())
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write(config)
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "start")
        self.started = True
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.folder}"

    def create_database(self, name: str) -> str:
        """A new empty database; returns its URL."""
        self._run("createdb", "-h", str(self.folder), "-U", self.user, "-T", "template0", name)
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast: the data is thrown away) and remove the folder."""
        try:
            if self.started:
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
                self.started = False
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
