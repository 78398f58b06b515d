"""Scenario files (scenarios/*.toml): the island blocks (R-ISLE-7), the heroes
(section 15) and the game modes (section 4, R-ISLE-10, section 17).

The broken-file corpus starts from the real files and breaks one thing each;
every case names the exact ``ScenarioError.file``, ``.key`` and a piece of
``.problem``. The loaders cache by path, so each case writes under its own
``tmp_path``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from thorskliff.scenario import (
    HeroSpec,
    ModeSpec,
    ScenarioError,
    SlotSpec,
    arrangement_problem,
    available_modes,
    load_heroes,
    load_island,
    load_mode,
    scenario_dir,
)

SCENARIOS = scenario_dir()
ALL_RULES = frozenset({"potions", "haste", "wisent", "helm", "gamble", "gode", "blitz", "runestone"})


def _text(name: str) -> str:
    return (SCENARIOS / name).read_text(encoding="utf-8")


def _replace(old: str, new: str, count: int = 1) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert text.count(old) == count, f"corpus edit: {old!r} occurs {text.count(old)} times"
        return text.replace(old, new)
    return edit


def _prepend(line: str) -> Callable[[str], str]:
    return lambda text: line + "\n" + text


def _whole(content: str) -> Callable[[str], str]:
    return lambda text: content


def _slot(letter: str, slot: str, value: str) -> Callable[[str], str]:
    """Set ``blocks.<letter>.<slot>`` to the raw TOML ``value``."""
    def edit(text: str) -> str:
        start = text.index(f"[blocks.{letter}]")
        m = re.compile(rf"^{slot} = .*$", re.M).search(text, start)
        assert m, f"corpus edit: no {slot} in block {letter}"
        return text[:m.start()] + f"{slot} = {value}" + text[m.end():]
    return edit


def _drop_block(letter: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        start = text.index(f"[blocks.{letter}]")
        end = text.find("\n[", start + 1)
        return text[:start] + (text[end + 1:] if end >= 0 else "")
    return edit


LOADERS = {"island.toml": load_island, "heroes.toml": load_heroes, "base.toml": load_mode,
           "duell.toml": load_mode, "episch.toml": load_mode}

# (id, source file, edit, key, piece of the problem)
CORPUS = [
    # ---------------------------------------------------------------- island.toml
    ("island-missing-middle", "island.toml",
     _replace("[middle]\nsanctuary_level = 2\nmarket_level = 3\n", ""), "middle", "missing table"),
    ("island-missing-block", "island.toml", _drop_block("F"), "blocks.F", "missing table"),
    ("island-blocks-not-table", "island.toml", _whole("blocks = 3\n[middle]\nsanctuary_level = 2\nmarket_level = 3\n"),
     "blocks", "must be a table, not int"),
    ("island-unknown-top-key", "island.toml", _prepend('colour = "green"'), "colour", "unknown key"),
    ("island-unknown-middle-key", "island.toml", _replace("market_level = 3\n", "market_level = 3\nharbour_level = 0\n"),
     "middle.harbour_level", "unknown key"),
    ("island-unknown-slot", "island.toml", _replace("[blocks.A]\n", '[blocks.A]\nd1 = "farm - 1"\n'),
     "blocks.A.d1", "unknown key"),
    ("island-unknown-block", "island.toml", lambda t: t + '\n[blocks.G]\nc1 = "farm - 1"\n',
     "blocks.G", "unknown key"),
    ("island-level-wrong-type", "island.toml", _replace("sanctuary_level = 2", 'sanctuary_level = "2"'),
     "middle.sanctuary_level", "must be an integer, not str"),
    ("island-level-boolean", "island.toml", _replace("market_level = 3", "market_level = true"),
     "middle.market_level", "not a boolean"),
    ("island-slot-wrong-type", "island.toml", _slot("B", "c1", "0"), "blocks.B.c1", "must be a string, not int"),
    ("island-middle-level-6", "island.toml", _replace("market_level = 3", "market_level = 6"),
     "middle.market_level", "between 0 and 5, not 6"),
    ("island-slot-level-6", "island.toml", _slot("A", "a1", '"peak - 6"'), "blocks.A.a1", "between 0 and 5, got 6"),
    ("island-slot-level-negative", "island.toml", _slot("C", "b1", '"landscape forest -1"'),
     "blocks.C.b1", "between 0 and 5, got -1"),
    ("island-slot-level-not-number", "island.toml", _slot("D", "c2", '"farm - high"'),
     "blocks.D.c2", "level must be a number"),
    ("island-slot-two-words", "island.toml", _slot("A", "c1", '"landscape meadow"'),
     "blocks.A.c1", "must be 'kind terrain level'"),
    ("island-slot-four-words", "island.toml", _slot("E", "b2", '"landscape meadow 2 extra"'),
     "blocks.E.b2", "must be 'kind terrain level'"),
    ("island-unknown-kind", "island.toml", _slot("A", "c1", '"lake meadow 1"'), "blocks.A.c1", "unknown kind 'lake'"),
    ("island-unknown-terrain", "island.toml", _slot("A", "c1", '"landscape swamp 1"'),
     "blocks.A.c1", "needs a terrain"),
    ("island-beach-without-terrain", "island.toml", _slot("F", "c3", '"beach - 0"'),
     "blocks.F.c3", "a beach needs a terrain"),
    ("island-farm-with-terrain", "island.toml", _slot("B", "c2", '"farm meadow 1"'),
     "blocks.B.c2", "a farm has no terrain"),
    ("island-peak-with-terrain", "island.toml", _slot("B", "a2", '"peak rock 4"'),
     "blocks.B.a2", "a peak has no terrain"),
    ("island-two-peaks", "island.toml", _slot("A", "a2", '"peak - 4"'), "blocks.A", "needs exactly one peak, has 2"),
    ("island-no-well-farm", "island.toml", _slot("D", "c4", '"farm - 1"'), "blocks.D", "exactly one farm, has 2"),
    ("island-beach-off-c3", "island.toml",
     lambda t: _slot("A", "c3", '"landscape scree 0"')(_slot("A", "c1", '"beach meadow 1"')(t)),
     "blocks.A.c3", "the beach must be on slot c3"),
    ("island-terrain-count", "island.toml", _slot("A", "c1", '"landscape forest 1"'),
     "blocks", "need 9 forest hexes (beaches included), have 10"),
    ("island-terrain-count-beach", "island.toml", _slot("A", "c3", '"beach rock 0"'),
     "blocks", "need 9 scree hexes (beaches included), have 8"),  # scree is counted before rock
    ("island-invalid-toml", "island.toml", _whole("[middle\nsanctuary_level = 2\n"), "", "not valid TOML"),
    # ---------------------------------------------------------------- heroes.toml
    ("heroes-unknown-key", "heroes.toml", _replace("[Bera]\n", "[Bera]\nflying = 1\n"), "Bera.flying", "unknown key"),
    ("heroes-life-zero", "heroes.toml", _replace("life = 8", "life = 0"), "Bera.life", "between 1 and 30, not 0"),
    ("heroes-life-too-high", "heroes.toml", _replace("[Jorund]\nlife = 10", "[Jorund]\nlife = 31"),
     "Jorund.life", "between 1 and 30, not 31"),
    ("heroes-life-wrong-type", "heroes.toml", _replace("life = 8", 'life = "8"'), "Bera.life",
     "must be an integer, not str"),
    ("heroes-price-negative", "heroes.toml", _replace("wisent_price = 2", "wisent_price = -1"),
     "Raghild.wisent_price", "between 0 and 30, not -1"),
    ("heroes-not-a-table", "heroes.toml", _prepend("Thor = 3"), "Thor", "must be a table of abilities"),
    ("heroes-empty", "heroes.toml", _whole("# nobody\n"), "", "names no hero"),
    ("heroes-invalid-toml", "heroes.toml", _whole("[Bera\nlife = 8\n"), "", "not valid TOML"),
    # ---------------------------------------------------------------- base.toml
    ("mode-missing-goal", "base.toml", _replace("[goal]\nambers = 3\ncrystals = 3\n", ""), "goal", "missing table"),
    ("mode-missing-scenario", "base.toml", _replace("[scenario]\n", "[scenery]\n"), "scenery", "unknown key"),
    ("mode-missing-key", "base.toml", _replace("trolls = true\n", ""), "island.trolls", "missing key"),
    ("mode-unknown-top-key", "base.toml", _prepend("version = 2"), "version", "unknown key"),
    ("mode-unknown-rule", "base.toml", _replace("[rules]\n", "[rules]\ndragons = true\n"),
     "rules.dragons", "unknown key"),
    ("mode-unknown-scenario-key", "base.toml", _replace('id = "base"\n', 'id = "base"\nauthor = "me"\n'),
     "scenario.author", "unknown key"),
    ("mode-taler-wrong-type", "base.toml", _replace("taler = 5", 'taler = "5"'), "start.taler",
     "must be an integer, not str"),
    ("mode-trolls-wrong-type", "base.toml", _replace("trolls = true", 'trolls = "yes"'), "island.trolls",
     "must be true or false, not str"),
    ("mode-rule-wrong-type", "base.toml", _replace("potions = true", "potions = 1"), "rules.potions",
     "must be true or false, not int"),
    ("mode-id-wrong-type", "base.toml", _replace('id = "base"', "id = 1"), "scenario.id", "must be a string"),
    ("mode-name-not-table", "base.toml", _replace('name = { de = "Grundspiel", en = "Base game" }', 'name = "x"'),
     "scenario.name", "must be a table, not str"),
    ("mode-missing-german", "base.toml", _replace('name = { de = "Grundspiel", en = "Base game" }',
                                                  'name = { en = "Base game" }'),
     "scenario.name.de", "missing text in this language"),
    ("mode-empty-german", "base.toml", _replace('de = "Grundspiel"', 'de = "  "'),
     "scenario.name.de", "must be a non-empty string"),
    ("mode-unknown-language", "base.toml", _replace('en = "Base game" }', 'en = "Base game", fr = "Jeu" }'),
     "scenario.name.fr", "unknown key"),
    ("mode-players-low", "base.toml", _replace("players = [3, 4]", "players = [1, 4]"),
     "scenario.players", "must lie within 2..4"),
    ("mode-players-high", "base.toml", _replace("players = [3, 4]", "players = [3, 5]"),
     "scenario.players", "must lie within 2..4"),
    ("mode-players-reversed", "base.toml", _replace("players = [3, 4]", "players = [4, 3]"),
     "scenario.players", "min <= max"),
    ("mode-players-one-number", "base.toml", _replace("players = [3, 4]", "players = [3]"),
     "scenario.players", "must be [min, max]"),
    ("mode-players-boolean", "base.toml", _replace("players = [3, 4]", "players = [3, true]"),
     "scenario.players", "two integers"),
    ("mode-players-not-list", "base.toml", _replace("players = [3, 4]", "players = 3"),
     "scenario.players", "must be an array, not int"),
    ("mode-unknown-layout", "base.toml", _replace('layout = "full"', 'layout = "round"'),
     "island.layout", "must be full, crescent or auto"),
    ("mode-crescent-for-four", "base.toml", _replace('layout = "full"', 'layout = "crescent"'),
     "island.layout", "2 players only"),
    ("mode-arrangement-letter", "base.toml", _replace('arrangement = "random"', 'arrangement = "ABCDEG"'),
     "island.arrangement", "'G' is no block"),
    ("mode-arrangement-lowercase", "base.toml", _replace('arrangement = "random"', 'arrangement = "abcdef"'),
     "island.arrangement", "'a' is no block"),
    ("mode-arrangement-duplicate", "base.toml", _replace('arrangement = "random"', 'arrangement = "ABCDEA"'),
     "island.arrangement", "names a block twice"),
    ("mode-arrangement-short", "base.toml", _replace('arrangement = "random"', 'arrangement = "ABCDE"'),
     "island.arrangement", "needs 6 block letters, got 5"),
    ("mode-arrangement-long", "base.toml", _replace('arrangement = "random"', 'arrangement = "ABCDEFA"'),
     "island.arrangement", "needs 6 block letters, got 7"),
    ("mode-rifts-unknown-word", "base.toml", _replace('rifts = "shuffled"', 'rifts = "random"'),
     "island.rifts", "must be none, shuffled or a table"),
    ("mode-rifts-wrong-type", "base.toml", _replace('rifts = "shuffled"', "rifts = 6"),
     "island.rifts", "must be a string or a table, not int"),
    ("mode-unknown-rift", "base.toml", _replace('rifts = "shuffled"', 'rifts = { 1c4 = "gold" }'),
     "island.rifts.1c4", "unknown rift 'gold'"),
    ("mode-rift-off-c4", "base.toml", _replace('rifts = "shuffled"', 'rifts = { 1c3 = "kobold" }'),
     "island.rifts.1c3", "c4 slots"),
    ("mode-rift-sector-7", "base.toml", _replace('rifts = "shuffled"', 'rifts = { 7c4 = "silber" }'),
     "island.rifts.7c4", "c4 slots"),
    ("mode-goal-zero", "base.toml", _replace("ambers = 3", "ambers = 0"), "goal.ambers", "between 1 and 12, not 0"),
    ("mode-goal-crystals", "base.toml", _replace("crystals = 3", "crystals = 7"), "goal.crystals",
     "between 0 and 6, not 7"),
    ("mode-supply-plus-delivery", "base.toml", _replace("supply = 7", "supply = 8"),
     "start.supply", "exceeds the 10 warriors"),
    ("mode-supply-over-10", "base.toml", _replace("supply = 7", "supply = 11"),
     "start.supply", "between 0 and 10, not 11"),
    ("mode-delivery-warriors-too-many", "base.toml", _replace("warriors = [2, 1]", "warriors = [2, 2]"),
     "delivery.warriors", "3 in all at most"),
    ("mode-delivery-warriors-type", "base.toml", _replace("warriors = [2, 1]", 'warriors = [2, "1"]'),
     "delivery.warriors", "must list warriors per delivery"),
    ("mode-amber-wrong-type", "base.toml", _replace("amber = true", "amber = 1"), "start.amber",
     "must be true or false, not int"),
    ("mode-invalid-toml", "base.toml", _whole("[scenario\nid = 'base'\n"), "", "not valid TOML"),
    ("mode-invalid-toml-duplicate-key", "base.toml", _replace("taler = 5\n", "taler = 5\ntaler = 6\n"),
     "", "not valid TOML"),
    # ---------------------------------------------------------------- duell.toml / episch.toml
    ("duell-arrangement-six", "duell.toml", _replace('arrangement = "random"', 'arrangement = "ABCDEF"'),
     "island.arrangement", "needs 4 block letters, got 6"),
    ("episch-fixed-arrangement-auto", "episch.toml", _replace('arrangement = "random"', 'arrangement = "ABCDEF"'),
     "island.arrangement", "needs a fixed layout"),
]


@pytest.mark.parametrize(("case", "source", "edit", "key", "problem"), CORPUS, ids=[c[0] for c in CORPUS])
def test_scenario_error_corpus(tmp_path, case, source, edit, key, problem):
    """Each broken file fails with the file, the dotted key and the problem."""
    path = tmp_path / case / source
    path.parent.mkdir()
    path.write_text(edit(_text(source)), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        LOADERS[source](path)
    err = info.value
    assert err.file == str(path)
    assert err.key == key
    assert problem in err.problem
    assert str(path) in str(err)
    assert str(err).startswith(str(path))
    if key:
        assert f": {key}: " in str(err)
    assert isinstance(err, ValueError)


@pytest.mark.parametrize("source", sorted(LOADERS))
def test_scenario_file_not_found(tmp_path, source):
    path = tmp_path / "nowhere" / source
    with pytest.raises(ScenarioError) as info:
        LOADERS[source](path)
    assert (info.value.file, info.value.key, info.value.problem) == (str(path), "", "file not found")
    assert str(info.value) == f"{path}: file not found"


def test_load_mode_unknown_name(tmp_path, monkeypatch):
    monkeypatch.setenv("THORSKLIFF_SCENARIOS", str(tmp_path))
    with pytest.raises(ScenarioError, match="file not found") as info:
        load_mode("no-such-mode")
    assert info.value.file == str(tmp_path / "no-such-mode.toml")


@pytest.mark.parametrize("source", sorted(LOADERS))
def test_unbroken_copies_load(tmp_path, source):
    """The corpus' starting point is valid: a plain copy loads like the original."""
    path = tmp_path / source
    shutil.copy(SCENARIOS / source, path)
    got = LOADERS[source](path)
    want = LOADERS[source](SCENARIOS / source)
    assert got == want


