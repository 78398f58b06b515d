"""A stored bot (``careless``, ``search:400it/2500h``, ``search:2s``) in a player's words.

Records, campaign groups and the SSH host keep a bot by its spec (a level's
bot, not the level's name, so a game resumes with the bot it had). Groups
made before the levels existed, or a seat set from the CLI, keep specs such
as ``search:400it``: the screens show such a bot by its level when it is
one, else by its kind and budget from the catalogue ("Suche mit 400
Iterationen") — never the spec itself, which reads as a code to a player.
"""

from __future__ import annotations

import re

from .i18n import has, lang, t


def level_of(spec: str) -> str | None:
    """The level (``leicht`` …) whose bot ``spec`` is, however it is spelt
    (``Search:400IT/2500h``, ``schwer``), or None."""
    from ..bots.registry import LEVELS, bot_label

    try:
        canonical = bot_label(spec)
    except ValueError:
        return None
    return next((lv for lv, bot in LEVELS.items() if bot == canonical), None)


def bot_words(spec: str) -> str:
    """``spec`` as a player reads it: its level ("Schwer"), else its kind
    ("Gierig"), with a search's budget ("Suche mit 400 Iterationen")."""
    from ..bots.registry import make_bot
    from ..bots.search import SearchBot

    level = level_of(spec)
    if level:
        return t(f"level.{level}")
    try:
        bot = make_bot(spec)
    except ValueError:
        return t("bots.unknown")
    if not isinstance(bot, SearchBot):
        return t(f"bots.kind_{bot.name}") if has(f"bots.kind_{bot.name}") else t("bots.unknown")
    if bot.seconds:
        seconds = f"{bot.seconds:g}"
        return t("bots.search_seconds", seconds=seconds.replace(".", ",") if lang() == "de" else seconds)
    if bot.iterations and bot.work:
        return t("bots.search_both", iterations=bot.iterations, work=bot.work)
    if bot.iterations:
        return t("bots.search_iterations", iterations=bot.iterations)
    return t("bots.search_work", work=bot.work)


#: a new seat's name, before anyone types one: a person's by seat, a bot's "Bot n"
DEFAULT_NAMES = ("Astrid", "Björn", "Sigrun", "Ulf")


def auto_name(seat: int, person: bool) -> str:
    """The name a seat (0-based) gets while nobody has typed one: a person's
    default name, or "Bot 2" for a bot (the new-game form and a campaign
    group's form give the same; a play-tester's group had a bot named Sigrun)."""
    return DEFAULT_NAMES[seat] if person else t("setup.bot_name", n=seat + 1)


def renamed(seat: int, person: bool, typed: str, given: str) -> str | None:
    """The name a seat's box shows once the seat's kind (a person, a bot) has
    changed: :func:`auto_name`, while the box holds the name ``given`` to it
    before (or nothing); None when someone typed a name there (it stays)."""
    return auto_name(seat, person) if typed.strip() in ("", given) else None


def bot_name(name: str) -> str:
    """A bot's seat as the screens name it: marked "(Bot)", unless its name says
    so already ("Bot 2", a bot seat's default name, read "Bot 2 (Bot)")."""
    mark = t("bots.mark")
    word = re.escape(mark.strip("() "))
    return name if re.search(rf"\b{word}\b", name, re.IGNORECASE) else f"{name} {mark}"
