"""Chapter scenario files of the campaign (docs/rules.md §18, docs/scenarios.md).

A chapter file names its island, its setup, the time track, the three decks
and its cards; cards carry German and English text and machine-readable
effects (:mod:`.effects` runs them). Loading validates everything and reports
each problem as a :class:`~thorskliff.scenario.ScenarioError` with the file,
the key path (``cards.sommer.effects[0].rule``) and what is wrong, so a game
never starts on a bad file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..engine.actions import EPIC_CARDS, GODE_ABILITIES, POTIONS
from ..loaderror import Problem
from ..scenario import (
    HERO_KEYS, LANGS, RIFT_KINDS, TERRAINS, ScenarioError, _Reader, arrangement_problem,
    load_heroes, read_toml, scenario_dir, unknown,
)
from .model import (  # noqa: F401 (the data model, read here, by checks.py and, by these names, elsewhere)
    CAMPAIGN_RULES, CARD_KEYS, DECIDING, DECKS, EFFECT_KEYS, POWERS, SEASONS, SPACE_KINDS, SPEC_KEYS, TARGETS,
    UNIT_KINDS, WHERE_KINDS, Card, Chapter, Effect, Option, Where,
)


def chapter_path(number: int) -> Path:
    return scenario_dir() / "campaign" / f"chapter{number}.toml"


def load_chapter(path_or_number: str | os.PathLike[str] | int) -> Chapter:
    """Load and validate a chapter file (a number means the shipped chapter)."""
    if isinstance(path_or_number, int):
        path = chapter_path(path_or_number)
    else:
        path = Path(path_or_number)
    path = path.resolve() if path.exists() else path
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    key = (str(path), stamp)
    if key not in _CACHE:
        _CACHE[key] = _Loader(path, ()).load()
    return _CACHE[key]


_CACHE: dict[tuple[str, int], Chapter] = {}


class _Loader:
    def __init__(self, path: Path, stack: tuple[str, ...]):
        self.path = path
        self.r = _Reader(path)
        self.stack = (*stack, str(path))
        self.heroes = load_heroes()

    def fail(self, key: str, problem: Any) -> ScenarioError:
        return ScenarioError(self.path, key, problem)

    # ------------------------------------------------------------------ top level
    def load(self) -> Chapter:
        doc = read_toml(self.path)
        r = self.r
        r.only(doc, "", ("chapter", "island", "setup", "goal", "track", "decks", "reuse", "cards"))
        ch = r.table(doc, "chapter", "", ("number", "title", "intro", "intro_short", "epilogue", "players"))
        number = r.int_in(ch, "number", "chapter", 1, 9)
        title = r.texts(ch, "title", "chapter")
        intro = r.texts(ch, "intro", "chapter")
        intro_short = r.texts(ch, "intro_short", "chapter") if "intro_short" in ch else None
        epilogue = r.texts(ch, "epilogue", "chapter") if "epilogue" in ch else None
        players = r.players(ch, "chapter")

        isl = r.table(doc, "island", "", ("arrangement", "rifts", "beaches"))
        arrangement = r.value(isl, "arrangement", "island", str)
        problem = arrangement_problem(arrangement, 6)
        if problem:
            raise self.fail("island.arrangement", problem)
        rifts = self._rifts(isl)
        beaches = self._beaches(isl, players[1])

        setup = self._setup(r.table(doc, "setup", "", ("taler", "hero_taler", "warriors", "gode", "rifts",
                                                       "rules", "abilities", "cards", "carry")))
        goal = r.table(doc, "goal", "", ("ambers", "short_ambers", "crystals"))
        g_amb = r.int_in(goal, "ambers", "goal", 1, 12)
        g_short = r.int_in(goal, "short_ambers", "goal", 1, 12) if "short_ambers" in goal else 0
        if g_short and g_short >= g_amb:
            raise self.fail("goal.short_ambers", Problem("chapter.short_fewer", ambers=g_amb))
        if intro_short and not g_short:
            raise self.fail("chapter.intro_short", Problem("chapter.intro_short"))
        g_cry = r.int_in(goal, "crystals", "goal", 0, 6, 0)

        track = self._track(r.table(doc, "track", "", ("spaces",)))
        decks = r.table(doc, "decks", "", DECKS)
        cards = self._cards(doc)
        cards.update(self._reuse(doc, cards))
        time = self._ids(decks, "time")
        special = self._ids(decks, "special")
        sanctuary = self._sanctuary(decks)
        chapter = Chapter(
            file=str(self.path), number=number, title=title, intro=intro, epilogue=epilogue, players=players,
            arrangement=arrangement, rifts=rifts, beaches=beaches, cards=cards, goal_ambers=g_amb,
            short_ambers=g_short, goal_crystals=g_cry, track=track, time=time, sanctuary=sanctuary,
            special=special, intro_short=intro_short, **setup)
        from .checks import Checker

        Checker(self, chapter, set(doc.get("cards", {}))).check()
        return chapter

    def _rifts(self, isl: dict) -> str | dict[str, str]:
        rifts = self.r.value(isl, "rifts", "island", (str, dict))
        if isinstance(rifts, str):
            if rifts != "shuffled":
                raise self.fail("island.rifts", Problem("chapter.rifts", rifts=repr(rifts)))
            return rifts
        wells = [f"{s}c4" for s in range(1, 7)]
        for label, kind in rifts.items():
            self.r.rift(label, kind)
        missing = [w for w in wells if w not in rifts]
        if missing:
            raise self.fail("island.rifts", Problem("chapter.rift_missing", label=missing[0]))
        for kind in RIFT_KINDS:
            n = list(rifts.values()).count(kind)
            if n != 2:
                raise self.fail("island.rifts", Problem("chapter.rift_pairs", n=n, kind=kind))
        return dict(rifts)

    def _beaches(self, isl: dict, most: int) -> tuple[str, ...]:
        beaches = self.r.value(isl, "beaches", "island", list)
        if not all(isinstance(b, str) and b in "ABCDEF" and len(b) == 1 for b in beaches):
            raise self.fail("island.beaches", Problem("chapter.beach_letters"))
        if len(set(beaches)) != len(beaches):
            raise self.fail("island.beaches", Problem("chapter.beach_twice"))
        if len(beaches) < most:
            raise self.fail("island.beaches", Problem("chapter.beach_count", most=most, n=len(beaches)))
        return tuple(beaches)

    def _setup(self, st: dict) -> dict[str, Any]:
        r = self.r
        taler = r.int_in(st, "taler", "setup", 0, 50)
        hero_taler = r.value(st, "hero_taler", "setup", dict, {})
        for hero in hero_taler:
            self._hero(hero, f"setup.hero_taler.{hero}")
            r.int_in(hero_taler, hero, "setup.hero_taler", 0, 50)
        warriors = r.int_in(st, "warriors", "setup", 0, 10)
        rules = r.value(st, "rules", "setup", list)
        for i, rule in enumerate(rules):
            if rule not in CAMPAIGN_RULES:
                raise self.fail(f"setup.rules[{i}]", unknown("rule", rule, CAMPAIGN_RULES))
        if "buy_amber" in rules:
            raise self.fail("setup.rules", Problem("chapter.buy_amber"))
        abilities = r.value(st, "abilities", "setup", str)
        if abilities not in ("cards", "all"):
            raise self.fail("setup.abilities", Problem("chapter.abilities", val=repr(abilities)))
        cards = r.value(st, "cards", "setup", dict, {})
        setup_cards = {}
        for hero, ids in cards.items():
            self._hero(hero, f"setup.cards.{hero}")
            if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
                raise self.fail(f"setup.cards.{hero}", Problem("chapter.card_ids"))
            setup_cards[hero] = tuple(ids)
        carry = r.value(st, "carry", "setup", list, [])
        if not all(isinstance(x, str) for x in carry):
            raise self.fail("setup.carry", Problem("chapter.card_ids"))
        return dict(taler=taler, hero_taler=dict(hero_taler), warriors=warriors,
                    gode=r.value(st, "gode", "setup", bool), rifts_at_start=r.value(st, "rifts", "setup", bool),
                    rules=frozenset(rules), abilities=abilities, setup_cards=setup_cards, carry=tuple(carry))

    def _hero(self, name: str, key: str) -> None:
        if name not in self.heroes:
            raise self.fail(key, unknown("hero", name, self.heroes))

    # ------------------------------------------------------------------ track and decks
    def _track(self, tr: dict) -> tuple[str, ...]:
        spaces = self.r.value(tr, "spaces", "track", list)
        for i, s in enumerate(spaces):
            if s not in SPACE_KINDS:
                raise self.fail(f"track.spaces[{i}]", unknown("space", s, SPACE_KINDS))
        if len(spaces) < 2:
            raise self.fail("track.spaces", Problem("chapter.track_short"))
        if spaces[0] != "spring":
            raise self.fail("track.spaces[0]", Problem("chapter.track_first"))
        if spaces[-1] != "darkness":
            raise self.fail(f"track.spaces[{len(spaces) - 1}]", Problem("chapter.track_last"))
        seen: list[str] = []
        for i, s in enumerate(spaces):
            if s == "darkness" and i != len(spaces) - 1:
                raise self.fail(f"track.spaces[{i}]", Problem("chapter.track_darkness"))
            if s in SEASONS:
                if s in seen:
                    raise self.fail(f"track.spaces[{i}]", Problem("chapter.season_twice", season=s))
                if seen and SEASONS.index(s) < SEASONS.index(seen[-1]):
                    raise self.fail(f"track.spaces[{i}]", Problem("chapter.season_order", season=s, before=seen[-1]))
                seen.append(s)
        return tuple(spaces)

    def _ids(self, decks: dict, name: str) -> tuple[str, ...]:
        ids = self.r.value(decks, name, "decks", list)
        for i, x in enumerate(ids):
            if not isinstance(x, str):
                raise self.fail(f"decks.{name}[{i}]", Problem("chapter.card_id"))
        return tuple(ids)

    def _sanctuary(self, decks: dict) -> tuple[str | tuple[str, ...], ...]:
        items = self.r.value(decks, "sanctuary", "decks", list)
        out: list[str | tuple[str, ...]] = []
        for i, x in enumerate(items):
            key = f"decks.sanctuary[{i}]"
            if isinstance(x, str):
                out.append(x)
            elif isinstance(x, dict):
                self.r.only(x, key, ("shuffle",))
                group = self.r.value(x, "shuffle", key, list)
                if len(group) < 2 or not all(isinstance(c, str) for c in group):
                    raise self.fail(f"{key}.shuffle", Problem("chapter.shuffle"))
                out.append(tuple(group))
            else:
                raise self.fail(key, Problem("chapter.sanctuary_item"))
        return tuple(out)

    # ------------------------------------------------------------------ cards
    def _cards(self, doc: dict) -> dict[str, Card]:
        table = self.r.value(doc, "cards", "", dict)
        return {cid: self._card(cid, cdoc) for cid, cdoc in table.items()}

    def _card(self, cid: str, cdoc: Any) -> Card:
        r = self.r
        path = f"cards.{cid}"
        if not cid or cid != cid.lower() or not all(c.isalnum() or c in "-_" for c in cid):
            raise self.fail(path, Problem("chapter.card_name"))
        if cid == "top":
            raise self.fail(path, Problem("chapter.top"))
        if not isinstance(cdoc, dict):
            raise self.fail(path, Problem("chapter.card_table"))
        r.only(cdoc, path, CARD_KEYS)
        deck = r.value(cdoc, "deck", path, str)
        if deck not in DECKS:
            raise self.fail(f"{path}.deck", Problem("chapter.deck", decks=", ".join(DECKS), deck=repr(deck)))
        title = r.texts(cdoc, "title", path)
        story = r.texts(cdoc, "story", path) if "story" in cdoc else None
        text = r.texts(cdoc, "text", path) if "text" in cdoc else None
        shorts: dict[str, Any] = {}
        for k in ("story", "text"):
            if f"{k}_short" in cdoc:
                if k not in cdoc:
                    raise self.fail(f"{path}.{k}_short", Problem("chapter.short_needs", k=k))
                shorts[f"{k}_short"] = r.texts(cdoc, f"{k}_short", path)
        effects = self._effects(cdoc, "effects", path, required=deck != "special")
        if effects and all(e.do == "story" for e in effects):
            if story is None:
                raise self.fail(f"{path}.story", Problem("chapter.story_needs"))
        elif text is None and (effects or "use" in cdoc or "each_turn" in cdoc or deck == "special"):
            raise self.fail(f"{path}.text", Problem("chapter.text_needs"))
        season = r.value(cdoc, "season", path, str, "")
        if season and (deck != "time" or season not in (*SEASONS, "darkness")):
            raise self.fail(f"{path}.season", Problem("chapter.season"))
        extra: dict[str, Any] = {}
        if deck == "special":
            extra = self._special(cdoc, path)
        else:
            for k in ("hero", "abilities", "modify", "powers", "use", "each_turn", "carry"):
                if k in cdoc:
                    raise self.fail(f"{path}.{k}", Problem("chapter.special_only"))
        finale = r.value(cdoc, "finale", path, bool, False)
        if finale and deck != "sanctuary":
            raise self.fail(f"{path}.finale", Problem("chapter.finale"))
        return Card(id=cid, deck=deck, title=title, story=story, text=text, effects=effects,
                    label=r.value(cdoc, "label", path, str, ""), season=season, finale=finale,
                    source=str(self.path), **shorts, **extra)

    def _special(self, cdoc: dict, path: str) -> dict[str, Any]:
        r = self.r
        hero = r.value(cdoc, "hero", path, str, "")
        if hero:
            self._hero(hero, f"{path}.hero")
        abilities = r.value(cdoc, "abilities", path, list, [])
        for i, k in enumerate(abilities):
            if k not in SPEC_KEYS:
                raise self.fail(f"{path}.abilities[{i}]", unknown("ability", k, SPEC_KEYS))
        if abilities and not hero:
            raise self.fail(f"{path}.hero", Problem("chapter.ability_hero"))
        modify = r.value(cdoc, "modify", path, dict, {})
        for k in modify:
            if k not in HERO_KEYS:
                raise self.fail(f"{path}.modify.{k}", unknown("hero_value", k, HERO_KEYS))
            r.int_in(modify, k, f"{path}.modify", -10, 10)
        powers = r.value(cdoc, "powers", path, list, [])
        for i, k in enumerate(powers):
            if k not in POWERS:
                raise self.fail(f"{path}.powers[{i}]", unknown("power", k, POWERS))
        return dict(hero=hero, abilities=tuple(abilities), modify=tuple(modify.items()), powers=tuple(powers),
                    use=self._effects(cdoc, "use", path, required=False),
                    each_turn=self._effects(cdoc, "each_turn", path, required=False),
                    carry=r.value(cdoc, "carry", path, bool, False))

    def _effects(self, doc: dict, key: str, path: str, required: bool) -> tuple[Effect, ...]:
        full = f"{path}.{key}"
        if key not in doc:
            if required:
                raise self.fail(full, Problem("chapter.effects_missing"))
            return ()
        items = doc[key]
        if not isinstance(items, list):
            raise self.fail(full, Problem("chapter.effects_type", type=type(items).__name__))
        if required and not items:
            raise self.fail(full, Problem("chapter.effects_empty"))
        effects = tuple(self._effect(e, f"{full}[{i}]") for i, e in enumerate(items))
        if any(e.do == "story" for e in effects) and len(effects) > 1:
            raise self.fail(full, Problem("chapter.story_alone"))
        return effects

    def _effect(self, e: Any, path: str) -> Effect:
        r = self.r
        if not isinstance(e, dict):
            raise self.fail(path, Problem("chapter.effect_table"))
        do = r.value(e, "do", path, str)
        if do not in EFFECT_KEYS:
            raise self.fail(f"{path}.do", unknown("effect", do, EFFECT_KEYS))
        r.only(e, path, ("do", *EFFECT_KEYS[do]))
        kw: dict[str, Any] = {"do": do}
        if "to" in EFFECT_KEYS[do]:
            kw["to"] = self._target(e, path, "all" if do == "remove" else "reader")
        if do == "taler":
            kw["n"] = r.int_in(e, "n", path, -50, 50)
            if not kw["n"]:
                raise self.fail(f"{path}.n", Problem("chapter.not_zero"))
        elif do == "warriors":
            kw["n"] = r.int_in(e, "n", path, 1, 3)
        elif do == "potion":
            kind = r.value(e, "kind", path, str)
            if kind not in (*POTIONS, "any"):
                raise self.fail(f"{path}.kind", unknown("potion", kind, POTIONS))
            kw["kind"] = kind
        elif do == "heal":
            if ("n" in e) == ("full" in e):
                raise self.fail(path, Problem("chapter.heal"))
            if "full" in e:
                kw["full"] = r.value(e, "full", path, bool)
                if not kw["full"]:
                    raise self.fail(f"{path}.full", Problem("chapter.heal_full"))
            else:
                kw["n"] = r.int_in(e, "n", path, 1, 30)
        elif do == "card":
            kw["card"] = r.value(e, "card", path, str)
            kw["instead"] = self._effects(e, "instead", path, required=False)
        elif do == "epic":
            item = r.value(e, "item", path, str)
            if item not in EPIC_CARDS:
                raise self.fail(f"{path}.item", unknown("epic", item, EPIC_CARDS))
            kw["item"] = item
            kw["instead"] = self._effects(e, "instead", path, required=False)
        elif do in ("enable", "disable"):
            self._rule(e, path, kw)
        elif do == "goal":
            if "ambers" not in e and "crystals" not in e:
                raise self.fail(path, Problem("chapter.goal"))
            kw["ambers"] = r.int_in(e, "ambers", path, 1, 12) if "ambers" in e else 0
            kw["crystals"] = r.int_in(e, "crystals", path, 1, 6) if "crystals" in e else 0
        elif do == "remove":
            self._remove(e, path, kw)
        elif do == "gode":
            marker = r.value(e, "marker", path, str, "blitz")
            if marker not in GODE_ABILITIES:
                raise self.fail(f"{path}.marker", unknown("marker", marker, GODE_ABILITIES))
            kw["marker"] = marker
        elif do == "choice":
            kw["options"] = self._options(e, path)
        return Effect(**kw)

    def _target(self, e: dict, path: str, default: str) -> str:
        to = self.r.value(e, "to", path, str, default)
        if to.startswith("hero:"):
            self._hero(to[5:], f"{path}.to")
        elif to not in TARGETS:
            raise self.fail(f"{path}.to", unknown("target", to, TARGETS))
        return to

    def _rule(self, e: dict, path: str, kw: dict) -> None:
        r = self.r
        rule = r.value(e, "rule", path, str)
        if rule not in CAMPAIGN_RULES:
            raise self.fail(f"{path}.rule", unknown("rule", rule, CAMPAIGN_RULES))
        kw["rule"] = rule
        if "price" in e and not (kw["do"] == "enable" and rule == "buy_amber"):
            raise self.fail(f"{path}.price", Problem("chapter.price"))
        if kw["do"] == "enable" and rule == "buy_amber":
            kw["price"] = r.int_in(e, "price", path, 0, 50)
        if "items" in e:
            if not (kw["do"] == "enable" and rule == "epic"):
                raise self.fail(f"{path}.items", Problem("chapter.items"))
            items = r.value(e, "items", path, list)
            for i, it in enumerate(items):
                if it not in EPIC_CARDS:
                    raise self.fail(f"{path}.items[{i}]", unknown("epic", it, EPIC_CARDS))
            kw["items"] = tuple(items)

    def _remove(self, e: dict, path: str, kw: dict) -> None:
        r = self.r
        units = r.value(e, "units", path, str, "warriors")
        if units not in UNIT_KINDS:
            raise self.fail(f"{path}.units", unknown("units", units, UNIT_KINDS))
        terrain = r.value(e, "terrain", path, list, [])
        for i, t in enumerate(terrain):
            if t not in TERRAINS:
                raise self.fail(f"{path}.terrain[{i}]", unknown("terrain", t, TERRAINS))
        kinds = r.value(e, "kind", path, list, [])
        for i, k in enumerate(kinds):
            if k not in WHERE_KINDS:
                raise self.fail(f"{path}.kind[{i}]", unknown("hex_kind", k, WHERE_KINDS))
        lo = r.int_in(e, "level_min", path, 0, 5, 0)
        hi = r.int_in(e, "level_max", path, 0, 5, 5)
        if lo > hi:
            raise self.fail(f"{path}.level_min", Problem("chapter.level_order", lo=lo, hi=hi))
        if not (terrain or kinds or "level_min" in e or "level_max" in e):
            raise self.fail(path, Problem("chapter.remove_condition"))
        kw.update(units=units, count=r.int_in(e, "count", path, 0, 10, 0),
                  where=Where(tuple(terrain), tuple(kinds), lo, hi))

    def _options(self, e: dict, path: str) -> tuple[Option, ...]:
        r = self.r
        items = r.value(e, "options", path, list)
        if len(items) < 2:
            raise self.fail(f"{path}.options", Problem("chapter.options_two"))
        out, ids = [], set()
        for i, o in enumerate(items):
            key = f"{path}.options[{i}]"
            if not isinstance(o, dict):
                raise self.fail(key, Problem("chapter.option_table"))
            r.only(o, key, ("id", "text", "cost", "effects"))
            oid = r.value(o, "id", key, str)
            if not oid or not all(c.isalnum() or c in "-_" for c in oid) or oid != oid.lower():
                raise self.fail(f"{key}.id", Problem("chapter.option_id", val=repr(oid)))
            if oid in ids:
                raise self.fail(f"{key}.id", Problem("chapter.option_taken", val=repr(oid)))
            ids.add(oid)
            cost = r.int_in(o, "cost", key, 0, 50, 0)
            out.append(Option(oid, r.texts(o, "text", key), cost, self._effects(o, "effects", key, required=True)))
        if all(o.cost for o in out):
            raise self.fail(f"{path}.options", Problem("chapter.option_free"))
        return tuple(out)

    # ------------------------------------------------------------------ reused cards
    def _reuse(self, doc: dict, own: dict[str, Card]) -> dict[str, Card]:
        items = self.r.value(doc, "reuse", "", list, [])
        out: dict[str, Card] = {}
        self.reuse_keys: dict[str, str] = {}
        for i, item in enumerate(items):
            key = f"reuse[{i}]"
            if not isinstance(item, dict):
                raise self.fail(key, Problem("chapter.reuse_table"))
            self.r.only(item, key, ("file", "cards"))
            name = self.r.value(item, "file", key, str)
            other = self.path.parent / name
            if not other.is_file():
                raise self.fail(f"{key}.file", Problem("chapter.reuse_file", name=repr(name)))
            other = other.resolve()
            if str(other) in self.stack:
                raise self.fail(f"{key}.file", Problem("chapter.reuse_circle"))
            source = _Loader(other, self.stack).load()
            ids = self.r.value(item, "cards", key, list)
            for j, cid in enumerate(ids):
                if not isinstance(cid, str) or cid not in source.cards:
                    raise self.fail(f"{key}.cards[{j}]", Problem("chapter.reuse_card", file=name, card=repr(cid)))
                if cid in own or cid in out:
                    raise self.fail(f"{key}.cards[{j}]", Problem("chapter.reuse_twice", card=repr(cid)))
                out[cid] = source.cards[cid]
                self.reuse_keys[cid] = f"{key}.cards[{j}]"
        return out


def lang_text(texts: dict[str, str] | None, lang: str) -> str:
    """A card's own text in ``lang`` (R-CAMP-6: written for this project, in
    German and English; its effects are machine-readable)."""
    if not texts:
        return ""
    return texts.get(lang) or texts[LANGS[0]]
