"""The rules the campaign's cards bring in, to read again (issue 18).

The rulebook tells players to read a section when a card says so or when
the time comes ("Lest diesen Abschnitt erst im Sommer!", "… nur, wenn ihr
von einer Sonderkarte dazu aufgefordert werdet"). Each such section lives
in the catalogues (``rulehelp.<section>``, German and English, after the
rulebook's wording); a card names what it brings (``Card.introduces``:
rules it enables, ``rifts``, ``trolls``) and this module maps that to the
sections, for the card's "Regel lesen" and the chapter help.
"""

from __future__ import annotations

from .i18n import t

#: what a card brings (a rule flag, "rifts", "trolls") -> the section to read
SECTION_OF = {
    "movement": "bewegung", "combat": "kampf",
    "potions": "traenke", "haste": "traenke", "wisent": "wisent", "helm": "helm", "gamble": "gluecksspiel",
    "rifts": "felsspalten", "buy_amber": "bernsteinkauf", "gode": "goden", "blitz": "blitzschlag",
    "trolls": "trolle", "epic": "episch", "runestone": "runenstein",
}
#: the sections in the order the campaign brings them
ORDER = ("bewegung", "kampf", "traenke", "wisent", "helm", "felsspalten", "gluecksspiel", "bernsteinkauf", "goden", "blitzschlag",
         "trolle", "episch", "runenstein")
#: sections the rulebook has no text for (the printed card is not in it, R-CAMP-6): this edition's words
APP_MADE = frozenset({"bernsteinkauf"})
#: sections of the rules every chapter plays with (the first card brings them to read)
BASE = ("bewegung", "kampf")


def sections(brought) -> list[str]:
    """The sections for what a card (or a chapter) brings, each once, in order."""
    wanted = {SECTION_OF[x] for x in brought if x in SECTION_OF}
    return [s for s in ORDER if s in wanted]


def title(section: str) -> str:
    return t(f"rulehelp.{section}.title")


def markdown(section: str, level: int = 2) -> str:
    """One section in Markdown: its title, the rule, and where the words come from."""
    source = t("rulehelp.app" if section in APP_MADE else "rulehelp.source")
    return f"{'#' * level} {title(section)}\n\n{t(f'rulehelp.{section}.body')}\n\n*{source}*"
