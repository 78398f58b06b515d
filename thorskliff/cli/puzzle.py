"""``thorskliff puzzle``: make, list, verify and solve puzzles (Rätsel, issue #30)."""

from __future__ import annotations

import json
import random
import sys

from ..ui.helpwords import Refusal
from ..ui.i18n import set_lang, t


def add_parser(sub) -> None:
    p = sub.add_parser("puzzle", help=t("cli.cmd_puzzle"))
    p.add_argument("words", nargs="*", metavar="make RECORD… | solve [ID]", help=t("cli.puzzle_words"))
    p.add_argument("-o", "--output", metavar="FILE", help=t("cli.puzzle_output"))
    p.add_argument("--budget", type=int, metavar="N", help=t("cli.puzzle_budget"))
    p.add_argument("--seed", type=int, default=1, metavar="S", help=t("cli.puzzle_seed"))
    p.add_argument("--file", metavar="FILE", help=t("cli.puzzle_file"))
    p.add_argument("--list", action="store_true", help=t("cli.puzzle_list"))
    p.add_argument("--json", action="store_true", help=t("cli.puzzle_json"))
    p.add_argument("--verify", action="store_true", help=t("cli.puzzle_verify"))
    p.add_argument("--sample", type=int, metavar="K", help=t("cli.puzzle_sample"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=t("cli_refusal.lang"))
    p.set_defaults(func=cmd_puzzle)


def _puzzles(args):
    from ..puzzles.fileformat import load, shipped

    def notice(err) -> None:
        print(f"thorskliff: {err.say(args.lang)}", file=sys.stderr)

    return load(args.file, notice) if args.file else shipped(notice)


def cmd_puzzle(args) -> int:
    set_lang(args.lang)
    if args.words[:1] == ["make"]:
        return _make(args)
    if args.list:
        return _list(args)
    if args.verify:
        return _verify(args)
    if args.words[:1] in (["solve"], []):
        return _solve(args, args.words[1] if len(args.words) > 1 else None)
    raise Refusal("puzzle_words", given=args.words[0])


def _make(args) -> int:
    from .. import durable
    from ..puzzles import BUDGET, make
    from ..puzzles.fileformat import dump

    if not args.output:
        raise Refusal("puzzle_output")
    if len(args.words) < 2:
        raise Refusal("puzzle_records")
    budget = args.budget if args.budget is not None else BUDGET
    if budget < 1:
        raise Refusal("analyse_budget", given=budget)
    found = make(args.words[1:], budget=budget, seed=args.seed)
    durable.write_text(args.output, dump(found))
    print(t("puzzle.made", n=len(found), file=args.output))
    return 0


def _list(args) -> int:
    from ..ui.saves import data_dir
    from ..puzzles.rating import Book

    puzzles = _puzzles(args)
    book = Book(data_dir())
    if args.json:
        print(json.dumps({"player": round(book.me.rating), "puzzles": [
            {"id": p.id, "mode": p.mode, "theme": p.theme, "seat": p.seat + 1, "rating": round(book.of(p).rating),
             "solved": p.id in book.solved, "source": p.source} for p in puzzles]}, indent=1, ensure_ascii=False))
        return 0
    print(t("puzzle.player_rating", rating=round(book.me.rating), rd=round(book.me.rd)))
    for p in puzzles:
        print(t("puzzle.row", id=p.id, mode=p.mode, theme=t(f"puzzle.theme.{p.theme}"), seat=p.seat + 1,
                rating=round(book.of(p).rating), solved="✓" if p.id in book.solved else ""))
    return 0


def _verify(args) -> int:
    from ..puzzles import CONFIRM, holds

    puzzles = _puzzles(args)
    if args.sample is not None:
        if args.sample < 1:
            raise Refusal("puzzle_sample", given=args.sample)
        puzzles = random.Random(args.seed).sample(puzzles, min(args.sample, len(puzzles)))
    failed = []
    for p in puzzles:
        budget = args.budget if args.budget is not None else p.budget
        if not holds(p, budget, args.seed + 1000):
            failed.append(p.id)
    if failed:
        print(t("puzzle.verify_failed", n=len(failed), total=len(puzzles), ids=", ".join(failed)))
        return 1
    print(t("puzzle.verify_ok", total=len(puzzles), factor=CONFIRM))
    return 0


def _solve(args, wanted: str | None) -> int:
    from ..puzzles.rating import Book
    from ..ui.saves import data_dir
    from .render import render

    puzzles = _puzzles(args)
    book = Book(data_dir())
    if wanted is not None:
        p = next((q for q in puzzles if q.id == wanted), None)
        if p is None:
            raise Refusal("puzzle_unknown", given=wanted)
    else:
        p = book.next(puzzles)
        if p is None:
            print(t("puzzle.all_solved"))
            return 0
    st = p.state()
    print(t("puzzle.header", id=p.id, theme=t(f"puzzle.theme.{p.theme}"), rating=round(book.of(p).rating),
            player=round(book.me.rating)))
    print(render(st.observation(p.seat)))
    shown = sorted(p.choices, key=lambda ac: ac[0])
    print(t("puzzle.to_move", seat=p.seat + 1, name=st.players[p.seat].name))
    for k, (a, _) in enumerate(shown, 1):
        print(f"  {k}. {a}")
    print(t("puzzle.ask"), end=" ", flush=True)
    answer = sys.stdin.readline().strip()
    chosen = shown[int(answer) - 1][0] if answer.isdigit() and 1 <= int(answer) <= len(shown) else answer
    right = chosen == p.solution
    me, _ = book.attempt(p, right)
    print(t("puzzle.right" if right else "puzzle.wrong", solution=p.solution))
    print(t("puzzle.why"))
    for a, c in p.choices:
        print(f"  {a}: {round(c * 100)} %")
    print(t("puzzle.new_rating", rating=round(me.rating), rd=round(me.rd)))
    return 0
