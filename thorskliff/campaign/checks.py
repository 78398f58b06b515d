"""Cross-checks of a loaded chapter file (docs/scenarios.md): decks against
cards, the time track against the time deck, effects against the decks they
draw from, and where decisions are allowed. Problems are ScenarioErrors with
the file, the key path and what is wrong."""

from __future__ import annotations

from ..scenario import ScenarioError
from .chapter import DECIDING, EFFECT_KEYS, Card, Chapter, Effect


class Checker:
    """Cross-references: decks against cards, the time track against the time deck."""

    def __init__(self, loader, ch: Chapter, own: set[str]):
        self.ld = loader
        self.ch = ch
        self.own = own  # the cards this file defines (the others are reused)

    def fail(self, key: str, problem: str) -> ScenarioError:
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
                        raise self.fail(f"decks.sanctuary[{i}].shuffle[{j}]", "the winner's cards are not shuffled")
        self._setup_cards(placed)
        self._sanctuary_order()
        self._track()
        for cid in sorted(self.own):
            if cid not in placed and cid not in self._given_at_setup():
                raise self.fail(f"cards.{cid}", "is in no deck and given at no setup")
        for cid, card in ch.cards.items():
            if cid in self.own:
                self._card_refs(card, f"cards.{cid}")
                continue
            try:  # a reused card must also fit this chapter's decks
                self._card_refs(card, f"cards.{cid}")
            except ScenarioError as exc:
                raise self.fail(self.ld.reuse_keys[cid], f"in this chapter {exc.key}: {exc.problem}") from None

    def _in_deck(self, cid: str, deck: str, key: str, placed: dict[str, str]) -> None:
        card = self.ch.cards.get(cid)
        if card is None:
            raise self.fail(key, f"names a missing card {cid!r}")
        if card.deck != deck:
            raise self.fail(key, f"{cid!r} is a {card.deck} card, not a {deck} card")
        if cid in placed:
            raise self.fail(key, f"{cid!r} is already in {placed[cid]}")
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
                    raise self.fail(key, f"names a missing card {cid!r}")
                if card.deck != "special":
                    raise self.fail(key, f"{cid!r} is a {card.deck} card; a hero holds special cards")
                if cid in placed:
                    raise self.fail(key, f"{cid!r} is given at setup and lies in {placed[cid]}")
        for i, cid in enumerate(ch.carry):
            card = ch.cards.get(cid)
            if card is None:
                raise self.fail(f"setup.carry[{i}]", f"names a missing card {cid!r} (reuse it from its chapter)")
            if not card.carry:
                raise self.fail(f"setup.carry[{i}]", f"{cid!r} is no card that carries over (carry = true)")

    def _sanctuary_order(self) -> None:
        ch = self.ch
        seen_finale = False
        plain = 0
        for i, item in enumerate(ch.sanctuary):
            if isinstance(item, str) and ch.cards[item].finale:
                seen_finale = True
            elif seen_finale:
                raise self.fail(f"decks.sanctuary[{i}]", "the winner's cards (finale) come last")
            else:
                plain += 1 if isinstance(item, str) else len(item)
        need = (ch.goal_ambers - 1) * ch.players[1]
        if plain < need:
            raise self.fail("decks.sanctuary", f"holds {plain} cards before the winner's, but {ch.players[1]} "
                                               f"players may make {need} deliveries that draw one")

    def _track(self) -> None:
        ch = self.ch
        spaces = [(i, k) for i, k in enumerate(ch.track) if k != "-"]
        if len(spaces) != len(ch.time):
            raise self.fail("track.spaces", f"has {len(spaces)} spaces with a card but the time deck holds "
                                            f"{len(ch.time)} cards")
        for n, ((i, kind), cid) in enumerate(zip(spaces, ch.time)):
            card = ch.cards[cid]
            darkness = any(e.do == "darkness" for e in card.effects)
            if kind == "white":
                if card.season:
                    raise self.fail(f"decks.time[{n}]", f"{cid!r} is the {card.season} card but lands on the "
                                                        f"white field {i + 1}")
            elif card.season != kind:
                raise self.fail(f"decks.time[{n}]", f"{cid!r} lands on space {i + 1} ({kind}) but its season is "
                                                    f"{card.season or 'none'}")
            if darkness != (kind == "darkness"):
                raise self.fail(f"decks.time[{n}]", "only the card of the last space ends the chapter (darkness)"
                                if darkness else f"{cid!r} on the last space must end the chapter (do = \"darkness\")")

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
                raise self.fail(f"{key}.do", "no decision allowed here: the winner's cards and each_turn effects run without one")
            if card.deck == "time" and e.to == "reader" and "to" in EFFECT_KEYS[e.do]:
                raise self.fail(f"{key}.to", "a time card has no reader: name all, behind or hero:NAME")
            if e.do == "darkness" and card.deck != "time":
                raise self.fail(f"{key}.do", "only the time track's last card ends the chapter")
            if e.do == "card":
                if e.card == "top":
                    if not ch.special:
                        raise self.fail(f"{key}.card", "draws from an empty special deck")
                elif e.card not in ch.special:
                    raise self.fail(f"{key}.card", f"{e.card!r} is not in the special deck")
            self._refs(card, e.instead, f"{key}.instead", quiet)
            for j, o in enumerate(e.options):
                self._refs(_as_reader(card), o.effects, f"{key}.options[{j}].effects", quiet)


def _as_reader(card: Card) -> Card:
    """Inside a choice the chooser is the reader, also on a time card."""
    return Card(id=card.id, deck="special", title=card.title, story=None, text=None, finale=card.finale)
