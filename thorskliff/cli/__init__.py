"""The headless command line: ``thorskliff new|legal|apply|show|replay|position|bench``.

A game lives in its record file (``docs/records.md``); every command reads
it, and ``apply`` appends decisions to it. Seats are counted from 1. Every
error is one line on stderr, ``thorskliff: FILE:LINE: problem`` for a file
that cannot be read (a :class:`~thorskliff.loaderror.LoadError`), and exit
status 2; a crash of the program itself names the file and line where it
happened and exits with 70.

Here: :func:`main` and the parser. The commands live beside it: the game
commands in :mod:`.games`, ``analyse``/``simulate``/``bench`` in
:mod:`.analysis`, ``serve`` with its options in :mod:`.serve`, the text view
of ``show`` in :mod:`.render`.
"""
from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path

from .. import __version__
from ..engine.actions import ActionError
from ..engine.messages import SetupError
from ..engine.player import COLOURS
from ..loaderror import LoadError, os_problem
from ..scenario import ScenarioError
from ..ui.helpwords import HelpParser, Refusal, Said, cli_lang
from ..ui.helpwords import help_text as _h
from . import serve, tutorial
from .analysis import MAX_GAMES, cmd_analyse, cmd_bench, cmd_simulate
from .games import cmd_apply, cmd_legal, cmd_log, cmd_new, cmd_position, cmd_replay, cmd_show, turn_events
from .render import render

__all__ = ["CRASH", "MAX_GAMES", "CliError", "build_parser", "crash_line", "main", "render", "turn_events"]

#: exit status of a crash of the program itself (sysexits' EX_SOFTWARE)
CRASH = 70

INTRO = """\
thorskliff {version} — Die Schlacht um Thors Kliff

Without a command, thorskliff starts the game in the terminal:

  thorskliff [--lang de|en] [--seed N] [--data DIR] [--no-handover]
  thorskliff --resume FILE             go on with a saved game (a record)
  thorskliff --position FILE           start a game at a position file

Saves, the campaign's group table and the SSH host's data live in the data
folder: {data}
(--data DIR or the environment variable THORSKLIFF_DATA choose another;
'thorskliff --help-app' lists the app's options). Headless commands:

  thorskliff new --players "Anna:Bera,Ben:Oleif,Cora:Jorund" -o game.tkr
  thorskliff legal game.tkr            who decides, and the legal decisions
  thorskliff apply game.tkr "H 1c3-1c2" "end"
  thorskliff show game.tkr [--seat N] [--json]
                                       (legal, apply and show take a position file too)
  thorskliff log game.tkr [--seat N] [--json] [--lang de|en]   the events in words
  thorskliff replay game.tkr           check a record end to end
  thorskliff position game.tkr [-o FILE]
  thorskliff analyse game.tkr [--budget N] [--json]   win chances, swings, dice; decisions searched
  thorskliff bench
  thorskliff serve [--host 127.0.0.1] [--port 2222]   host games over SSH
  thorskliff serve --web 8080 [--no-ssh]             ... and to browsers (http://127.0.0.1:8080)

'thorskliff COMMAND --help' explains a command; docs/notation.md the decisions.
"""


def data_folder() -> str:
    """The data folder in use: THORSKLIFF_DATA, else the platform's user data
    folder (Linux ~/.local/share/thorskliff, macOS ~/Library/Application
    Support/thorskliff, Windows %LOCALAPPDATA%\\thorskliff)."""
    from ..ui.saves import data_dir

    return str(data_dir())


#: a command's refusal: ``CliError(key, **fields)`` of the catalogue's
#: [cli_refusal] table, said by :func:`main` as 'thorskliff: <line>' in the
#: language of --lang (German by default), with its exit code; ``Said(text)``
#: one whose words are said already (argparse's, a loader's)
CliError = Refusal


class _Parser(HelpParser):
    def error(self, message: str):  # argparse would exit; main reports it instead
        raise Said(self.problem(message))


