"""Scenario data: the island blocks, the heroes and the game modes, read from
TOML files in ``scenarios/`` and validated on load.

Every problem is a :class:`ScenarioError` naming the file, the key path and
what is wrong; nothing here lets a ``KeyError`` or ``TypeError`` escape.
"""

from __future__ import annotations

import os
from importlib import resources
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .loaderror import LoadError, Problem, kind_said, parse_toml, read_text

TERRAINS = ("forest", "meadow", "scree", "rock")
SLOT_KINDS = ("farm", "well-farm", "peak", "landscape", "beach")
SLOTS = ("a1", "a2", "b1", "b2", "b3", "c1", "c2", "c3", "c4")
BLOCK_LETTERS = "ABCDEF"
RIFT_KINDS = ("kobold", "silber", "quelle")
RULE_FLAGS = ("potions", "haste", "wisent", "helm", "gamble", "gode", "blitz", "runestone", "epic")
LANGS = ("de", "en")


class ScenarioError(LoadError):
    """A scenario file is wrong: ``file``, ``key`` (dotted path) and ``problem``."""

    def __init__(self, file: str | os.PathLike[str], key: str, problem: Any, line: int = 0):
        super().__init__(file, problem, key=key, line=line)


def scenario_dir() -> Path:
    """The folder holding the scenario files (``THORSKLIFF_SCENARIOS`` overrides).

    An installed game reads them from inside the package, where the wheel puts
    them (``thorskliff/scenarios``, mapped from the repository's top-level
    ``scenarios/`` by setup.py). An editable install or a run from a checkout
    has no such folder in the package and reads the checkout's ``scenarios/``.
    """
    env = os.environ.get("THORSKLIFF_SCENARIOS")
    if env:
        if not Path(env).is_dir():  # else every record would read "unknown mode 'base' (modes: )"
            raise ScenarioError(env, "", Problem("scenario.env_folder"))
        return Path(env)
    return _installed_dir()


@cache
def _installed_dir() -> Path:
    """The package's or the checkout's scenario folder, looked for once (an
    install does not move while the game runs; a record's load asked up to
    seven times, #12)."""
    shipped = resources.files("thorskliff").joinpath("scenarios")
    if isinstance(shipped, Path) and shipped.is_dir():
        return shipped
    checkout = Path(__file__).resolve().parent.parent / "scenarios"
    if checkout.is_dir() and (checkout.parent / "pyproject.toml").is_file():
        return checkout
    raise ScenarioError(str(shipped), "", Problem("scenario.no_folder"))


def read_toml(path: Path) -> dict[str, Any]:
    def fail(problem: Any, line: int = 0) -> ScenarioError:
        return ScenarioError(path, "", problem, line)

    return parse_toml(read_text(path, fail, missing="not_found"), fail)


