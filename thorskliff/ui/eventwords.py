"""The engine's events (``thorskliff.engine.events``) in words, from the
catalogues (section ``[event]``): one line per event, for the game log, the
combat summary, the bot-turn view, "since your last turn" and ``thorskliff log``.

The words say only what the event says; an event seen by another seat has its
secret parts redacted already (``events.visible``), and a redacted potion
reads "verdeckt" / "face down".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import events as E
from ..engine.actions import hexlabel
from . import words
from .i18n import t


@dataclass(frozen=True)
class Names:
    """Who the seats are: player names and hero names, by 0-based seat."""

    players: Sequence[str]
    heroes: Sequence[str]

    @classmethod
    def of_obs(cls, obs: dict) -> Names:
        return cls([p["name"] for p in obs["players"]], [p["hero"] for p in obs["players"]])

    @classmethod
    def of_state(cls, st) -> Names:
        return cls([p.name for p in st.players], [p.hero for p in st.players])

    def who(self, seat: int | None) -> str:
        if seat is None:
            return t("event.nobody")
        if seat == E.TROLL:
            return t("combat.troll")
        return self.players[seat]

    def unit(self, seat: int, code: str) -> str:
        """A unit in words: the hero by name, a troll, a warrior of a seat."""
        if code == "H" and seat >= 0:
            return self.heroes[seat]
        if code == "T":
            return t("combat.troll")
        if code == "W":
            return t("unit.W")
        return words.unit_code(code)


def _hex(h: int) -> str:
    return hexlabel(h) if h >= 0 else "–"


def _potion(kind: str | None) -> str:
    return words.potion(kind)


def _marker(m: str) -> str:
    return "+".join(t(f"ability.{x}") for x in m.split("+"))


def _dice(e: E.Rolled) -> str:
    return words.dice_text(e.dice, e.vals)


def say(e: E.Event, n: Names, card_name=None, option_name=None) -> str | None:
    """One line for ``e``, or None for an event that another line already says.
    ``card_name`` gives a campaign card's title by id, ``option_name`` the
    words of a card's option by card and option id (None: not known)."""
    k = e.kind
    who = n.who(getattr(e, "seat", None)) if hasattr(e, "seat") else ""
    if isinstance(e, E.Placed):
        return t("event.placed", who=who, hex=_hex(e.hex))
    if isinstance(e, E.TurnBegan):
        return t("event.turn", who=who, round=e.round)
    if isinstance(e, E.RuneCounted):
        return t("event.rune_count", who=who, hex=_hex(e.hex), left=e.left)
    if isinstance(e, E.StoodUp):
        return t("event.stood_up", hero=n.unit(e.seat, "H"), hex=_hex(e.hex), life=e.life)
    if isinstance(e, E.MarkerSet):
        return t("event.marker", who=who, marker=_marker(e.marker))
    if isinstance(e, E.Moved):
        return t("event.moved_haste" if e.haste else "event.moved", who=who, unit=n.unit(e.seat, e.unit),
                 src=_hex(e.src), dst=_hex(e.dst))
    if isinstance(e, E.Took):
        if e.auto:
            return t("event.took_beach", who=who, hex=_hex(e.hex))
        return t(f"event.took_{e.what}", who=who, hex=_hex(e.hex), n=e.n)
    if isinstance(e, E.Sold):
        return t("event.sold", who=who, hex=_hex(e.hex), taler=e.taler)
    if isinstance(e, E.Delivered):
        return t("event.delivered", who=who, count=e.count, taler=e.taler, warriors=e.warriors)
    if isinstance(e, E.CrystalBonus):
        return t("event.crystal_bonus", who=who, bonus=t(f"event.bonus_{e.bonus}"))
    if isinstance(e, E.Silver):
        return t("event.silver", who=who, taler=e.taler, terrain=words.terrain(e.terrain))
    if isinstance(e, E.Healed):
        return t("event.healed", hero=n.unit(e.seat, "H"), before=e.before, after=e.after,
                 cause=t(f"event.cause_{e.cause}"))
    if isinstance(e, E.Bought):
        if e.item == "met":
            return None  # its "healed" says it
        if e.item == "potion":
            if e.drunk:
                return t("event.bought_drunk", who=who, price=e.price)
            return t("event.bought_potion", who=who, potion=_potion(e.potion), price=e.price)
        if e.item == "epic":
            return t("event.bought_epic", who=who, card=t(f"epic.{e.card}"), price=e.price)
        return t(f"event.bought_{e.item}", who=who, price=e.price)
    if isinstance(e, E.Gambled):
        return t("event.gamble", who=who, price=e.price)
    if isinstance(e, E.GambleWon):
        return t("event.gamble_won", who=who, taler=e.taler)
    if isinstance(e, E.Searched):
        return t("event.search", who=who, taler=e.taler)
    if isinstance(e, E.RuneRaised):
        return t("event.rune", who=who, hex=_hex(e.hex))
    if isinstance(e, (E.Gift, E.Discarded, E.PotionGiven)):
        return t(f"event.{k}", who=who, potion=_potion(e.potion))
    if isinstance(e, E.Drank):
        return t("event.drank", who=who, potion=_potion(e.potion))
    if isinstance(e, E.Recruited):
        return t("event.recruited", who=who, unit=n.unit(e.seat, e.unit) if e.unit != "H" else e.unit, hex=_hex(e.hex), price=e.price)
    if isinstance(e, E.Laid):
        return t("event.laid", hero=n.unit(e.seat, "H"), hex=_hex(e.hex))
    if isinstance(e, E.WentOut):
        return t(f"event.out_{e.reason}", who=who)
    if isinstance(e, E.Won):
        return t("event.won", who=n.who(e.seat), reason=t(f"event.reason_{e.reason}"))
    if isinstance(e, E.CombatBegan):
        key = "event.strike" if e.strike else "event.combat"
        return t(key, hex=words.on_hex(_hex(e.hex)), att=n.who(e.attacker), dfn=n.who(e.defender))
    if isinstance(e, E.Rolled):
        return t(f"event.rolled_{e.purpose}", dice=_dice(e))
    if isinstance(e, E.Blocked):
        return t("event.blocked", who=who, vals=", ".join(f"{k}{v}" for k, v in zip(e.dice, e.vals)))
    if isinstance(e, E.Damaged):
        if e.unit == "H":
            return t("event.damage_hero", unit=n.unit(e.seat, "H"), amount=e.amount, before=e.before,
                     after=e.after)
        return t("event.damage", unit=n.unit(e.seat, e.unit), who=who, amount=e.amount)
    if isinstance(e, E.Defeated):
        return t("event.defeated", unit=n.unit(e.seat, e.unit), who=who)
    if isinstance(e, E.Fainted):
        line = t("event.fainted", hero=n.unit(e.seat, "H"), hex=_hex(e.hex))
        gone = faint_goods(e, n)
        return f"{line} {gone}" if gone else line
    if isinstance(e, E.Retreated):
        if e.unit == "H":
            return t("event.retreat_hero", unit=n.unit(e.seat, "H"), src=_hex(e.src), dst=_hex(e.dst))
        return t("event.retreat", unit=n.unit(e.seat, e.unit), who=who, src=_hex(e.src), dst=_hex(e.dst))
    if isinstance(e, E.Held):
        return t("event.held", who=who, hex=_hex(e.hex))
    if isinstance(e, E.CombatEnded):
        return None  # the summary's frame says it
    if isinstance(e, E.Plunder):
        return t(f"event.plunder_{e.how}", who=who, n=e.n, hex=_hex(e.hex))
    if isinstance(e, E.CardRead):
        name = card_name(e.card) if card_name else e.card
        if e.how == "use" and e.reader is not None:
            return t("event.card_use", card=name, who=n.who(e.reader))
        if e.how == "time":  # R-CAMP-2: read to everyone, not "(nobody)"'s
            return t("event.card_time", card=name)
        return t("event.card", card=name, who=n.who(e.reader) if e.reader is not None else t("event.nobody"))
    if isinstance(e, E.Chose):
        if e.option == "potion":
            return t("event.chose_potion", who=who, potion=_potion(e.potion))
        option = (option_name(e.card, e.option) if option_name else None) or e.option
        if card_name:
            option = t("campaign.do.answer", option=option, card=card_name(e.card))
        return t("event.chose", who=who, option=option)
    if isinstance(e, E.WarriorsPlaced):
        return t("event.warriors_gone" if e.n < 0 else "event.warriors", who=who, n=abs(e.n), hex=_hex(e.hex))
    if isinstance(e, E.GodePlaced):
        return t("event.gode_placed", who=who, hex=_hex(e.hex))
    if isinstance(e, E.GodeRemoved):
        return t("event.gode_removed", who=who, hex=_hex(e.hex))
    if isinstance(e, E.TrollAppeared):
        return t("event.troll", hex=_hex(e.hex))
    if isinstance(e, E.TalerChanged):
        return t("event.taler_plus" if e.n >= 0 else "event.taler_minus", who=who, n=abs(e.n))
    return None


def faint_goods(e, n: Names) -> str:
    """Where a fainted hero's Taler and amber went ("– 4 Taler + ein Bernstein an
    Astrid"), or "" when it had none. R-FAINT-1: the Taler go to an enemy hero on
    the hex (or lie there); the amber only if that hero carries none ("taken"),
    else it lies there ("laid")."""
    taken: list[str] = []
    laid: list[str] = []
    if e.taler:
        (taken if e.taker is not None else laid).append(t("event.n_taler", n=e.taler))
    if e.amber:
        (taken if e.amber == "taken" and e.taker is not None else laid).append(t("event.an_amber"))
    line = t("event.fainted_taken", what=" + ".join(taken), taker=n.who(e.taker)) if taken else ""
    if laid and taken:
        line += t("event.fainted_also_laid", what=" + ".join(laid), hex=_hex(e.hex))
    elif laid:
        line = t("event.fainted_laid", what=" + ".join(laid), hex=_hex(e.hex))
    return line


def lines(events, n: Names, card_name=None, option_name=None) -> list[str]:
    return [s for s in (say(e, n, card_name, option_name) for e in events) if s]
