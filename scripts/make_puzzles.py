"""Plays seeded bot games, writes their records and finds puzzles in them
(issue #30): ``python scripts/make_puzzles.py OUTDIR MODE PLAYERS GAMES SEED BUDGET``;
``make_puzzles.py themed OUTDIR MODE PLAYERS GAMES SEED BUDGET [THEME,…]`` searches only
positions where a decision of those themes (troll and runestone unless named) is legal;
``make_puzzles.py ship FILE…`` gathers them into the package, and ``make_puzzles.py
prune [TABLE…]`` drops the shipped puzzles that do not hold at ten fresh seeds (ids are
kept: the players' ratings are kept by id).
The bots are "Mittel" against "Leicht" so that mistakes happen to start from."""

from __future__ import annotations

import sys
from pathlib import Path

from thorskliff import record
from thorskliff.bots.registry import make_bot
from thorskliff.bots.runner import decide, seat_rng
from thorskliff.game import Game
from thorskliff.bots.runner import HEROES
from thorskliff.engine.player import COLOURS
from thorskliff.puzzles import make
from thorskliff.puzzles.fileformat import dump


def play(mode: str, players: int, seed: int, out: Path) -> Path:
    k = seed % len(HEROES)
    heroes = (HEROES[k:] + HEROES[:k])[:players]
    game = Game.new(mode, [(h, h, COLOURS[i]) for i, h in enumerate(heroes)], seed)
    game.keep_undo = False
    bots = [make_bot("heuristic" if (i + seed) % 2 else "careless") for i in range(players)]
    rngs = [seat_rng(seed, i) for i in range(players)]
    while not game.state.is_terminal() and game.state.round <= 40:
        seat = game.state.current_player()
        game.submit(decide(bots[seat], game.state, seat, rngs[seat]), seat)
    path = out / f"{mode}{players}-{seed}.record"
    record.write(game, path)
    return path


def ship(files: list[str]) -> None:
    """Gather generated files into the package, one file per table size,
    themes classified anew (the classifier may have learnt since) and ids
    numbered per table: ``make_puzzles.py ship FILE…``."""
    from collections import Counter

    from thorskliff.puzzles import SHIPPED, holds, theme
    from thorskliff.puzzles.fileformat import load
    from thorskliff.variants import parser_for

    tables: dict[str, list] = {}
    dropped = 0
    for f in files:
        for p in load(f, print):
            # a third search (seed 7, not the one --verify uses by default) must agree too
            if not holds(p, p.budget, 7):
                dropped += 1
                continue
            st = p.state()
            read = parser_for(st)
            p.theme = theme(st, read(p.solution), read(p.choices[1][0]))
            tables.setdefault(f"{p.mode}{len(st.players)}", []).append(p)
    for name, got in tables.items():
        for k, p in enumerate(got):
            p.id = f"{name}-{k + 1:03d}"
        (SHIPPED / f"{name}.toml").write_text(dump(got), encoding="utf-8")
    print(f"dropped {dropped} that a third search did not confirm")
    print(Counter((p.mode, len(p.state().players), p.theme) for got in tables.values() for p in got))


#: the seeds a shipped puzzle must hold at (--verify's default is 1001, its --seed S: S + 1000)
PRUNE_SEEDS = range(1001, 1011)


def prune(names: list[str] | None = None) -> None:
    """Drop the shipped puzzles that a fresh search at one of PRUNE_SEEDS does not
    confirm, and classify the themes of the others anew (``names``: only those
    shipped files, e.g. ``episch3``)."""
    from thorskliff.puzzles import SHIPPED, robust, theme
    from thorskliff.puzzles.fileformat import load
    from thorskliff.variants import parser_for

    for f in sorted(SHIPPED.glob("*.toml")):
        if names and f.stem not in names:
            continue
        kept, gone = [], []
        for p in load(f, print):
            (kept if robust(p, PRUNE_SEEDS) else gone).append(p)
        for p in kept:
            st = p.state()
            read = parser_for(st)
            p.theme = theme(st, read(p.solution), read(p.choices[1][0]))
        f.write_text(dump(kept), encoding="utf-8")
        print(f"{f.name}: kept {len(kept)}, dropped {', '.join(p.id for p in gone) or 'none'}")


#: the themes that came out of no plain run, sought by ``themed``
RARE = ("troll", "runestone")


def themed(themes: tuple[str, ...] = RARE):
    """A test for positions where a decision of one of ``themes`` is legal by its verb or
    hex (puzzles.told_by_decision)."""
    from thorskliff.puzzles import told_by_decision

    def wanted(st) -> bool:
        return any(told_by_decision(st, a) in themes for a in st.legal_actions())

    return wanted


def main() -> None:
    if sys.argv[1] == "themed":  # make_puzzles.py themed OUTDIR MODE PLAYERS GAMES SEED BUDGET [THEME,…]
        themes = tuple(sys.argv[8].split(",")) if len(sys.argv) > 8 else RARE
        run(sys.argv[2:8], wanted=themed(themes), themes=themes)
        return
    if sys.argv[1] == "ship":
        ship(sys.argv[2:])
        return
    if sys.argv[1] == "prune":  # make_puzzles.py prune [TABLE…]
        prune(sys.argv[2:])
        return
    run(sys.argv[1:7])


def run(argv: list[str], wanted=None, themes: tuple[str, ...] = RARE) -> None:
    out, mode, players, games, seed, budget = argv
    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    got = []
    for g in range(int(games)):
        path = play(mode, int(players), int(seed) + g, outdir)
        found = make([str(path)], budget=int(budget), seed=int(seed), per_game=5,
                     progress=lambda s: print(s, flush=True), wanted=wanted)
        if wanted is not None:  # only the themes sought
            found = [p for p in found if p.theme in themes]
        got.extend(found)
        for k, p in enumerate(got):
            p.id = f"{mode}{players}-{k + 1:03d}"
        (outdir / f"{mode}{players}.toml").write_text(dump(got), encoding="utf-8")
        print(f"game {g + 1}: {len(got)} puzzles", flush=True)


if __name__ == "__main__":
    main()
