"""``thorskliff serve``: its options, their checks and the start of the
host. The options are declared once, as the fields of the host's
:class:`~thorskliff.host.config.Config`; here are their checks."""

from __future__ import annotations

import argparse
import math
import socket
from pathlib import Path

from ..ui.helpwords import Refusal
from ..ui.helpwords import help_text as _h

#: a command's refusal (:data:`thorskliff.cli.CliError`)
CliError = Refusal


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The ``serve`` command and its options."""
    from ..host.config import add_options

    p = sub.add_parser("serve", help=_h("cmd_serve"))
    add_options(p, _h)  # one per option of the host's Config, with its default
    p.add_argument("--lang", choices=("de", "en"), help=_h("serve_lang"))
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    from ..host.config import from_options
    from ..host.host import serve

    if args.max_connections < 1 or (args.idle_timeout is not None and args.idle_timeout < 0):
        raise CliError("serve_counts")
    if not 0 <= args.port <= 65535:
        raise CliError("port_range", option="--port", given=args.port)
    if args.idle_timeout is not None and not math.isfinite(args.idle_timeout):
        raise CliError("idle_timeout")
    if args.takeover is not None and not (math.isfinite(args.takeover) and args.takeover >= 0):
        raise CliError("takeover", given=args.takeover)
    _check_serve_limits(args)
    _check_serve_web(args)
    _check_serve_db(args)
    if args.authorized_keys and not Path(args.authorized_keys).is_file():
        raise CliError("no_keys_file", file=args.authorized_keys)
    if args.bot:
        from ..bots.registry import make_bot

        make_bot(args.bot)  # a bad name fails here, not when a player leaves
    if args.lang:
        from ..ui import i18n

        i18n.set_lang(args.lang)
    config = from_options(args)
    if config.migrate:
        from ..host.host import migrate

        return migrate(config)
    try:
        if config.workers > 1:
            from ..host.workers import is_worker, run_workers

            if not is_worker():
                return run_workers(config)
        return serve(config)
    except socket.gaierror as exc:  # it said "Name or service not known" alone, binding in either
        raise OSError(exc.errno, exc.strerror, f"--host {config.host}") from None


def _check_serve_db(args) -> None:
    """``--db`` names a PostgreSQL database; ``--workers N`` above 1 share one, on fixed ports."""
    if args.db is not None:
        from ..host.pgstore import is_url

        if not is_url(args.db):
            raise CliError("db_form", db=args.db)
    if not 1 <= args.workers <= 64:
        raise CliError("workers_range", n=args.workers)
    if args.workers > 1 and not args.migrate:
        if args.db is None:
            raise CliError("workers_need_db", n=args.workers)
        if (args.ssh and args.port == 0) or args.web_port == 0:
            raise CliError("workers_port0", n=args.workers)
        if not hasattr(socket, "send_fds"):  # the first process hands the connections over (host/workers.py)
            raise CliError("workers_no_handoff", n=args.workers)


def _check_serve_web(args) -> None:
    """``--web PORT`` beside the SSH port (or alone, with ``--no-ssh``) and the
    address invitation links point to."""
    if args.web_port is not None and not 0 <= args.web_port <= 65535:
        raise CliError("port_range", option="--web", given=args.web_port)
    if not args.ssh and args.web_port is None:
        raise CliError("no_ssh_alone")
    if args.web_port is not None and args.ssh and args.web_port == args.port and args.web_port != 0:
        raise CliError("same_port", port=args.web_port)
    if args.web_url is not None:
        if args.web_port is None:
            raise CliError("web_url_alone")
        from urllib.parse import urlsplit

        u = urlsplit(args.web_url)
        if u.scheme not in ("http", "https") or not u.netloc or u.query or u.fragment or "@" in u.netloc:
            raise CliError("web_url_form", url=args.web_url)


def _check_serve_limits(args) -> None:
    """The SSH host's limits (OpenSSH's MaxStartups, PerSourceMaxStartups,
    LoginGraceTime) are counts of at least 1 and times above 0."""
    for name in ("max_per_user", "max_per_address", "max_per_network", "max_startups", "max_startups_per_source"):
        if getattr(args, name) < 1:
            raise CliError("at_least_one", option="--" + name.replace("_", "-"))
    for name in ("login_grace", "session_grace"):
        if not (math.isfinite(getattr(args, name)) and getattr(args, name) > 0):
            raise CliError("above_zero", option="--" + name.replace("_", "-"))