def test_scenario_error_str_without_key():
    err = ScenarioError(Path("x/y.toml"), "", "file not found")
    assert str(err) == "x/y.toml: file not found"
    err = ScenarioError("x/y.toml", "a.b", "is wrong")
    assert (err.file, err.key, err.problem) == ("x/y.toml", "a.b", "is wrong")
    assert str(err) == "x/y.toml: a.b: is wrong"


# --------------------------------------------------------------------------- the shipped files


def test_r_isle_7_island_file_matches_the_middle_block():
    spec = load_island()
    assert spec.sanctuary_level == 2
    assert spec.market_level == 3
    assert sorted(spec.blocks) == list("ABCDEF")
    assert spec.blocks["A"]["c3"] == SlotSpec("beach", "scree", 0)
    assert spec.blocks["A"]["c4"] == SlotSpec("well-farm", None, 1)
    assert spec.blocks["C"]["b3"] == SlotSpec("landscape", "rock", 3)
    assert spec.blocks["F"]["a2"] == SlotSpec("peak", None, 4)


def test_load_island_caches_by_path():
    assert load_island() is load_island()
    assert load_island() is load_island(SCENARIOS / "island.toml")


def test_heroes_file():
    heroes = load_heroes()
    assert list(heroes) == ["Raghild", "Bera", "Oleif", "Jorund"]
    assert heroes["Raghild"] == HeroSpec("Raghild", life=10, wisent_price=2, troll_protection=1)
    assert heroes["Bera"] == HeroSpec("Bera", life=8, potion_price=2, potions_per_turn=2, eile_uses=3)
    assert heroes["Oleif"] == HeroSpec("Oleif", gamble_small=1, gamble_big=2, gamble_big_duell=3)
    assert heroes["Jorund"] == HeroSpec("Jorund", hammer_price=5, heart_sales=3)


