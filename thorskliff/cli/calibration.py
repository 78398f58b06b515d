"""``thorskliff calibration``: the command and its options (the reliability
table itself is :mod:`thorskliff.calibration`'s, below the front ends)."""

from __future__ import annotations

import json

from ..bots import estimator
from ..calibration import CONFIGS, render, run
from ..ui.helpwords import Refusal
from ..ui.helpwords import help_text as _h


def cmd(args) -> int:
    """The CLI command (registered by thorskliff.cli); a refusal is the CLI's one line."""
    modes = sorted({c[0] for c in CONFIGS} | {f"{c[0]}/{c[1]}" for c in CONFIGS})
    if args.mode is not None and args.mode not in modes:
        raise Refusal("calibration_mode", given=args.mode, modes=", ".join(modes))
    if args.games < 1 or args.jobs < 1:
        raise Refusal("calibration_counts")
    configs = [c for c in CONFIGS if args.mode in (None, c[0], f"{c[0]}/{c[1]}")]
    seeds = list(range(args.seed, args.seed + args.games))
    fitting = any(s >= estimator.FIT_SEEDS for s in seeds)
    if args.fit and not fitting or not args.fit and fitting and not args.records:
        # the map is never measured on the seeds it was fitted on (docs/calibration.md)
        raise Refusal("calibration_seeds", first=seeds[0], last=seeds[-1], fit=estimator.FIT_SEEDS)
    out = run(configs, seeds, args.jobs, args.fit, args.records)
    print(json.dumps(out, indent=1) if args.json else render(out))
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("calibration", help=_h("cmd_calibration"))
    p.add_argument("records", nargs="*", help=_h("calibration_records"))
    p.add_argument("--games", type=int, default=200, metavar="N", help=_h("calibration_games"))
    p.add_argument("--seed", type=int, default=1, metavar="S", help=_h("calibration_seed"))
    p.add_argument("--mode", default=None, metavar="M", help=_h("calibration_mode"))
    p.add_argument("--json", action="store_true", help=_h("calibration_json"))
    p.add_argument("--jobs", type=int, default=1, metavar="J", help=_h("calibration_jobs"))
    p.add_argument("--fit", action="store_true", help=_h("calibration_fit"))
    p.set_defaults(func=cmd)
