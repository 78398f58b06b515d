"""Bots by name: ``make_bot("heuristic")``, ``make_bot("search:0.5s")``.

Names: ``random``, ``careless`` (greedy with a random decision 3 times in 10), ``greedy``, ``heuristic``, ``search`` (0.5 s per
decision), ``search:<seconds>s`` (e.g. ``search:2s``, ``search:0.25s``) and
``search:<n>it`` (an iteration budget, e.g. ``search:200it``: the same
decisions on every machine), ``search:<m>h`` and ``search:<n>it/<m>h`` (at
most ``m`` decisions asked of the heuristic bot in the rollouts, and at most
``n`` iterations: the same everywhere too, and a bounded wait) — and the difficulty levels of :data:`LEVELS`
(``leicht``, ``mittel``, ``schwer``; ``easy``, ``medium``, ``hard`` too).
"""

from __future__ import annotations

import re

from .base import Bot
from .careless import CarelessBot
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .randombot import RandomBot
from .search import SearchBot

NAMES = ("random", "careless", "greedy", "heuristic", "search")
#: the difficulty levels a person chooses from, easiest first: level -> the bot
#: that plays it (docs/bots.md, "Difficulty", has their measured strength).
#: A budget of iterations and of the heuristic's decisions asked, not seconds,
#: so Schwer plays the same on a slow or busy machine as on a fast one: 400
#: iterations, but no more than 2500 of the heuristic's decisions, which
#: keeps a person's wait within 1 s at the 95th percentile at every table
#: (docs/bots.md, "Budgets"; 400 iterations alone took 2 s in a 4-player game).
LEVELS = {"leicht": "careless", "mittel": "heuristic", "schwer": "search:400it/2500h"}
#: the English names of the levels (the game's own are German)
LEVEL_EN = {"easy": "leicht", "medium": "mittel", "hard": "schwer"}
HELP = ("random, careless, greedy, heuristic, search, search:<seconds>s, search:<n>it or search:<n>it/<m>h "
        "(e.g. search:0.5s, search:200it, search:400it/3000h), "
        "or a level: leicht, mittel, schwer (easy, medium, hard)")
_BUDGET = re.compile(r"(?:(\d+(?:\.\d*)?|\.\d+)s|(\d+)it|(?:(\d+)it/)?(\d+)h)")


def level_bot(spec: str) -> str | None:
    """The bot spec of a level name (German or English), or None for another name."""
    text = spec.strip().lower()
    return LEVELS.get(LEVEL_EN.get(text, text))


def make_bot(spec: str) -> Bot:
    """A new bot for ``spec`` (see the module); ValueError names the choices."""
    text = level_bot(spec) or spec.strip().lower()
    name, sep, budget = text.partition(":")
    if name == "search":
        if not sep:
            return SearchBot(seconds=0.5)
        m = _BUDGET.fullmatch(budget.strip())
        if not m:
            raise ValueError(f"bad search budget {budget!r} in {spec!r}: use search:<seconds>s, search:<n>it, "
                             "search:<n>it/<m>h or search:<m>h")
        if m.group(1):
            seconds = float(m.group(1))
            if seconds <= 0:
                raise ValueError(f"{spec!r}: the time budget must be above 0 s")
            return SearchBot(seconds=seconds)
        its = m.group(2) or m.group(3)
        n = int(its) if its else None
        work = int(m.group(4)) if m.group(4) else None
        if n is not None and n < 1:
            raise ValueError(f"{spec!r}: the iteration budget must be at least 1")
        if work is not None and work < 1:
            raise ValueError(f"{spec!r}: the heuristic decisions' budget must be at least 1")
        return SearchBot(iterations=n, work=work)
    if sep:
        raise ValueError(f"{spec!r}: only search takes a budget")
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "careless":
        return CarelessBot()
    if name == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot {spec!r} (bots: {HELP})")


def bot_problem(spec: str) -> str | None:
    """Why ``spec`` names no bot (with the choices), or None when it does."""
    try:
        make_bot(spec)
    except ValueError:
        return f"unknown bot {spec!r} (bots: {HELP})"
    return None


def bot_label(spec: str) -> str:
    """The canonical name of ``spec`` (``search`` is ``search:0.5s``)."""
    bot = make_bot(spec)
    if isinstance(bot, SearchBot):
        return f"search:{bot.budget()}"
    return bot.name
