"""Cross-checks of a loaded chapter file (docs/scenarios.md): decks against
cards, the time track against the time deck, effects against the decks they
draw from, and where decisions are allowed. Problems are ScenarioErrors with
the file, the key path and what is wrong."""

from __future__ import annotations

from typing import Any

from ..loaderror import Problem
from ..scenario import ScenarioError
from .model import DECIDING, EFFECT_KEYS, Card, Chapter, Effect


class Checker:
    """Cross-references: decks against cards, the time track against the time deck."""

    def __init__(self, loader, ch: Chapter, own: set[str]):
        self.ld = loader
        self.ch = ch
        self.own = own  # the cards this file defines (the others are reused)

    def fail(self, key: str, problem: Any) -> ScenarioError:
        return self.ld.fail(key, problem)

    def check(self) -> None:
        ch = self.ch
        placed: dict[str, str] = {}
        for deck, ids in (("time", ch.time), ("special", ch.special)):
            for i, cid in enumerate(ids):
                self._in_deck(cid, deck, f"decks.{deck}[{i}]", placed)
        for i, item in enumerate(ch.sanctuary):
            if isinstance(item, str):
                self._in_deck(item, "sanctuary", f"decks.sanctuary[{i}]", placed)
            else:
                for j, cid in enumerate(item):
                    self._in_deck(cid, "sanctuary", f"decks.sanctuary[{i}].shuffle[{j}]", placed)
                    if ch.cards[cid].finale:
                        raise self.fail(f"decks.sanctuary[{i}].shuffle[{j}]", Problem("chapter.shuffled_finale"))
        self._setup_cards(placed)
        self._sanctuary_order()
        self._track()
        for cid in sorted(self.own):
            if cid not in placed and cid not in self._given_at_setup():
                raise self.fail(f"cards.{cid}", Problem("chapter.no_deck"))
        for cid, card in ch.cards.items():
            if cid in self.own:
                self._card_refs(card, f"cards.{cid}")
                continue
            try:  # a reused card must also fit this chapter's decks
                self._card_refs(card, f"cards.{cid}")
            except ScenarioError as exc:
                why = exc.said if exc.said is not None else exc.problem
                raise self.fail(self.ld.reuse_keys[cid], Problem("chapter.reused", key=exc.key, why=why)) from None

    def _in_deck(self, cid: str, deck: str, key: str, placed: dict[str, str]) -> None:
        card = self.ch.cards.get(cid)
        if card is None:
            raise self.fail(key, Problem("chapter.missing_card", card=repr(cid)))
        if card.deck != deck:
            raise self.fail(key, Problem("chapter.wrong_deck", card=repr(cid), is_in=card.deck, deck=deck))
        if cid in placed:
            raise self.fail(key, Problem("chapter.placed", card=repr(cid), where=placed[cid]))
        placed[cid] = key

    def _given_at_setup(self) -> set[str]:
        return {c for ids in self.ch.setup_cards.values() for c in ids} | set(self.ch.carry)

    def _setup_cards(self, placed: dict[str, str]) -> None:
        ch = self.ch
        for hero, ids in ch.setup_cards.items():
            for i, cid in enumerate(ids):
                key = f"setup.cards.{hero}[{i}]"
                card = ch.cards.get(cid)
                if card is None:
                    raise self.fail(key, Problem("chapter.missing_card", card=repr(cid)))
                if card.deck != "special":
                    raise self.fail(key, Problem("chapter.setup_special", card=repr(cid), deck=card.deck))
                if cid in placed:
                    raise self.fail(key, Problem("chapter.setup_placed", card=repr(cid), where=placed[cid]))
        for i, cid in enumerate(ch.carry):
            card = ch.cards.get(cid)
            if card is None:
                raise self.fail(f"setup.carry[{i}]", Problem("chapter.carry_missing", card=repr(cid)))
            if not card.carry:
                raise self.fail(f"setup.carry[{i}]", Problem("chapter.carry_not", card=repr(cid)))

    def _sanctuary_order(self) -> None:
        ch = self.ch
        seen_finale = False
        plain = 0
        for i, item in enumerate(ch.sanctuary):
            if isinstance(item, str) and ch.cards[item].finale:
                seen_finale = True
            elif seen_finale:
                raise self.fail(f"decks.sanctuary[{i}]", Problem("chapter.finale_last"))
            else:
                plain += 1 if isinstance(item, str) else len(item)
        need = (ch.goal_ambers - 1) * ch.players[1]
        if plain < need:
            raise self.fail("decks.sanctuary", Problem("chapter.sanctuary_short", plain=plain, players=ch.players[1],
                                                       need=need))

    def _track(self) -> None:
        ch = self.ch
        spaces = [(i, k) for i, k in enumerate(ch.track) if k != "-"]
        if len(spaces) != len(ch.time):
            raise self.fail("track.spaces", Problem("chapter.track_count", spaces=len(spaces), cards=len(ch.time)))
        for n, ((i, kind), cid) in enumerate(zip(spaces, ch.time)):
            card = ch.cards[cid]
            darkness = any(e.do == "darkness" for e in card.effects)
            if kind == "white":
                if card.season:
                    raise self.fail(f"decks.time[{n}]", Problem("chapter.white", card=repr(cid), season=card.season,
                                                                n=i + 1))
            elif card.season != kind:
                raise self.fail(f"decks.time[{n}]", Problem("chapter.season_land", card=repr(cid), n=i + 1, kind=kind,
                                                            season=card.season or Problem("chapter.no_season")))
            if darkness != (kind == "darkness"):
                raise self.fail(f"decks.time[{n}]", Problem("chapter.darkness_early") if darkness
                                else Problem("chapter.darkness_last", card=repr(cid)))

    def _card_refs(self, card: Card, path: str) -> None:
        groups = [("effects", card.effects), ("use", card.use), ("each_turn", card.each_turn)]
        for key, effects in groups:
            quiet = key == "each_turn" or card.finale
            self._refs(card, effects, f"{path}.{key}", quiet)

    def _refs(self, card: Card, effects: tuple[Effect, ...], path: str, quiet: bool) -> None:
        ch = self.ch
        for i, e in enumerate(effects):
            key = f"{path}[{i}]"
            if quiet and (e.do in DECIDING and not (e.do == "potion" and e.kind != "any")):
                raise self.fail(f"{key}.do", Problem("chapter.no_decision"))
            if card.deck == "time" and e.to == "reader" and "to" in EFFECT_KEYS[e.do]:
                raise self.fail(f"{key}.to", Problem("chapter.time_reader"))
            if e.do == "darkness" and card.deck != "time":
                raise self.fail(f"{key}.do", Problem("chapter.darkness_only"))
            if e.do == "card":
                if e.card == "top":
                    if not ch.special:
                        raise self.fail(f"{key}.card", Problem("chapter.empty_special"))
                elif e.card not in ch.special:
                    raise self.fail(f"{key}.card", Problem("chapter.not_special", card=repr(e.card)))
            self._refs(card, e.instead, f"{key}.instead", quiet)
            for j, o in enumerate(e.options):
                self._refs(_as_reader(card), o.effects, f"{key}.options[{j}].effects", quiet)


def _as_reader(card: Card) -> Card:
    """Inside a choice the chooser is the reader, also on a time card."""
    return Card(id=card.id, deck="special", title=card.title, story=None, text=None, finale=card.finale)
