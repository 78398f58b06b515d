"""Textual's own sentences in the player's language (issue 27, 3): the
command palette's "no matches" and what Ctrl+C says."""

from __future__ import annotations

from uihelpers import type_text, until

from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp


def notes(app) -> str:
    return "\n".join(f"{n.title} {n.message}" for n in app._notifications)


async def test_ctrl_c_says_how_to_quit_in_german_and_english():
    for lang, said, english in (("de", "Mit [b]Strg+Q[/b] beendest du", "Press"), ("en", "Press [b]Ctrl+Q[/b] to quit", "app")):
        i18n.set_lang(lang)
        app = ThorsApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+c")
            await until(pilot, lambda: app._notifications, "a notification")
            text = notes(app)
            assert said in text, text
            assert "Do you want to quit" not in text and "the app" not in text, text


async def test_the_palette_says_no_matches_in_german():
    from textual.command import CommandList

    app = ThorsApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await until(pilot, lambda: app.screen.query(CommandList), "the palette")
        await type_text(pilot, "qqqxz")

        def said() -> str:
            lst = app.screen.query_one(CommandList)
            return " ".join(str(getattr(lst.get_option_at_index(i).prompt, "renderable", lst.get_option_at_index(i).prompt)) for i in range(lst.option_count))

        await until(pilot, lambda: "Treffer" in said() or "No matches" in said(), "the empty list's line")
        assert "Keine Treffer" in said() and "No matches" not in said()


def test_no_sentence_of_the_app_names_a_rule_id():
    """Rule ids ("X-Zug (R-FAINT-3)") stay out of what players read in the
    app (#27, 4): only the CLI's refusals and the records' errors keep them."""
    import re

    for lang in ("de", "en"):
        ids = [k for k, v in i18n.catalogue(lang).items()
               if isinstance(v, str) and re.search(r"R-[A-Z]+-\\d", v)
               and not k.startswith(("cli_refusal.", "why.rec_", "helptext.", "rulehelp."))]
        assert ids == [], (lang, ids)
