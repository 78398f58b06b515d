"""The help follows a language switch made while it is open: its pages,
its title, its tab names and its key help are written anew, on the tab the
player was reading."""

from __future__ import annotations

from test_texts_campaign_words import at_the_market, on_screen, session_of
from textual.widgets import Markdown, Static, TabbedContent, Tabs

from thorskliff.game import Game
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.help import TABS, HelpScreen, page_text
from thorskliff.ui.screens.title import TitleScreen
from thorskliff.ui.session import LocalSession

SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black")]


def pages(screen) -> str:
    return "\n".join(m.source for m in screen.query(Markdown))


def tab_names(screen) -> str:
    return " ".join(str(tab.label) for tab in screen.query_one(Tabs).query("Tab"))


def footer_keys(screen) -> set[str]:
    return {b.description for _, b in screen._bindings if b.show}


def texts_in(lang: str) -> dict[str, str]:
    """What the help shows in ``lang``, read from the catalogue."""
    was = i18n.lang()
    i18n.set_lang(lang)
    try:
        return {"pages": "\n".join(page_text(n) for n in TABS),
                "title": i18n.t("help.title") + " – " + i18n.t("app.title"),
                "tabs": " ".join(i18n.t(f"help.tab_{n}") for n in TABS),
                "close": i18n.t("key.close")}
    finally:
        i18n.set_lang(was)


async def test_the_help_follows_a_language_switch_while_it_is_open():
    app = ThorsApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        de, en = texts_in("de"), texts_in("en")
        assert pages(help_) == de["pages"] and tab_names(help_) == de["tabs"]
        assert de["close"] in footer_keys(help_)
        await pilot.press("right", "right")  # on to the phases: the switch keeps the tab
        await pilot.pause()
        assert help_.query_one(TabbedContent).active == "tab-phases"

        app.action_switch_lang()  # the command palette's "language" (and the title screen's s) call this
        await pilot.pause()
        await pilot.pause()

        assert app.screen is help_ and i18n.lang() == "en"
        assert pages(help_) == en["pages"] != de["pages"]
        assert str(help_.query_one("#help-title", Static).content) == en["title"]
        assert tab_names(help_) == en["tabs"]
        assert en["close"] in footer_keys(help_) and de["close"] not in footer_keys(help_)
        assert help_.query_one(TabbedContent).active == "tab-phases"
        # the screen below (the title) follows too, and the help still closes
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert str(app.screen.query_one("#name", Static).content) == i18n.t("app.title")


async def test_the_help_over_a_game_follows_back_to_german():
    session = LocalSession(Game.new("duell", SEATS, 5))
    app = ThorsApp(session=session, handover=False, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_help("table")
        await pilot.pause()
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        assert pages(help_) == texts_in("en")["pages"]
        app.action_switch_lang()
        await pilot.pause()
        await pilot.pause()
        assert i18n.lang() == "de"
        assert pages(help_) == texts_in("de")["pages"]
        assert tab_names(help_) == texts_in("de")["tabs"]
        assert help_.query_one(TabbedContent).active == "tab-table"
        await pilot.press("escape")
        await pilot.pause()
        assert "Aufstellung" in str(app.screen.query_one("#phasebar").content)


async def test_the_chapters_help_follows_a_language_switch():
    """The chapter's tab too: its headings and the rules in force (the
    chapter's title and the track's card titles come from the view it was
    opened with)."""
    session = session_of(at_the_market())
    session.submit("use heiler", 0)  # a chapter under way: no opening story to read first
    async with on_screen(session) as (pilot, screen):
        await pilot.press("question_mark")
        await pilot.pause()
        help_ = pilot.app.screen
        assert isinstance(help_, HelpScreen) and help_.query_one(TabbedContent).active == "tab-campaign"
        assert "Regeln in Kraft" in help_.query_one("#campaign-help").source
        pilot.app.action_switch_lang()
        await pilot.pause()
        await pilot.pause()
        chapter = help_.query_one("#campaign-help").source
        assert i18n.t("campaign.help.in_force") in chapter and "Regeln in Kraft" not in chapter
        assert f"**{i18n.t('campaign.rule.buy_amber')}" in chapter
        assert help_.query_one(TabbedContent).active == "tab-campaign"
        assert pages(help_).count(page_text("keys")) == 1


def q_row(source: str) -> str:
    """The help's row for the key q."""
    (row,) = [line for line in source.splitlines() if line.startswith("| q |")]
    return row


def names_every_entry(row: str, items) -> bool:
    """Each of the menu's entries is named in the row (its words up to a bracket or '…')."""
    return all(text.split(" (")[0].split(" —")[0].rstrip(" …").lower() in row.lower() for _, text in items)


async def test_the_help_says_q_opens_the_game_menu_and_names_its_entries():
    """A play-tester read "q – zum Titel" in the help, pressed q and got the game menu
    (Weiterspielen, Aufgeben …, Zum Titel): the help's row names the menu and its entries."""
    from thorskliff.ui.screens.choose import ChooseScreen

    for lang in ("de", "en"):
        session = LocalSession(Game.new("duell", SEATS, 5))
        app = ThorsApp(session=session, handover=False, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            row = q_row(pages(app.screen))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, ChooseScreen)
            assert menu.title_text.lower() in row.lower(), (menu.title_text, row)
            assert len(menu.items) == 3 and names_every_entry(row, menu.items), (menu.items, row)


def test_the_map_page_names_the_marks_of_a_target():
    """A play-tester saw "≈ •" on the beaches and "ϟS1 •" beside her heroine and found no
    • on the help's map page: the marks the island draws in a hex that can be chosen now
    (mapdraw: • or ⚔) are named there, in both languages."""
    from thorskliff.ui import glyphs as G

    for lang, says in (("de", "dorthin zu ziehen beginnt einen Kampf"), ("en", "going there starts a fight")):
        was = i18n.lang()
        i18n.set_lang(lang)
        try:
            page = page_text("board")
        finally:
            i18n.set_lang(was)
        assert f"ein {G.TARGET} im Feld" in page if lang == "de" else f"a {G.TARGET} in a hex" in page
        assert G.FIGHT in page and says in page
