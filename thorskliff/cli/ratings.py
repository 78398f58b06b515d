"""``thorskliff ratings``: a host's leaderboard per pool (#32), read from its
store — the data folder's SQLite file (read only: a running server keeps
it) or ``--db postgresql://…``."""

from __future__ import annotations

import json
from pathlib import Path

from ..host.store import Store
from ..ui.helpwords import Refusal
from ..ui.i18n import set_lang, t


def add_parser(sub) -> None:
    p = sub.add_parser("ratings", help=t("cli.cmd_ratings"))
    p.add_argument("--data", metavar="DIR", help=t("cli.ratings_data"))
    p.add_argument("--db", metavar="URL", help=t("cli.ratings_db"))
    p.add_argument("--mode", metavar="M", help=t("cli.ratings_mode"))
    p.add_argument("--json", action="store_true", help=t("cli.ratings_json"))
    p.add_argument("--lang", choices=("de", "en"), default="de", help=t("cli_refusal.lang"))
    p.set_defaults(func=cmd_ratings)


def cmd_ratings(args) -> int:
    from ..host.config import DATABASE
    from ..ui import saves

    set_lang(args.lang)
    store: Store
    if args.db:
        from ..host.pgstore import PgStore, is_url

        if not is_url(args.db):
            raise Refusal("db_form", db=args.db)
        store = PgStore(args.db)
    else:
        from ..host.sqlitestore import SqliteStore

        path = (Path(args.data) if args.data else saves.data_dir()) / DATABASE
        if not path.is_file():
            raise Refusal("ratings_no_host", path=str(path))
        store = SqliteStore(path, readonly=True)
    try:
        rows = store.ratings()
    finally:
        store.close()
    if args.mode:
        rows = [(pool, r) for pool, r in rows if pool.rpartition("-")[0] == args.mode]
    pools: dict[str, list] = {}
    for pool, r in rows:
        pools.setdefault(pool, []).append(r)
    if args.json:
        print(json.dumps({"pools": {pool: [{"player": r.player, "rating": round(r.shown, 2), "mu": round(r.mu, 3),
                                            "sigma": round(r.sigma, 3), "games": r.games} for r in rs]
                                    for pool, rs in pools.items()}}, ensure_ascii=False, indent=1))
        return 0
    if not pools:
        print(t("ratings.none"))
        return 0
    for pool, rs in pools.items():
        mode, _, n = pool.rpartition("-")
        print(t("ratings.pool", mode=t(f"mode.{mode}"), n=n))
        for i, r in enumerate(rs, 1):
            print(t("ratings.row", rank=i, player=r.player, shown=f"{r.shown:.1f}", mu=f"{r.mu:.1f}",
                    sigma=f"{r.sigma:.1f}", games=r.games))
    return 0
