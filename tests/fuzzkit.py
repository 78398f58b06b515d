"""Seeded mutation fuzzing of everything the game reads: records, positions,
scenario files (modes, heroes, the island, chapters) and notations.

:func:`mutate` changes a valid text the ways damage and careless editing do
(lines lost, doubled or swapped, numbers and words replaced, bytes flipped,
the file cut, deep nesting, huge numbers, Unicode digits). :func:`try_one`
feeds one input to its loader and classifies the outcome:

- ``refused``: the loader's own LoadError, one line naming where;
- ``accepted``: it loaded, and playing on from it (a few seeded random
  decisions, the invariants of thorskliff.invariants after each; for a
  position also every listed decision, and each position after written and
  read back) broke nothing;
- ``wrong``: it loaded but the state breaks an invariant or the engine fails
  on it (a wrong acceptance);
- ``traceback``: any other exception (a crash of the loader);
- ``slow``: it took more than :data:`HANG` seconds.

tests/test_fuzz.py runs a few hundred of each kind; scripts/fuzz.py runs
tens of thousands and prints the counts.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path

from thorskliff import invariants, record
from thorskliff.engine.state import CHANCE
from thorskliff.loaderror import LoadError

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
SCENARIOS = ROOT / "scenarios"
#: seconds after which an input counts as a hang
HANG = 1.0

WORDS = ["", "0", "-1", "1", "2", "99", "4300", "1e9", "true", "false", "nan", '"x"', "[]", "{}", '"over"',
         '"chance"', '"recruit"', '"crystal"', '"beach"', '"c:roll"', '"M3"', '"1c3"', '"S"', '"Bera"', "²", "①",
         "٣", "9" * 5000, "[" * 300 + "]" * 300, '"' + "x" * 3000 + '"', "-99999999999999999999"]
NOTATION_BITS = ["H", "G", "W", "1c3", "S", "M1", "6c4", "-", ">", "roll", "M3", "K1", "G²", "end", "fight",
                 "beach", "block", "4", "3>W1", "buy", "heil!", "gode", "blitz+heilen", "recruit", "choose",
                 "use", "amber", "①", "٣", " ", "\t", "9" * 30, "\x00", "é", "haste", "lay", "crystal"]


def mutate(text: str, rng: random.Random) -> str:
    """One to three damages of ``text``."""
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(_OPS)(text, rng)
    return text


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _drop_line(text, rng):
    ls = _lines(text)
    del ls[rng.randrange(len(ls))]
    return "\n".join(ls)


def _dup_line(text, rng):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls.insert(i, ls[i])
    return "\n".join(ls)


def _swap_lines(text, rng):
    ls = _lines(text)
    i, j = rng.randrange(len(ls)), rng.randrange(len(ls))
    ls[i], ls[j] = ls[j], ls[i]
    return "\n".join(ls)


def _number(text, rng):
    nums = list(re.finditer(r"-?\d{1,18}", text))
    if not nums:
        return text
    m = rng.choice(nums)
    new = rng.choice([0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 99, -1, -7, 2**31, 10**40, int(m.group()) + rng.choice((-1, 1))])
    return text[:m.start()] + str(new) + text[m.end():]


def _value(text, rng):
    vals = list(re.finditer(r"(?<== )[^\n]+", text))
    if not vals:
        return text
    m = rng.choice(vals)
    return text[:m.start()] + rng.choice(WORDS) + text[m.end():]


def _word(text, rng):
    words = list(re.finditer(r"[A-Za-z_][\w:-]*", text))
    if not words:
        return text
    m, other = rng.choice(words), rng.choice(words)
    return text[:m.start()] + other.group() + text[m.end():]


def _flip(text, rng):
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + rng.choice("[]{}=\"'#,.\n 0123456789-²①\x00\ufffd") + text[i + 1:]


def _cut(text, rng):
    return text[:rng.randrange(len(text) + 1)]


def _insert(text, rng):
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(WORDS + ["\n[decisions]\n", "\n[[players]]\n", "\n1 end\n", "\n* roll M3\n"]) + text[i:]


def _hex(text, rng):
    """A hex label replaced by another (a hero or a fight moved by hand)."""
    labels = list(re.finditer(r'(?<=")[1-6][a-c][1-4](?=")|^[1-6][a-c][1-4](?= =)', text, re.M))
    if not labels:
        return text
    m = rng.choice(labels)
    return text[:m.start()] + f"{rng.randint(1, 6)}{rng.choice('abc')}{rng.randint(1, 4)}" + text[m.end():]


def _swap_players(text, rng):
    """Two seats' [[players]] tables swapped (with their warriors)."""
    parts = re.split(r"(?=^\[\[players\]\]$)", text, flags=re.M)
    if len(parts) < 3:
        return text
    i, j = rng.sample(range(1, len(parts)), 2)
    parts = [p if p.endswith("\n") else p + "\n" for p in parts]
    parts[i], parts[j] = parts[j], parts[i]
    return "".join(parts)


_OPS: list[Callable[[str, random.Random], str]] = [_drop_line, _dup_line, _swap_lines, _number, _number, _value,
                                                   _value, _word, _flip, _cut, _insert, _hex, _hex, _swap_players]


def notation(rng: random.Random) -> str:
    """A decision-like string: bits of the notation put together at random."""
    return "".join(rng.choice(NOTATION_BITS) + rng.choice(["", " ", "-", ""]) for _ in range(rng.randint(1, 4)))


# ---------------------------------------------------------------------- playing on


