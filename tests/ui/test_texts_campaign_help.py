"""The chapter's help follows a language switch made while it is open: the
chapter's title and the titles of the track's cards come from a view of the
chapter read in one language (CampaignState.campaign_view(lang)); after the
switch the help reads them anew, in the new language, and back."""

from __future__ import annotations

from test_texts_campaign_words import at_the_market, on_screen, session_of
from textual.widgets import TabbedContent

from thorskliff.ui import i18n
from thorskliff.ui.screens.campaign_help import CampaignHelpScreen


def chapter_page(help_) -> str:
    return help_.query_one("#campaign-help").source


def texts_in(session, lang: str) -> dict[str, str]:
    """What the chapter's tab must show in ``lang``: its heading, the read
    card of the track and seat 1's first card, from the session in that language."""
    was = i18n.lang()
    i18n.set_lang(lang)
    try:
        camp = session.view(None)["campaign"]
        read = [sp["title"] for sp in camp["track"] if sp["card"] and sp["read"]]
        return {"heading": "## " + i18n.t("campaign.chapter_title", n=camp["chapter"], title=camp["title"]),
                "chapter": camp["title"], "track": read[0],
                "held": session.card_view(camp["held"][0][0])["title"]}
    finally:
        i18n.set_lang(was)


def shows(page: str, texts: dict[str, str]) -> bool:
    return page.startswith(texts["heading"]) and all(texts[k] in page for k in ("chapter", "track", "held"))


def shows_none_of(page: str, texts: dict[str, str]) -> bool:
    return not any(texts[k] in page for k in ("chapter", "track", "held"))


async def test_the_chapters_title_and_its_cards_follow_a_language_switch():
    session = session_of(at_the_market())
    session.submit("use heiler", 0)  # a chapter under way: no opening story to read first
    de, en = texts_in(session, "de"), texts_in(session, "en")
    assert de["chapter"] != en["chapter"] and de["track"] != en["track"] and de["held"] != en["held"]
    async with on_screen(session) as (pilot, screen):
        await pilot.press("question_mark")
        await pilot.pause()
        help_ = pilot.app.screen
        assert isinstance(help_, CampaignHelpScreen)
        assert shows(chapter_page(help_), de)

        pilot.app.action_switch_lang()
        await pilot.pause()
        await pilot.pause()
        assert i18n.lang() == "en" and pilot.app.screen is help_
        page = chapter_page(help_)
        assert shows(page, en) and shows_none_of(page, de), page
        assert help_.query_one(TabbedContent).active == "tab-campaign"

        pilot.app.action_switch_lang()
        await pilot.pause()
        await pilot.pause()
        assert i18n.lang() == "de"
        page = chapter_page(help_)
        assert shows(page, de) and shows_none_of(page, en), page
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_a_help_given_how_to_read_the_view_reads_it_anew():
    """Given a function for the view (no chapter screen beneath needed), the
    help calls it again after the switch."""
    session = session_of(at_the_market())
    session.submit("use heiler", 0)
    calls = []

    def view():
        calls.append(i18n.lang())
        return session.view(None)

    de, en = texts_in(session, "de"), texts_in(session, "en")
    async with on_screen(session) as (pilot, _):
        help_ = CampaignHelpScreen(view, lambda cid: session.card_view(cid)["title"])
        pilot.app.push_screen(help_)
        await pilot.pause()
        assert shows(chapter_page(help_), de)
        pilot.app.action_switch_lang()
        await pilot.pause()
        await pilot.pause()
        assert calls[-1] == "en"
        page = chapter_page(help_)
        assert shows(page, en) and shows_none_of(page, de), page