def test_heroes_gamble_big_duell_defaults_to_gamble_big(tmp_path):
    path = tmp_path / "heroes.toml"
    path.write_text("[Thora]\ngamble_big = 6\n", encoding="utf-8")
    thora = load_heroes(path)["Thora"]
    assert thora.gamble_big == 6 and thora.gamble_big_duell == 6
    assert thora.life == 10 and thora.potion_price == 3


def test_available_modes():
    assert available_modes() == ["base", "duell", "episch"]


def test_r_setup_b_base_mode():
    m = load_mode("base")
    assert isinstance(m, ModeSpec)
    assert m.id == "base"
    assert m.name == {"de": "Grundspiel", "en": "Base game"}
    assert m.players == (3, 4)
    assert (m.layout, m.arrangement, m.rifts, m.trolls) == ("full", "random", "shuffled", True)
    assert m.rules == ALL_RULES
    assert (m.goal_ambers, m.goal_crystals) == (3, 3)  # R-AMBER-4, R-CRYSTAL-2
    assert (m.delivery_taler, m.delivery_warriors) == (7, (2, 1))  # R-AMBER-3
    assert (m.start_taler, m.start_supply, m.start_amber) == (5, 7, True)  # R-SETUP-B2
    assert m.layout_for(3) == m.layout_for(4) == "full"
    assert m.source == str(SCENARIOS / "base.toml")


