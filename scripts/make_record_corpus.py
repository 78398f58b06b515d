"""Write the record corpus of tests/records/: whole games played by bots with
the code as it is now, each beside its final position.

The corpus pins "every record written before a change replays to the same
game" (issue #12): tests/test_record_corpus.py replays each ``.tkr`` and
compares the final position with the ``.position.toml`` written here. Run it
again only when the game itself changes on purpose (and say so in the commit):

    python scripts/make_record_corpus.py            # writes tests/records/
    python scripts/make_record_corpus.py --check    # lists what each game holds
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from thorskliff import record
from thorskliff.bots.registry import make_bot
from thorskliff.bots.runner import decide, seat_rng
from thorskliff.game import Game
from thorskliff.position import to_position as position_dumps

OUT = Path(__file__).resolve().parent.parent / "tests" / "records"

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
from thorskliff.engine.player import COLOURS

#: name, mode (or chapter number), bots per seat, seed, round cap
GAMES = [
    ("base3-greedy", "base", ("greedy", "greedy", "heuristic"), 11, 40),
    ("base3-random", "base", ("random", "random", "random"), 12, 12),
    ("base4-greedy", "base", ("greedy", "heuristic", "greedy", "heuristic"), 13, 40),
    ("base4-random", "base", ("random", "greedy", "random", "greedy"), 14, 14),
    ("duell-greedy", "duell", ("greedy", "heuristic"), 15, 40),
    ("duell-random", "duell", ("random", "random"), 16, 14),
    ("episch-greedy", "episch", ("greedy", "heuristic", "greedy"), 17, 40),
    ("episch-random", "episch", ("random", "greedy", "random", "greedy"), 18, 14),
    ("chapter1", 1, ("greedy", "heuristic", "greedy"), 19, 40),
    ("chapter2", 2, ("greedy", "random", "heuristic", "greedy"), 20, 40),
    ("chapter3", 3, ("heuristic", "greedy", "greedy"), 21, 40),
    ("chapter1-random", 1, ("random", "random", "random"), 22, 14),
    ("episch-random-long", "episch", ("random", "random", "random"), 30, 40),
    ("duell-random-long", "duell", ("random", "greedy"), 32, 40),
    ("chapter2-random", 2, ("random", "random", "random", "random"), 32, 40),
    ("chapter3-random", 3, ("random", "random", "random"), 30, 40),
]

#: the campaign's state that positions do not hold (cards held, spent and read)
CAMPAIGN_FIELDS = ("time_round", "time_cards", "sanctuary_left", "special_left", "held", "spent", "card_log",
                   "troll_wait", "amber_price", "shuffles")


def final_text(st) -> str:
    """The final position of a game as text, with the campaign's cards."""
    # a chapter's position ends with its [campaign] table (chapter, history), which the
    # stored finals predate: the cards below pin the chapter's own state
    text = position_dumps(st).split("\n[campaign]\n")[0]
    if getattr(st, "chapter", None) is not None:
        import json

        doc = {k: getattr(st, k) for k in CAMPAIGN_FIELDS}
        doc["time_cards"] = {str(k): v for k, v in sorted(doc["time_cards"].items())}
        text += "\n# campaign\n" + json.dumps(doc, sort_keys=True) + "\n"
    return text


def play(mode, bots: tuple[str, ...], seed: int, cap: int) -> Game:
    k = seed % len(HEROES)
    heroes = (HEROES[k:] + HEROES[:k])[:len(bots)]
    seats = [(f"{h}", h, COLOURS[i]) for i, h in enumerate(heroes)]
    if isinstance(mode, int):
        game = Game.new_chapter(seats, mode, seed)
    else:
        game = Game.new(mode, seats, seed)
    players = [make_bot(b) for b in bots]
    rngs = [seat_rng(seed, i) for i in range(len(bots))]
    game.keep_undo = False
    seen: set[str] = set()
    while not game.state.is_terminal() and game.state.round <= cap:
        seat = game.decider()
        game.submit(decide(players[seat], game.state, seat, rngs[seat]))
        st = game.state
        seen |= {"combat"} if st.combat is not None else set()
        seen |= {"faint"} if st.lying else set()
        seen |= {"rune"} if st.rune is not None else set()
    game.seen = seen  # type: ignore[attr-defined]
    return game


def holds(text: str) -> dict[str, int]:
    """What a record holds: its decisions counted by verb."""
    lines = [ln.split() for ln in text.split("[decisions]", 1)[1].splitlines() if ln and not ln.startswith("#")]
    verbs: dict[str, int] = {}
    for words in lines:
        verb = words[1] if words[1] not in ("H", "W", "G", "T", "R") else "step"
        verbs[verb] = verbs.get(verb, 0) + 1
    return dict(sorted(verbs.items()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only list what each stored record holds")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, mode, bots, seed, cap in GAMES:
        path = OUT / f"{name}.tkr"
        if not args.check:
            game = play(mode, bots, seed, cap)
            path.write_text(record.dumps(game), encoding="utf-8")
            (OUT / f"{name}.position.toml").write_text(final_text(game.state), encoding="utf-8")
        text = path.read_text(encoding="utf-8")
        print(name, "" if args.check else sorted(game.seen), holds(text), text.rstrip().splitlines()[-1][:60])
    return 0


if __name__ == "__main__":
    sys.exit(main())
