"""Decisions and pieces in words, from the catalogue (``i18n``).

:func:`decision` says what a legal choice will do (menus), :func:`taken_back`
what an undo took back (what a decision did, the game log says from the
engine's events: ``eventwords``, ``logtext``).
They read notation text and observation data, so a remote session needs
nothing more; a campaign chapter's own decisions (``choose``, ``use``,
``buy amber``, see :func:`campaign`) also read the shipped chapter's cards
for their titles and a card's options.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..engine.steps import COMBAT_STEPS, Step
from ..engine.actions import LABELS, NotationError, parse
from ..engine.dice import blocked_kinds
from ..engine.turn_verbs import WINDOW_STEPS
from . import i18n
from .i18n import lang, t

CAMPAIGN_VERBS = ("choose", "use")
#: the ids of a card's "any potion" choice and of the second crystal's bonus (campaign/effects.py)
POTION_KINDS = ("heil", "kraft", "eile", "schutz")
CRYSTAL_BONUS = {"die": "S", "shield": "P"}


def potion(kind: str | None) -> str:
    return t(f"potion.{kind}") if kind else t("potion.hidden")


def terrain(kind: str) -> str:
    return t(f"terrain.{kind}")


def unit_code(code: str) -> str:
    """H, G, T, R, W1… as words (the enemy's W2 is 'Krieger 2')."""
    if code.startswith("W"):
        return t("unit.warrior_n", n=code[1:] or "")
    return t(f"unit.{code}")


def dice_text(kinds: str, vals) -> str:
    return " ".join(f"{k}{v}" for k, v in zip(kinds, vals))


def hexname(i: int) -> str:
    return LABELS[i]


def on_hex(label: str) -> str:
    """A hex label after "auf"/"on" in a fight's words: the sanctuary by its name ("Kampf
    auf S" named no place a player knows; R-ISLE-2: the Heiligtum's label is S)."""
    return t("place.on_S") if label == "S" else label


def decision(text: str, step: str = "", obs: dict | None = None, card: Callable[[str], dict] | None = None) -> str:
    """What choosing ``text`` does, for a menu (``card``: a card's view by id,
    for a campaign chapter's titles)."""
    if is_campaign(text):
        said = campaign(text, obs, card)
        return said if said is not None else text
    try:
        a = parse(text)
    except NotationError:
        return text
    v = a.verb
    if v == "step":
        unit = t(f"unit.{a.arg}")
        if a.c >= 0:
            return t("do.step_on", unit=unit, a=hexname(a.a), b=hexname(a.b))
        return t("do.step", unit=unit, a=hexname(a.a), b=hexname(a.b))
    if v == "end":
        return t(f"do.end.{_end_key(step, obs)}")
    if v in ("fight", "blitz", "throw"):
        return t(f"do.{v}", hex=on_hex(hexname(a.a)))
    if v in ("beach", "lay"):
        return t(f"do.{v}", hex=hexname(a.a))
    if v == "haste":
        return t("do.haste", a=hexname(a.a), b=hexname(a.b))
    if v == "recruit":
        return t(f"do.recruit_{a.arg}", hex=hexname(a.a))
    if v == "gode":
        return t("do.gode", ability=" + ".join(t(f"ability.{x}") for x in a.arg.split("+")))
    if v in ("drink", "discard", "gift"):
        return t(f"do.{v}", potion=potion(a.arg))
    if v == "buy":
        return t("do.buy_now" if a.vals else "do.buy", potion=potion(a.arg))
    if v == "take":
        return t(f"do.take_{a.arg}")
    if v == "silver":
        gain = _silver_gain(obs, a.arg) if obs else None
        return t("do.silver", terrain=terrain(a.arg)) + (t("do.silver_gain", n=gain) if gain is not None else "")
    if v == "block":
        # which red dice the protection takes away (R-COMBAT-1 step 3, §8): "Blocken: 5" named
        # neither the die nor what blocks it
        c = (obs or {}).get("combat") or {}
        return t("do.block_with", dice=", ".join(blocked_dice(c.get("roll", []), a.vals)))
    if v == "hit":
        hero = _hit_hero(obs, a.arg)
        if hero:
            return t("do.hit_hero", value=a.vals[0], **hero)
        return t("do.hit", value=a.vals[0], unit=unit_code(a.arg))
    if v == "auto":
        return t("do.auto")
    if v == "gamble":
        return t(f"do.gamble_{a.arg}")
    if v == "epic":
        return t("do.epic", card=t(f"epic.{a.arg}"))
    if v == "crystal":
        return t(f"do.crystal_{a.arg}")
    if v == "roll":
        return t("do.roll", dice=dice_text(a.arg, a.vals))
    return t(f"do.{v}")


def blocked_dice(roll: list[dict], vals) -> list[str]:
    """Blocked values as dice of the roll ("G5", "K1"), each read as the engine's
    Blocked event reads it (:func:`..engine.dice.blocked_kinds`)."""
    kinds = blocked_kinds([(d["die"], d["value"]) for d in roll], vals)
    return [f"{k}{v}" for k, v in zip(kinds, vals)]


def _hit_hero(obs: dict | None, code: str) -> dict | None:
    """Whose heroine a die goes onto ("Würfel 1 → Heldin" named none): the side the
    roll strikes, R-COMBAT-1 steps 4 and 6."""
    c = (obs or {}).get("combat")
    if code != "H" or not c or obs is None:
        return None
    owner = c["defender"] if c["roll_of"] == "attacker" else c["attacker"]
    if not isinstance(owner, int):
        return None
    p = obs["players"][owner - 1]
    return {"hero": p["hero"], "name": p["name"]}


def _end_key(step: str, obs: dict | None = None) -> str:
    if step in COMBAT_STEPS:
        return _window_end_key(step, obs)
    ends: dict[str, str] = {Step.MOVE: "move", Step.COMBAT: "combat", Step.ACTION: "action", Step.POTION2: "potion2", Step.GIFT: "gift",
            Step.RECRUIT: "recruit", Step.HASTE: "haste", Step.AFTERHASTE: "turn", Step.TURNEND: "turn"}
    return ends.get(step, "other")


def _window_end_key(step: str, obs: dict | None) -> str:
    """Ending a combat's potion window, said truthfully: "Weiter (kein Trank)" read wrong
    to a player who had just drunk one and had none left to drink. With no potion to
    drink it is "Weiter"; after a potion drunk in this combat (any kind, a Heiltrank before
    the first roll too, R-POT-4: the view's ``combat.drunk``, which the engine keeps),
    "no further potion"."""
    if obs is None or "legal" not in obs or not is_window(step):
        return "window"
    c = obs.get("combat") or {}
    side = "defender" if step.startswith("c:def") else "attacker"
    drunk = c.get("drunk", {}).get(side)
    if not can_drink(obs):
        # nothing to drink here: the defender read "Weiter" where the attacker read "Weiter
        # (kein Trank)"; both read the same, and after a potion drunk, just "Weiter"
        return "other" if drunk else "window"
    if drunk:
        return "window_more"
    return "window"


def is_window(step: str) -> bool:
    """A combat's potion window (R-POT-4..6), not its roll, block or assignment: the
    engine's own set of windows."""
    return step in WINDOW_STEPS


def can_drink(obs: dict) -> bool:
    return any(x.startswith("drink") for x in obs.get("legal", ()))


def _silver_gain(obs: dict, terr: str) -> int | None:
    if obs is None or obs.get("turn") is None:
        return None
    seat = str(obs["turn"])
    n = sum(1 for hx in obs["hexes"] if hx["terrain"] == terr and hx["units"].get(seat, {}).get("warriors"))
    return max(0, n - 1)


def taken_back(line: str, session, viewer: int | None = None) -> str:
    """What the undone record ``line`` did, said with the view after the undo:
    the step it was taken at is the step again, a card's choice is open again."""
    obs = session.view(viewer)
    text = line.partition(" ")[2]
    card = getattr(session, "card_view", None)
    if is_campaign(text):
        said = campaign(text, obs, card, undone=True)
        return said if said is not None else text
    return decision(text, obs["step"], obs)


# ---------------------------------------------------------------- the campaign's own decisions


def is_campaign(text: str) -> bool:
    return text.partition(" ")[0] in CAMPAIGN_VERBS or text == "buy amber"


def campaign(text: str, obs: dict | None = None, card: Callable[[str], dict] | None = None,
             undone: bool = False) -> str | None:
    """A campaign decision (``choose``, ``use``, ``buy amber``) in words, or
    None for any other. For a menu the open choice's option says it, else
    the card read last that offers it; ``undone`` names the card whose
    choice is open again."""
    head, _, arg = text.partition(" ")
    camp = (obs or {}).get("campaign") or {}
    if head == "use":
        return t("campaign.do.use", card=card_name(arg, camp, card))
    if text == "buy amber":
        price = camp.get("amber_price")
        return t("campaign.do.buy_amber", n=price if price is not None else "?")
    if head != "choose":
        return None
    choice = camp.get("choice") or {}
    for o in choice.get("options", ()):
        if o["id"] == arg:
            said = o["text"] + (f" ({t('menu.cost', n=o['cost'])})" if o["cost"] else "")
            return t("campaign.do.answer", option=said, card=card_name(choice["card"], camp, card)) if undone else said
    found = _answered(arg, camp)
    if found:
        cid, option = found
        said = _option_text(option)
        return said if cid is None else t("campaign.do.answer", option=said, card=card_name(cid, camp, card))
    if arg in CRYSTAL_BONUS:
        return t(f"do.crystal_{CRYSTAL_BONUS[arg]}")
    if arg in POTION_KINDS:  # the deciding seat's own choice: it may read the kind
        return t("campaign.do.potion", potion=potion(arg))
    return t("campaign.do.choose", option=arg)


def card_name(cid: str, camp: dict | None = None, card: Callable[[str], dict] | None = None) -> str:
    """A campaign card's title: from ``card`` (a card's view by id), else
    from the chapter ``camp`` names, else from the shipped chapters' special
    cards; its id when none knows it."""
    if card is not None:
        try:
            return card(cid)["title"]
        except KeyError:
            pass
    ch = _chapter((camp or {}).get("chapter"), (camp or {}).get("title"))
    if ch is not None and cid in ch.cards:
        from ..campaign.chapter import lang_text

        return lang_text(ch.cards[cid].title, lang())
    return carried_title(cid)


def _chapter(number, title: str | None = None):
    """The shipped chapter ``number``; None when it cannot be read, or when
    ``title`` (the view's) is not its title: a chapter from another file."""
    if not isinstance(number, int):
        return None
    from ..campaign.chapter import load_chapter
    from ..scenario import ScenarioError

    try:
        ch = load_chapter(number)
    except (ScenarioError, OSError):
        return None
    return ch if title is None or title in ch.title.values() else None


def _answered(option_id: str, camp: dict):
    """(card id, Option) of the choice a ``choose`` answered: the card read
    last whose choice offers ``option_id``; when the log names none, the
    chapter's only text for that id, with no card (None). None when the
    chapter does not say."""
    ch = _chapter(camp.get("chapter"), camp.get("title"))
    if ch is None:
        return None
    offers = {cid: o for cid, c in ch.cards.items() for o in _options(c.effects + c.use) if o.id == option_id}
    read = [e["card"] for e in camp.get("log", ()) if e["card"] in offers]
    if read:
        return read[-1], offers[read[-1]]
    if len({_option_text(o) for o in offers.values()}) == 1:
        return None, next(iter(offers.values()))
    return None


def option_words(chapter, cid: str, option_id: str) -> str | None:
    """The words of option ``option_id`` of card ``cid`` of ``chapter`` (a
    campaign Chapter), with its cost; None when the card offers no such option."""
    c = chapter.cards.get(cid) if chapter is not None else None
    if c is not None:
        for o in _options(c.effects + c.use):
            if o.id == option_id:
                return _option_text(o)
    if option_id in CRYSTAL_BONUS:
        return t(f"do.crystal_{CRYSTAL_BONUS[option_id]}")
    return None


def _options(effects) -> list:
    out = []
    for e in effects:
        for o in e.options:
            out.append(o)
            out.extend(_options(o.effects))
    return out


def _option_text(option) -> str:
    from ..campaign.chapter import lang_text

    text = lang_text(option.text, lang())
    return text + (f" ({t('menu.cost', n=option.cost)})" if option.cost else "")


def carried_title(cid: str) -> str:
    """The title of a special card of the shipped chapters (they carry over
    between chapters), by its id."""
    return _special_titles(lang()).get(cid, cid)


@cache
def _special_titles(language: str) -> dict[str, str]:
    from ..campaign.chapter import lang_text

    out: dict[str, str] = {}
    for n in (1, 2, 3):
        ch = _chapter(n)
        if ch is None:  # a broken shipped file must not hide the table
            continue
        for cid, c in ch.cards.items():
            if c.deck == "special":
                out.setdefault(cid, lang_text(c.title, language))
    return out


def shown_params(key: str, params: dict) -> dict:
    """An engine message's parameters in the game's words, for ``i18n.said``."""
    out = dict(params)
    if isinstance(out.get("decision"), str) and not hasattr(out["decision"], "say"):
        out["decision"] = decision(out["decision"])
    if key in ("no_left", "no_potion") and isinstance(out.get("potion"), str):
        out["potion"] = potion(out["potion"])
    if key in ("epic_taken", "epic") and isinstance(out.get("card"), str):
        out["card"] = t(f"epic.{out['card']}")
    if key == "nothing_lying" and out.get("thing") in ("taler", "amber", "crystal"):
        out["thing"] = t(f"word.{out['thing']}")
    if key == "no_strike" and out.get("verb") in ("blitz", "throw"):
        out["verb"] = t("ability.blitz") if out["verb"] == "blitz" else t("weapon.mjolnir")
    return out


i18n._shown_by[:] = [shown_params]
