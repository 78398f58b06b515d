"""``thorskliff serve``: its options, their checks and the start of the
host. Self-contained: the options are declared here once
(:func:`add_parser`), beside the command that reads them."""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from ..ui.helpwords import Refusal
from ..ui.helpwords import help_text as _h

#: a command's refusal (:data:`thorskliff.cli.CliError`)
CliError = Refusal


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The ``serve`` command and its options."""
    p = sub.add_parser("serve", help=_h("cmd_serve"))
    p.add_argument("--host", default="127.0.0.1",
                   help=_h("serve_host"))
    p.add_argument("--port", type=int, default=2222, help=_h("serve_port"))
    p.add_argument("--data", metavar="DIR", help=_h("serve_data"))
    p.add_argument("--max-connections", type=int, default=32, metavar="N",
                   help=_h("serve_max_connections"))
    p.add_argument("--max-per-user", type=int, default=3, metavar="N",
                   help=_h("serve_max_per_user"))
    p.add_argument("--max-per-address", type=int, default=16, metavar="N",
                   help=_h("serve_max_per_address"))
    p.add_argument("--max-per-network", type=int, default=24, metavar="N",
                   help=_h("serve_max_per_network"))
    p.add_argument("--max-startups", type=int, default=64, metavar="N",
                   help=_h("serve_max_startups"))
    p.add_argument("--max-startups-per-source", type=int, default=8, metavar="N",
                   help=_h("serve_max_startups_per_source"))
    p.add_argument("--login-grace", type=float, default=20, metavar="S",
                   help=_h("serve_login_grace"))
    p.add_argument("--session-grace", type=float, default=30, metavar="S",
                   help=_h("serve_session_grace"))
    p.add_argument("--idle-timeout", type=float, default=3600, metavar="S",
                   help=_h("serve_idle_timeout"))
    p.add_argument("--authorized-keys", metavar="FILE", help=_h("serve_authorized_keys"))
    p.add_argument("--takeover", type=float, default=None, metavar="S",
                   help=_h("serve_takeover"))
    p.add_argument("--bot", default="greedy", metavar="BOT",
                   help=_h("serve_bot"))
    p.add_argument("--lang", choices=("de", "en"), help=_h("serve_lang"))
    p.add_argument("--hints", action="store_true",
                   help=_h("serve_hints"))
    p.add_argument("--web", type=int, default=None, metavar="PORT",
                   help=_h("serve_web"))
    p.add_argument("--no-ssh", action="store_true", help=_h("serve_no_ssh"))
    p.add_argument("--web-url", metavar="URL",
                   help=_h("serve_web_url"))
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    from ..ssh.server import Config, serve

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
    if args.authorized_keys and not Path(args.authorized_keys).is_file():
        raise CliError("no_keys_file", file=args.authorized_keys)
    if args.bot:
        from ..bots.registry import make_bot

        make_bot(args.bot)  # a bad name fails here, not when a player leaves
    if args.lang:
        from ..ui import i18n

        i18n.set_lang(args.lang)
    return serve(Config(host=args.host, port=args.port, data=Path(args.data) if args.data else None,
                        max_connections=args.max_connections, idle_timeout=args.idle_timeout or None,
                        max_per_user=args.max_per_user, max_per_address=args.max_per_address,
                        max_per_network=args.max_per_network,
                        max_startups=args.max_startups, max_startups_per_source=args.max_startups_per_source,
                        login_grace=args.login_grace, session_grace=args.session_grace,
                        authorized_keys=Path(args.authorized_keys) if args.authorized_keys else None,
                        takeover=args.takeover, bot=args.bot, hints=args.hints,
                        ssh=not args.no_ssh, web_port=args.web, web_url=args.web_url))


def _check_serve_web(args) -> None:
    """``--web PORT`` beside the SSH port (or alone, with ``--no-ssh``) and the
    address invitation links point to."""
    if args.web is not None and not 0 <= args.web <= 65535:
        raise CliError("port_range", option="--web", given=args.web)
    if args.no_ssh and args.web is None:
        raise CliError("no_ssh_alone")
    if args.web is not None and not args.no_ssh and args.web == args.port and args.web != 0:
        raise CliError("same_port", port=args.web)
    if args.web_url is not None:
        if args.web is None:
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