# --------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="thorskliff", description=_h("description"),
                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_h("app_help", data=data_folder()))
    ap.add_argument("--version", action="version", version=f"thorskliff {__version__}", help=_h("version"))
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("new", help=_h("cmd_new"))
    p.add_argument("--players", metavar="NAME:HERO,...", help=_h("new_players"))
    p.add_argument("--colours", metavar="C1,C2,...", help=_h("new_colours", colours=", ".join(COLOURS)))
    p.add_argument("--mode", help=_h("new_mode"))
    p.add_argument("--seed", type=int, help=_h("new_seed"))
    p.add_argument("--arrangement", help=_h("new_arrangement"))
    p.add_argument("--first", type=int, metavar="N", help=_h("new_first"))
    p.add_argument("--beaches", metavar="1c3,3c3", help=_h("new_beaches"))
    p.add_argument("-o", "--output", required=True, metavar="RECORD")
    p.add_argument("--force", action="store_true", help=_h("new_force"))
    p.add_argument("--chapter", type=int, metavar="N", help=_h("new_chapter"))
    p.add_argument("--short", action="store_true", help=_h("new_short"))
    p.add_argument("--group", metavar="NAME",
                   help=_h("new_group"))
    p.add_argument("--carried", metavar="SEAT:CARD+CARD,...",
                   help=_h("new_carried"))
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("legal", help=_h("cmd_legal"))
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("apply", help=_h("cmd_apply"))
    p.add_argument("record")
    p.add_argument("actions", nargs="+", metavar="ACTION", help=_h("apply_actions"))
    p.add_argument("--seat", type=int, metavar="N", help=_h("apply_seat"))
    p.set_defaults(func=cmd_apply)

    p = sub.add_parser("show", help=_h("cmd_show"))
    p.add_argument("record")
    p.add_argument("--seat", type=int, metavar="N", help=_h("show_seat"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("log", help=_h("cmd_log"))
    p.add_argument("record")
    p.add_argument("--seat", type=int, metavar="N", help=_h("log_seat"))
    p.add_argument("--json", action="store_true", help=_h("log_json"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=_h("log_lang"))
    p.set_defaults(func=cmd_log)

    p = sub.add_parser("replay", help=_h("cmd_replay"))
    p.add_argument("record")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("analyse", help=_h("cmd_analyse"))
    p.add_argument("record")
    p.add_argument("--json", action="store_true", help=_h("analyse_json"))
    p.add_argument("--budget", type=int, metavar="N", help=_h("analyse_budget"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=_h("analyse_lang"))
    p.set_defaults(func=cmd_analyse)

    from .calibration import add_parser as _calibration  # its own module (issue 30)
    _calibration(sub)
    from .puzzle import add_parser as _puzzle  # its own module (issue 30, Rätsel)

    _puzzle(sub)
    from .ratings import add_parser as _ratings  # a host's leaderboard (#32)

    _ratings(sub)

    p = sub.add_parser("position", help=_h("cmd_position"))
    p.add_argument("record")
    p.add_argument("-o", "--output", metavar="FILE")
    p.set_defaults(func=cmd_position)

    p = sub.add_parser("bench", help=_h("cmd_bench"))
    p.add_argument("--games", type=int, default=3, metavar="N", help=_h("bench_games"))
    p.add_argument("--seconds", type=float, default=1.0, metavar="S", help=_h("bench_seconds"))
    p.add_argument("--runs", type=int, default=5, help=_h("bench_runs"))
    p.add_argument("--replays", type=int, default=20, help=_h("bench_replays"))
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("simulate", help=_h("cmd_simulate"))
    p.add_argument("--games", type=int, default=20, metavar="N", help=_h("simulate_games"))
    p.add_argument("--seats", metavar="BOT,BOT,...",
                   help=_h("simulate_seats"))
    p.add_argument("--level", metavar="LEVEL,LEVEL,...",
                   help=_h("simulate_level"))
    p.add_argument("--mode", help=_h("simulate_mode"))
    p.add_argument("--seed", type=int, default=1, help=_h("simulate_seed"))
    p.add_argument("--round-cap", type=int, default=60, metavar="R", help=_h("simulate_round_cap"))
    p.add_argument("--jobs", type=int, default=1, metavar="J", help=_h("simulate_jobs"))
    p.add_argument("--json", action="store_true", help=_h("simulate_json"))
    p.set_defaults(func=cmd_simulate)

    serve.add_parser(sub)
    tutorial.add_parser(sub)
    from ..ui.i18n import t

    for name in ("new", "legal", "apply", "show", "replay", "position", "bench", "simulate"):
        # the language of its refusals (main reads it: see cli_lang); log, analyse, serve say theirs too
        sub.choices[name].add_argument("--lang", choices=("de", "en"), default="de", help=t("cli_refusal.lang"))
    return ap


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--help-app"]:
        argv = ["--help"]
        from ..ui.app import run

        return run(argv)  # the app's own options; argparse prints them and exits
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        # no subcommand: the terminal UI (its own options, e.g. --lang en)
        from ..ui.app import run

        return run(argv)
    try:
        from ..ui import i18n

        was = i18n.lang()
        i18n.set_lang(cli_lang(argv))  # the help's language, for its words only: the commands set theirs
        try:
            args = build_parser().parse_args(argv)
        finally:
            i18n.set_lang(was)
        if not args.command:
            print(INTRO.format(version=__version__, data=data_folder()), end="")
            return 0
        try:
            return args.func(args)
        finally:
            i18n.set_lang(was)  # log, analyse and serve set theirs: a caller in this process keeps its own
    except Refusal as exc:
        return _said(exc, argv)
    except UnicodeEncodeError as exc:
        # bytes that are no UTF-8 in a name (a file's name may hold any bytes: they stay as given)
        bad = next((a for a in argv if any("\udc80" <= c <= "\udcff" for c in a)), None)
        if bad is None:
            print(f"thorskliff: {exc}", file=sys.stderr)
        else:
            shown = bad.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return _said(CliError("not_utf8", text=shown), argv)
        return 2
    except (ActionError, SetupError) as exc:  # the engine's messages, by key
        return _said(exc, argv)
    except LoadError as exc:  # a file's problem: said in the player's language where it is by key
        return _said(exc, argv)
    except (ScenarioError, ValueError) as exc:
        print(f"thorskliff: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"thorskliff: {os_problem(exc, cli_lang(argv))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _said(CliError("interrupted", code=130), argv)
    except Exception as exc:  # a bug: where it happened, unless asked for the whole traceback
        if os.environ.get("THORSKLIFF_DEBUG"):
            raise
        return _said(crash_line(exc), argv)


def _said(refusal: Refusal | ActionError | SetupError | LoadError, argv: list[str]) -> int:
    """The one place a refusal is printed: 'thorskliff: <line>' in the
    language of --lang (German by default); its exit code (2 but for a
    Refusal that says otherwise)."""
    print(f"thorskliff: {refusal.say(cli_lang(argv))}", file=sys.stderr)
    return getattr(refusal, "code", 2)


def crash_line(exc: BaseException) -> Refusal:
    """One line that says what crashed and where (the innermost frame in
    the game's own code), for a bug report; exit code :data:`CRASH`."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "thorskliff" in Path(f.filename).parts] or frames
    msg = str(exc).replace("\n", " ")
    if len(msg) > 200:
        msg = msg[:199] + "…"
    error = f"{type(exc).__name__}: {msg}"
    if not ours:
        return CliError("crash", code=CRASH, error=error)
    f = ours[-1]
    parts = Path(f.filename).parts
    name = "/".join(parts[parts.index("thorskliff"):]) if "thorskliff" in parts else f.filename
    return CliError("crash_at", code=CRASH, at=f"{name}:{f.lineno}", function=f.name, error=error)


if __name__ == "__main__":
    sys.exit(main())