def test_r_isle_10_duell_mode():
    m = load_mode("duell")
    assert m.id == "duell"
    assert m.name == {"de": "Duell", "en": "Duel"}
    assert m.players == (2, 2)
    assert (m.layout, m.arrangement, m.rifts, m.trolls) == ("crescent", "random", "shuffled", True)
    assert m.layout_for(2) == "crescent"
    assert m.rules == ALL_RULES
    assert (m.goal_ambers, m.goal_crystals) == (3, 3)
    assert (m.delivery_taler, m.delivery_warriors) == (7, (2, 1))
    assert (m.start_taler, m.start_supply, m.start_amber) == (5, 7, True)


def test_r_epic_episch_mode():
    m = load_mode("episch")
    assert m.id == "episch"
    assert m.name == {"de": "Episch", "en": "Epic"}
    assert m.players == (2, 4)
    assert (m.layout, m.arrangement, m.rifts, m.trolls) == ("auto", "random", "shuffled", True)
    assert m.layout_for(2) == "crescent"
    assert m.layout_for(3) == m.layout_for(4) == "full"
    assert m.rules == ALL_RULES | {"epic"}
    assert (m.goal_ambers, m.goal_crystals) == (4, 4)  # Episch: fourth amber or crystal
    assert (m.delivery_taler, m.delivery_warriors) == (7, (2, 1))
    assert (m.start_taler, m.start_supply, m.start_amber) == (5, 7, True)


