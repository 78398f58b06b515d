"""The serve options, declared once (#28): :class:`Config` is what a
running host reads, and each field that is a command-line option carries
its flag, its metavar and its help's catalogue key, from which
``thorskliff serve`` makes its options (:func:`add_options`) and reads them
back (:func:`from_options`). A default is written in one place: here."""

from __future__ import annotations

import argparse
import ipaddress
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from collections.abc import Callable
from typing import Any

#: the host's database in the data folder
DATABASE = "hub.sqlite3"


def option(default: Any, flag: str, help: str, metavar: str | None = None, **more: Any) -> Any:
    """A Config field that is also an option of ``thorskliff serve``."""
    return field(default=default, metadata={"flag": flag, "help": help, "metavar": metavar, **more})


@dataclass
class Config:
    """The limits follow OpenSSH's: ``max_startups``/``max_startups_per_source``
    (MaxStartups, PerSourceMaxStartups) count connections not signed in yet,
    apart from the players' ones; ``login_grace`` (LoginGraceTime) is how long
    they may take; ``max_connections``/``max_per_user``/``max_per_address``
    count signed-in connections; ``session_grace`` is how long a signed-in
    connection may go without a game session (``ssh -N``)."""

    host: str = option("127.0.0.1", "--host", "serve_host", "HOST")
    port: int = option(2222, "--port", "serve_port", "PORT")
    data: Path | None = option(None, "--data", "serve_data", "DIR")
    max_connections: int = option(32, "--max-connections", "serve_max_connections", "N")
    max_per_user: int = option(3, "--max-per-user", "serve_max_per_user", "N")
    max_per_address: int = option(16, "--max-per-address", "serve_max_per_address", "N")
    #: signed-in connections from one network (/24 for IPv4, /64 for IPv6): 50 clients from
    #: 50 addresses of one network held every slot without opening a game
    max_per_network: int = option(24, "--max-per-network", "serve_max_per_network", "N")
    max_startups: int = option(64, "--max-startups", "serve_max_startups", "N")
    max_startups_per_source: int = option(8, "--max-startups-per-source", "serve_max_startups_per_source", "N")
    login_grace: float = option(20.0, "--login-grace", "serve_login_grace", "S")
    session_grace: float = option(30.0, "--session-grace", "serve_session_grace", "S")
    #: 0 on the command line: never
    idle_timeout: float | None = option(3600.0, "--idle-timeout", "serve_idle_timeout", "S", zero_is_none=True)
    keepalive: float = 30.0
    authorized_keys: Path | None = option(None, "--authorized-keys", "serve_authorized_keys", "FILE")
    takeover: float | None = option(None, "--takeover", "serve_takeover", "S")
    bot: str = option("greedy", "--bot", "serve_bot", "BOT")
    hints: bool = option(False, "--hints", "serve_hints")
    #: listen for SSH at all (``serve --web PORT --no-ssh``: browsers only)
    ssh: bool = option(True, "--no-ssh", "serve_no_ssh", negate=True)
    #: the port for browsers (``serve --web PORT``; 0: any free one), None: no browsers
    web_port: int | None = option(None, "--web", "serve_web", "PORT")
    #: the address players' browsers reach the server at, for invitation links
    #: (``serve --web-url``; default http://HOST:PORT)
    web_url: str | None = option(None, "--web-url", "serve_web_url", "URL")
    #: new browser names one address may choose per hour
    web_names_per_hour: int = 30
    #: the store: None, the data folder's SQLite file; a postgresql:// address, a shared database (#31)
    db: str | None = option(None, "--db", "serve_db", "URL")
    #: bring the store's schema up to date and stop
    migrate: bool = option(False, "--migrate", "serve_migrate")
    #: processes on this machine sharing the ports (and a PostgreSQL store)
    workers: int = option(1, "--workers", "serve_workers", "N")
    #: run when it becomes a player's move in a correspondence game (notify.py, #32)
    notify_cmd: str | None = option(None, "--notify-cmd", "serve_notify_cmd", "CMD")


def add_options(parser: argparse.ArgumentParser, help_text: Callable[[str], str]) -> None:
    """``thorskliff serve``'s options, one per Config field that has a flag;
    ``help_text`` says a catalogue key in the user's language."""
    for f in fields(Config):
        meta = f.metadata
        if "flag" not in meta:
            continue
        kw: dict[str, Any] = {"help": help_text(meta["help"]), "dest": f.name}
        if meta.get("negate"):  # --no-ssh sets ssh to False
            kw["action"] = "store_false"
        elif f.type in ("bool", bool):
            kw["action"] = "store_true"
        else:
            kw["default"] = f.default if f.default is not MISSING else None
            kw["metavar"] = meta["metavar"]
            kind = meta.get("kind") or _kind(str(f.type))
            if kind is not str:
                kw["type"] = kind
        parser.add_argument(meta["flag"], **kw)


def _kind(annotation: str) -> Any:
    base = annotation.replace(" | None", "")
    return {"int": int, "float": float, "Path": str, "str": str}.get(base, str)


def from_options(args: argparse.Namespace) -> Config:
    """The Config that ``thorskliff serve``'s parsed options say."""
    given: dict[str, Any] = {}
    for f in fields(Config):
        if "flag" not in f.metadata:
            continue
        value = getattr(args, f.name)
        if value is not None and "Path" in str(f.type):
            value = Path(value)
        if f.metadata.get("zero_is_none") and not value:
            value = None
        given[f.name] = value
    return Config(**given)


def network(addr: str) -> str:
    """The network an address counts in: its /24 (IPv4) or /64 (IPv6)."""
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