def play_on(st, rng: random.Random, steps: int = 8) -> None:
    """A few seeded random decisions from ``st`` (dice from its seed), the
    invariants checked before and after each; raises what breaks."""
    invariants.check_decision_point(st)
    invariants.check_players(st)
    invariants.check_conservation(st)
    for _ in range(steps):
        if st.is_terminal():
            return
        invariants.check_decider(st)
        seat = st.current_player()
        if seat == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            st.apply_action(rng.choice(st.legal_actions()), seat=seat)
        invariants.check_decision_point(st)
        invariants.check_players(st)
        invariants.check_conservation(st)


def play_on_position(st, rng: random.Random, steps: int = 8) -> None:
    """A loaded position played on (#27.11, #27.12): every listed decision
    (or the roll due) applies to a copy, whose position is written and
    read back alike; then a few seeded random decisions, each position
    written and read back."""
    from thorskliff.position import from_position, to_position

    def round_trip(s) -> None:
        text = to_position(s)
        back = to_position(from_position(text, "written.toml"))
        if back != text:
            raise AssertionError("a written position reads back otherwise")

    seat = st.current_player()
    if not st.is_terminal():
        for a in [st.sample_chance()] if seat == CHANCE else st.legal_actions():
            c = st.clone()
            c.apply_action(a, seat=None if seat == CHANCE else seat)
            round_trip(c)
    for _ in range(steps):
        play_on(st, rng, 1)
        round_trip(st)
        if st.is_terminal():
            return


# ---------------------------------------------------------------------- one input


#: whether :func:`classify` times inputs (scripts/fuzz.py; the suite asserts no timings)
TIMED = True


def classify(load: Callable[[], object], play: Callable[[object], None] | None) -> str:
    start = time.perf_counter() if TIMED else float("inf")
    try:
        thing = load()
    except LoadError as exc:
        msg = str(exc)
        if "\n" in msg or not msg:
            return "traceback"  # an error must be one line
        return "slow" if time.perf_counter() - start > HANG else "refused"
    except Exception:  # noqa: BLE001 - what the fuzzer counts
        return "traceback"
    if time.perf_counter() - start > HANG:
        return "slow"
    if play is not None:
        try:
            play(thing)
        except Exception:  # noqa: BLE001 - an accepted input must play on
            return "wrong"
    return "accepted"


def record_case(text: str, rng: random.Random, name: str = "fuzz.tkr") -> str:
    return classify(lambda: record.loads(text, name), lambda g: play_on(g.state, rng))


def position_case(text: str, rng: random.Random, name: str = "fuzz.toml") -> str:
    from thorskliff.position import from_position

    return classify(lambda: from_position(text, name), lambda st: play_on_position(st, rng))


def notation_case(text: str) -> str:
    from thorskliff.campaign.notation import parse as campaign_parse
    from thorskliff.engine.actions import NotationError, fmt, parse

    for read in (parse, campaign_parse):
        try:
            a = read(text)
        except NotationError as exc:
            if "\n" in str(exc):
                return "traceback"
            continue
        except Exception:  # noqa: BLE001
            return "traceback"
        try:
            if read(fmt(a)) != a:
                return "wrong"
        except Exception:  # noqa: BLE001
            return "wrong"
    return "ok"


def scenario_case(kind: str, text: str, folder: Path, n: int, rng: random.Random) -> str:
    """``kind``: a mode (base/duell/episch), heroes, island or chapterN. The
    mutant is written to its own file (the loaders cache by path)."""
    from thorskliff.campaign.chapter import load_chapter
    from thorskliff.game import Game
    from thorskliff.scenario import load_heroes, load_island, load_mode

    path = folder / f"{kind}-{n}.toml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        if kind.startswith("chapter"):
            def play(ch):
                seats = [("A", "Bera", "brown"), ("B", "Oleif", "black"), ("C", "Jorund", "grey")][:ch.players[0]]
                game = Game.new_chapter(seats, path, seed=n)
                play_on(game.state, rng)
            return classify(lambda: load_chapter(path), play)
        if kind == "heroes":
            return classify(lambda: load_heroes(path), None)
        if kind == "island":
            return classify(lambda: load_island(path), None)

        def play_mode(spec):
            seats = [("A", "Bera", "brown"), ("B", "Oleif", "black"), ("C", "Jorund", "grey"),
                     ("D", "Raghild", "white")][:spec.players[0]]
            try:
                game = Game.new(str(path), seats, n)
            except (ValueError, LoadError):
                return  # a mode whose setup says no cleanly (e.g. an arrangement for other islands)
            play_on(game.state, rng, 12)
        return classify(lambda: load_mode(path), play_mode)
    finally:
        path.unlink(missing_ok=True)


def seeds() -> dict[str, list[str]]:
    """The valid texts the mutations start from."""
    from thorskliff.position import to_position

    recs = sorted(RECORDS.glob("*.tkr"))
    out = {"records": [p.read_text() for p in recs if "chapter" not in p.name][:6]}
    positions = []
    for p in recs[:8] + [p for p in recs if p.name.startswith(("duell-random", "base4-random"))]:
        lines = p.read_text().splitlines()
        sep = lines.index("[decisions]")
        # early, middle and late moments, and moments inside a fight (#27.12)
        for cut in (5, 40, 120) if "duell" not in p.name and "base4" not in p.name else (60, 85, 86, 87, 140):
            text = "\n".join(lines[:sep + 1 + cut]) + "\n"
            positions.append(to_position(record.loads(text, auto_chance=False).state))
    out["positions"] = positions
    out["scenarios"] = [f"{p.stem}\0{p.read_text()}" for p in sorted(SCENARIOS.glob("*.toml"))] + \
                       [f"{p.stem}\0{p.read_text()}" for p in sorted((SCENARIOS / "campaign").glob("*.toml"))]
    return out
