"""``thorskliff tutorial``: the Lehrgang (issue #29). Without options it starts
the app at the lesson list; ``--list [--json]`` lists the lessons (id, title,
skill, finished); ``--verify`` plays every lesson's stored solution (the goal
must be reached) and wrong try (it must not be): exit 0, else one line per
failing lesson and exit 1. A module of its own: :func:`add_parser` is all the
CLI's parser needs of it."""

from __future__ import annotations

import json
import sys
from typing import Any


def add_parser(sub, lang_help: str = "") -> None:
    from ..ui.i18n import t

    p = sub.add_parser("tutorial", help=t("tutorial_cli.cmd"))
    p.add_argument("--list", action="store_true", help=t("tutorial_cli.list"))
    p.add_argument("--json", action="store_true", help=t("tutorial_cli.json"))
    p.add_argument("--verify", action="store_true", help=t("tutorial_cli.verify"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=t("tutorial_cli.lang"))
    p.add_argument("--data", metavar="DIR", help=t("tutorial_cli.data"))
    p.set_defaults(func=cmd_tutorial)


def cmd_tutorial(args) -> int:
    from ..tutorial.lesson import general_text, load_all

    lessons, problems = load_all()
    for exc in problems:  # a bad file: one line each; the other lessons stay
        print(f"thorskliff: {exc.say(args.lang)}", file=sys.stderr)
    if args.verify:
        from ..tutorial.run import verify

        bad = 0
        for les in lessons:
            for why in verify(les):
                bad += 1
                print(f"{les.file}: {les.id}: {why}")
        if bad or problems:
            return 1
        print(general_text("verify_ok", args.lang, n=len(lessons)))
        return 0
    if args.list:
        from ..tutorial.progress import Progress

        progress = _progress(args)
        if progress.notice:
            print(f"thorskliff: {general_text('progress_reset', args.lang, file=progress.notice)}", file=sys.stderr)
        rows: list[dict[str, Any]] = [{"id": les.id, "title": les.text("title", args.lang), "skill": les.text("skill", args.lang),
                 "finished": les.id in progress.finished, "decisions": len(les.solution)} for les in lessons]
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=1))
        else:
            mark = {True: general_text("finished", args.lang), False: general_text("open", args.lang)}
            for i, r in enumerate(rows, 1):
                print(f"{i:2}. {r['id']:<12} [{mark[r['finished']]}] {r['title']} — {r['skill']}")
        return 0
    from ..ui.app import run

    argv = ["--tutorial", "--lang", args.lang]
    if args.data:
        argv += ["--data", args.data]
    return run(argv)


def _progress(args):
    from pathlib import Path

    from ..tutorial.progress import Progress
    from ..ui.saves import data_dir

    return Progress(Path(args.data) if args.data else data_dir())