def test_load_mode_by_name_and_by_path_agree():
    assert load_mode("base") is load_mode("base")
    assert load_mode("base") == load_mode(SCENARIOS / "base.toml")
    assert load_mode(str(SCENARIOS / "duell.toml")) == load_mode("duell")


def test_mode_with_fixed_arrangement_and_rifts(tmp_path):
    text = _text("base.toml")
    text = text.replace('arrangement = "random"', 'arrangement = "FEDCBA"')
    text = text.replace('rifts = "shuffled"', 'rifts = { 1c4 = "kobold", 2c4 = "silber", 3c4 = "quelle" }')
    text = text.replace("[rules]\npotions = true", "[rules]\npotions = false")
    path = tmp_path / "fixed.toml"
    path.write_text(text, encoding="utf-8")
    m = load_mode(path)
    assert m.arrangement == "FEDCBA"
    assert m.rifts == {"1c4": "kobold", "2c4": "silber", "3c4": "quelle"}
    assert "potions" not in m.rules


def test_mode_rules_default_to_off(tmp_path):
    text = re.sub(r"\[rules\]\n(?:\w+ = \w+\n)+", "[rules]\n", _text("base.toml"))
    path = tmp_path / "bare.toml"
    path.write_text(text, encoding="utf-8")
    assert load_mode(path).rules == frozenset()


def test_scenario_dir_override(tmp_path, monkeypatch):
    shutil.copy(SCENARIOS / "base.toml", tmp_path / "mini.toml")
    shutil.copy(SCENARIOS / "island.toml", tmp_path / "island.toml")
    monkeypatch.setenv("THORSKLIFF_SCENARIOS", str(tmp_path))
    assert scenario_dir() == tmp_path
    assert available_modes() == ["mini"]
    assert load_mode("mini").id == "base"


@pytest.mark.parametrize(
    ("text", "n", "problem"),
    [
        ("ABCDEF", 6, None),
        ("FEDCBA", 6, None),
        ("ABCD", 4, None),
        ("CDEF", 4, None),
        ("ABCDE", 6, "needs 6 block letters, got 5"),
        ("ABCDEF", 4, "needs 4 block letters, got 6"),
        ("ABCDEX", 6, "'X' is no block"),
        ("AACD", 4, "names a block twice"),
        ("", 6, "needs 6 block letters, got 0"),
    ],
)
def test_r_isle_8_arrangement_problem(text, n, problem):
    got = arrangement_problem(text, n)
    if problem is None:
        assert got is None
    else:
        assert problem in got