class _Reader:
    """Walks a parsed TOML document and reports problems with their key path."""

    def __init__(self, file: Path):
        self.file = file

    def fail(self, key: str, problem: Any) -> ScenarioError:
        return ScenarioError(self.file, key, problem)

    def table(self, doc: dict[str, Any], key: str, path: str, allowed: tuple[str, ...] | None = None) -> dict[str, Any]:
        full = f"{path}.{key}" if path else key
        if key not in doc:
            raise self.fail(full, Problem("scenario.missing_table"))
        val = doc[key]
        if not isinstance(val, dict):
            raise self.fail(full, Problem("value.type", kind=kind_said(dict), type=type(val).__name__))
        if allowed is not None:
            self.only(val, full, allowed)
        return val

    def only(self, doc: dict[str, Any], path: str, allowed: tuple[str, ...]) -> None:
        for k in doc:
            if k not in allowed:
                raise self.fail(f"{path}.{k}" if path else k, Problem("value.unknown_key", allowed=", ".join(allowed)))

    def value(self, doc: dict[str, Any], key: str, path: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        full = f"{path}.{key}" if path else key
        if key not in doc:
            if default is ...:
                raise self.fail(full, Problem("value.missing_key"))
            return default
        val = doc[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(val, bool) and bool not in kinds:
            raise self.fail(full, Problem("value.boolean", kind=kind_said(kinds)))
        if not isinstance(val, kinds):
            raise self.fail(full, Problem("value.type", kind=kind_said(kinds), type=type(val).__name__))
        return val

    def int_in(self, doc: dict[str, Any], key: str, path: str, lo: int, hi: int, default: Any = ...) -> int:
        val: int = self.value(doc, key, path, int, default)
        if not lo <= val <= hi:
            raise self.fail(f"{path}.{key}" if path else key, Problem("value.between", lo=lo, hi=hi, val=val))
        return val

    def texts(self, doc: dict[str, Any], key: str, path: str) -> dict[str, str]:
        full = f"{path}.{key}" if path else key
        val = self.value(doc, key, path, dict)
        for lang in LANGS:
            if lang not in val:
                raise self.fail(f"{full}.{lang}", Problem("scenario.missing_text"))
            if not isinstance(val[lang], str) or not val[lang].strip():
                raise self.fail(f"{full}.{lang}", Problem("scenario.empty_text"))
        self.only(val, full, LANGS)
        return dict(val)

    def players(self, doc: dict[str, Any], path: str) -> tuple[int, int]:
        """``players = [min, max]`` of a mode or a chapter."""
        players = self.value(doc, "players", path, list)
        if len(players) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in players):
            raise self.fail(f"{path}.players", Problem("scenario.players_pair"))
        lo, hi = players
        if not 2 <= lo <= hi <= 4:
            raise self.fail(f"{path}.players", Problem("scenario.players_range", lo=lo, hi=hi))
        return lo, hi

    def rift(self, label: str, kind: Any) -> None:
        """A rift ``island.rifts.LABEL = KIND`` of a mode or a chapter."""
        if not (len(label) == 3 and label[0] in "123456" and label[1:] == "c4"):
            raise self.fail(f"island.rifts.{label}", Problem("scenario.rift_slot"))
        if kind not in RIFT_KINDS:
            raise self.fail(f"island.rifts.{label}", unknown("rift", kind, RIFT_KINDS))


def unknown(what: str, val: Any, allowed: tuple[str, ...] | list[str] | dict[str, Any]) -> Problem:
    """A name the file uses that the game does not know (``load.scenario.unknown.<what>``)."""
    return Problem(f"scenario.unknown.{what}", val=repr(val), allowed=", ".join(allowed))


# --------------------------------------------------------------------------- island


@dataclass(frozen=True)
class SlotSpec:
    """One slot of an island block (scenarios/island.toml)."""

    kind: str  # farm | well-farm | peak | landscape | beach
    terrain: str | None
    level: int


@dataclass(frozen=True)
class IslandSpec:
    """The island's blocks and the levels of its sanctuary and market (scenarios/island.toml)."""

    sanctuary_level: int
    market_level: int
    blocks: dict[str, dict[str, SlotSpec]]


def load_island(path: Path | None = None) -> IslandSpec:
    path = path or scenario_dir() / "island.toml"
    return _load_island_cached(Path(path))


@cache
def _load_island_cached(path: Path) -> IslandSpec:
    doc = read_toml(path)
    r = _Reader(path)
    r.only(doc, "", ("middle", "blocks"))
    middle = r.table(doc, "middle", "", ("sanctuary_level", "market_level"))
    s_level = r.int_in(middle, "sanctuary_level", "middle", 0, 5)
    m_level = r.int_in(middle, "market_level", "middle", 0, 5)
    blocks_doc = r.table(doc, "blocks", "", tuple(BLOCK_LETTERS))
    blocks: dict[str, dict[str, SlotSpec]] = {}
    for letter in BLOCK_LETTERS:
        bdoc = r.table(blocks_doc, letter, "blocks", SLOTS)
        slots = {}
        for slot in SLOTS:
            key = f"blocks.{letter}.{slot}"
            text = r.value(bdoc, slot, f"blocks.{letter}", str)
            parts = text.split()
            if len(parts) != 3:
                raise r.fail(key, Problem("scenario.slot_shape", text=repr(text)))
            kind, terrain, level_s = parts
            if kind not in SLOT_KINDS:
                raise r.fail(key, unknown("slot_kind", kind, SLOT_KINDS))
            if kind in ("landscape", "beach"):
                if terrain not in TERRAINS:
                    raise r.fail(key, Problem("scenario.slot_terrain", kind=kind, terrains=", ".join(TERRAINS),
                                              terrain=repr(terrain)))
            elif terrain != "-":
                raise r.fail(key, Problem("scenario.slot_no_terrain", kind=kind, terrain=repr(terrain)))
            try:
                level = int(level_s)
            except ValueError:
                raise r.fail(key, Problem("scenario.slot_level", level=repr(level_s))) from None
            if not 0 <= level <= 5:
                raise r.fail(key, Problem("scenario.slot_level_range", level=level))
            slots[slot] = SlotSpec(kind, None if terrain == "-" else terrain, level)
        blocks[letter] = slots
    _check_block_counts(r, blocks)
    return IslandSpec(s_level, m_level, blocks)


def _check_block_counts(r: _Reader, blocks: dict[str, dict[str, SlotSpec]]) -> None:
    """R-ISLE-7: each block has one beach, one farm, one well farm and one peak;
    the six blocks hold 9 hexes of each terrain (beaches included)."""
    for letter, slots in blocks.items():
        kinds = [s.kind for s in slots.values()]
        for kind in ("beach", "farm", "well-farm", "peak"):
            if kinds.count(kind) != 1:
                raise r.fail(f"blocks.{letter}", Problem("scenario.block_kind", kind=kind, n=kinds.count(kind)))
        if slots["c3"].kind != "beach":
            raise r.fail(f"blocks.{letter}.c3", Problem("scenario.beach_slot"))
    for terrain in TERRAINS:
        n = sum(1 for slots in blocks.values() for s in slots.values() if s.terrain == terrain)
        if n != 9:
            raise r.fail("blocks", Problem("scenario.terrain_count", terrain=terrain, n=n))


# --------------------------------------------------------------------------- heroes

HERO_KEYS = {
    "life": (1, 30, 10),
    "potion_price": (0, 20, 3),
    "potions_per_turn": (1, 3, 1),
    "eile_uses": (1, 5, 2),
    "hammer_price": (0, 30, 7),
    "wisent_price": (0, 30, 5),
    "heart_sales": (0, 5, 0),
    "troll_protection": (0, 3, 0),
    "gamble_small": (0, 10, 2),
    "gamble_big": (0, 10, 4),
    "gamble_big_duell": (0, 10, 4),
}


@dataclass(frozen=True)
class HeroSpec:
    """A hero's numbers (scenarios/heroes.toml)."""

    name: str
    life: int = 10
    potion_price: int = 3
    potions_per_turn: int = 1
    eile_uses: int = 2
    hammer_price: int = 7
    wisent_price: int = 5
    heart_sales: int = 0
    troll_protection: int = 0
    gamble_small: int = 2
    gamble_big: int = 4
    gamble_big_duell: int = 4


def load_heroes(path: Path | None = None) -> dict[str, HeroSpec]:
    path = path or scenario_dir() / "heroes.toml"
    return _load_heroes_cached(Path(path))


@cache
def _load_heroes_cached(path: Path) -> dict[str, HeroSpec]:
    doc = read_toml(path)
    r = _Reader(path)
    if not doc:
        raise r.fail("", Problem("scenario.no_hero"))
    heroes = {}
    for name, hdoc in doc.items():
        if not isinstance(hdoc, dict):
            raise r.fail(name, Problem("scenario.hero_table"))
        r.only(hdoc, name, tuple(HERO_KEYS))
        vals = {k: r.int_in(hdoc, k, name, lo, hi, default) for k, (lo, hi, default) in HERO_KEYS.items()}
        if "gamble_big_duell" not in hdoc:
            vals["gamble_big_duell"] = vals["gamble_big"]
        heroes[name] = HeroSpec(name=name, **vals)
    return heroes


# --------------------------------------------------------------------------- modes


@dataclass(frozen=True)
class ModeSpec:
    """A game mode (scenarios/base.toml, duell.toml, episch.toml)."""

    id: str
    name: dict[str, str]
    players: tuple[int, int]
    layout: str  # full | crescent | auto
    arrangement: str  # "random" or block letters
    rifts: str | dict[str, str]  # none | shuffled | {label: kind}
    trolls: bool
    rules: frozenset[str]
    goal_ambers: int
    goal_crystals: int
    delivery_taler: int
    delivery_warriors: tuple[int, ...]
    start_taler: int
    start_supply: int
    start_amber: bool
    source: str = field(default="", compare=False)

    def layout_for(self, players: int) -> str:
        if self.layout == "auto":
            return "crescent" if players == 2 else "full"
        return self.layout


def load_mode(name_or_path: str | Path) -> ModeSpec:
    p = Path(name_or_path)
    if p.suffix != ".toml":
        p = scenario_dir() / f"{name_or_path}.toml"
    return _load_mode_cached(p)


@cache
def _load_mode_cached(path: Path) -> ModeSpec:
    doc = read_toml(path)
    r = _Reader(path)
    r.only(doc, "", ("scenario", "island", "rules", "goal", "delivery", "start"))
    sc = r.table(doc, "scenario", "", ("id", "name", "players"))
    ident = r.value(sc, "id", "scenario", str)
    name = r.texts(sc, "name", "scenario")
    lo, hi = r.players(sc, "scenario")

    isl = r.table(doc, "island", "", ("layout", "arrangement", "rifts", "trolls"))
    layout = r.value(isl, "layout", "island", str)
    if layout not in ("full", "crescent", "auto"):
        raise r.fail("island.layout", Problem("scenario.layout", layout=repr(layout)))
    if layout == "crescent" and hi > 2:
        raise r.fail("island.layout", Problem("scenario.crescent"))
    arrangement = r.value(isl, "arrangement", "island", str)
    if arrangement != "random":
        n = 4 if layout == "crescent" else 6
        if layout == "auto":
            raise r.fail("island.arrangement", Problem("scenario.fixed_layout"))
        problem = arrangement_problem(arrangement, n)
        if problem:
            raise r.fail("island.arrangement", problem)
    rifts = r.value(isl, "rifts", "island", (str, dict))
    if isinstance(rifts, str) and rifts not in ("none", "shuffled"):
        raise r.fail("island.rifts", Problem("scenario.rifts", rifts=repr(rifts)))
    if isinstance(rifts, dict):
        for label, kind in rifts.items():
            r.rift(label, kind)
    trolls = r.value(isl, "trolls", "island", bool)

    rules_doc = r.table(doc, "rules", "", RULE_FLAGS)
    rules = frozenset(f for f in RULE_FLAGS if r.value(rules_doc, f, "rules", bool, False))

    goal = r.table(doc, "goal", "", ("ambers", "crystals"))
    g_amb = r.int_in(goal, "ambers", "goal", 1, 12)
    g_cry = r.int_in(goal, "crystals", "goal", 0, 6)
    dl = r.table(doc, "delivery", "", ("taler", "warriors"))
    d_taler = r.int_in(dl, "taler", "delivery", 0, 50)
    d_w = r.value(dl, "warriors", "delivery", list)
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 3 for x in d_w) or sum(d_w) > 3:
        raise r.fail("delivery.warriors", Problem("scenario.delivery"))
    st = r.table(doc, "start", "", ("taler", "supply", "amber"))
    s_taler = r.int_in(st, "taler", "start", 0, 50)
    s_supply = r.int_in(st, "supply", "start", 0, 10)
    if s_supply + sum(d_w) > 10:
        raise r.fail("start.supply", Problem("scenario.supply", supply=s_supply, more=sum(d_w)))
    s_amber = r.value(st, "amber", "start", bool)
    return ModeSpec(
        id=ident, name=name, players=(lo, hi), layout=layout, arrangement=arrangement,
        rifts=rifts, trolls=trolls, rules=rules, goal_ambers=g_amb, goal_crystals=g_cry,
        delivery_taler=d_taler, delivery_warriors=tuple(d_w), start_taler=s_taler,
        start_supply=s_supply, start_amber=s_amber, source=str(path),
    )


def arrangement_problem(text: str, n: int) -> Problem | None:
    """Why ``text`` is no arrangement of ``n`` blocks (R-ISLE-8), or None."""
    if len(text) != n:
        return Problem("scenario.arrangement_count", n=n, got=len(text), text=repr(text))
    bad = [c for c in text if c not in BLOCK_LETTERS]
    if bad:
        return Problem("scenario.arrangement_letter", letter=repr(bad[0]))
    if len(set(text)) != n:
        return Problem("scenario.arrangement_twice", text=repr(text))
    return None


def available_modes() -> list[str]:
    modes = sorted(p.stem for p in scenario_dir().glob("*.toml") if p.stem not in ("island", "heroes"))
    if not modes:  # else a record read "unknown mode 'base' (modes: )"
        raise ScenarioError(scenario_dir(), "", Problem("scenario.no_modes"))
    return modes


def check_scenarios() -> None:
    """Load the island, the heroes and every mode once (raises ScenarioError):
    the app asks before its first screen, so that a damaged scenario folder is
    one line on the terminal, not a crash at the setup screen (the files are
    cached, so this is the loading the game would do anyway)."""
    modes = available_modes()
    load_island()
    load_heroes()
    for mode in modes:
        load_mode(mode)
