"""The rules the cards bring, to read again (issue 18): a card that brings a
rule has "Regel lesen" (its section, in the rulebook's words, German and
English), the chapter help lists the sections in force, and lists as "noch
nicht in Kraft" only what the chapter can still bring. Texts follow the
variant: the short chapter 1 speaks of two ambers."""

from __future__ import annotations

from textual.widgets import Button

from test_campaign_ui import new_group, read_all_cards, text_of  # noqa: F401

from thorskliff.campaign import CampaignState
from thorskliff.campaign.chapter import load_chapter
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.rulehelp import ORDER, markdown, sections
from thorskliff.ui.screens.campaign_card import CardScreen, Page, RuleScreen
from thorskliff.ui.screens.campaign_help import campaign_help

SEATS = [("Ann", "Bera", "brown"), ("Bo", "Oleif", "black")]


def test_every_rule_a_card_brings_has_a_section_in_both_languages():
    brought = set()
    for n in (1, 2, 3):
        ch = load_chapter(n)
        for cid in ch.cards:
            brought.update(ch.introduces(cid))
        brought.update(ch.rules)
    assert brought and all(sections([x]) for x in brought), brought
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        for sec in ORDER:
            text = markdown(sec)
            assert not text.startswith("## rulehelp.") and "rulehelp." not in text
    i18n.set_lang("de")
    # the printed rulebook's words ("Blitzschlag" and "Felsspalten")
    assert "Der schwarze Würfel kann nicht von Schutz geblockt werden." in markdown("blitzschlag")
    assert "Das kostet hier nur 2 Taler." in markdown("felsspalten")
    assert "Für GROSSES GLÜCKSSPIEL" not in markdown("gluecksspiel")  # set as words, not shouted
    assert "*Aus dem Regelbuch*" in markdown("gluecksspiel")
    assert "Festlegung dieser Umsetzung" in markdown("bernsteinkauf")


def test_the_cards_name_their_rules():
    st = CampaignState.new_chapter(SEATS, 2, 3)
    assert st.card_view("d1")["introduces"] == ["blitz"]  # the Donnergode hands out Blitzschlag
    assert st.card_view("erdbeben")["introduces"] == ["rifts"]
    assert st.card_view("schenke")["introduces"] == ["gamble"]
    assert st.card_view("herbst2")["introduces"] == []
    st1 = CampaignState.new_chapter(SEATS, 1, 3)
    assert st1.card_view("sommer")["introduces"] == ["potions", "haste"]
    assert sections(st1.card_view("sommer")["introduces"]) == ["traenke"]


def test_the_chapter_help_lists_only_what_can_still_come():
    st = CampaignState.new_chapter(SEATS, 2, 3)
    page = campaign_help(st.observation(None))
    _, _, not_yet = page.partition("### Noch nicht in Kraft")
    not_yet = not_yet.split("###")[0]
    assert "Glücksspiel" in not_yet and "Blitzschlag" in not_yet
    for never in ("Runenstein", "Epische Gegenstände kaufen", "Bernstein am Markt kaufen", "Gode ("):
        assert never not in not_yet, never
    assert "#### Wisent" in page and "#### Helm" in page and "#### Tränke" in page
    assert "#### Glücksspiel" not in page  # not in force yet
    st.read_card("schenke", None, None, "test")
    assert "#### Glücksspiel" in campaign_help(st.observation(None))


def test_the_short_variant_speaks_of_two_ambers():
    ch = load_chapter(1)
    assert "wer drei Bernsteine bringt" in ch.intro_for(False)["de"]
    assert "wer zwei Bernsteine bringt" in ch.intro_for(True)["de"]
    assert "whoever brings two" in ch.intro_for(True)["en"]
    short = CampaignState.new_chapter(SEATS, 1, 3, short=True)
    full = CampaignState.new_chapter(SEATS, 1, 3)
    assert short.card_view("z1")["story"].startswith("Zum zweiten Mal")
    assert full.card_view("z1")["story"].startswith("Zum dritten Mal")
    assert short.card_view("z1", "en")["story"].startswith("For the second time")


async def test_a_card_that_brings_a_rule_reads_it():
    st = CampaignState.new_chapter(SEATS, 2, 3)
    app = ThorsApp(handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CardScreen([Page(st.card_view("herbst2")), Page(st.card_view("d1"), "Ann", "sanctuary")]))
        await pilot.pause()
        card = app.screen
        assert not card.query_one("#card-rule", Button).display  # autumn brings no rule
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is card
        await pilot.press("enter")
        await pilot.pause()
        assert "Der Donnergode" in card.body
        assert card.query_one("#card-rule", Button).display
        assert "Regel lesen" in str(card.query_one("#card-rule", Button).label)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RuleScreen)
        assert app.screen.source.startswith("## Blitzschlag")
        assert "nur 1× pro Runde" in app.screen.source
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is card


async def test_the_short_chapter_1_opens_with_two_ambers_in_the_app():
    new_group().close()
    app = ThorsApp(handover=False, seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from thorskliff.ui.screens.campaign import start_chapter

        start_chapter(app, "Wikinger", 1, 2, True, 0)
        cards = await read_all_cards(pilot, app)
        intro = " ".join(cards[0].split())
        assert "wer zwei Bernsteine bringt" in intro and "drei Bernsteine" not in intro


def test_the_action_table_shows_only_what_is_in_force():
    from thorskliff.ui.screens.campaign_help import action_table

    for lang in ("de", "en"):
        i18n.set_lang(lang)
        whole = i18n.t("helptext.table")
        ch1 = action_table(whole, CampaignState.new_chapter(SEATS, 1, 3).campaign_view()["introduced"])
        ch2 = action_table(whole, CampaignState.new_chapter(SEATS, 2, 3).campaign_view()["introduced"])
        assert "Wisent" not in ch1 and "Helm" not in ch1 and "Kriegshammer" in ch1 and "Met" in ch1
        assert "| Wisent |" in ch2 and "| Helm |" in ch2
        assert "Kobold" not in ch2  # the earthquake has not laid the rifts yet
    i18n.set_lang("de")


async def test_chapter_1_reads_movement_and_fights_from_its_first_card():
    """Issue #29: chapter 1 opened with story only; its first cards had no "Regel lesen"
    for movement or fights. The first card of a chapter brings both to read."""
    st = CampaignState.new_chapter(SEATS, 1, 3)
    first = load_chapter(1).time[0]
    assert st.card_view(first)["introduces"][:2] == ["movement", "combat"]
    assert sections(st.card_view(first)["introduces"]) == ["bewegung", "kampf"]
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        assert "rulehelp." not in markdown("bewegung") + markdown("kampf")
    i18n.set_lang("de")
    assert "eine Stufe nach oben oder eine Stufe nach unten" in markdown("bewegung")
    assert "Verteidiger plündern nie" in markdown("kampf")
    assert "#### Bewegung" in campaign_help(st.observation(None)) and "#### Kampf" in campaign_help(
        st.observation(None))
    app = ThorsApp(handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CardScreen([Page(st.card_view(first))]))
        await pilot.pause()
        card = app.screen
        assert card.query_one("#card-rule", Button).display
        await pilot.press("r")
        await pilot.pause()
        if not isinstance(app.screen, RuleScreen):  # two sections: chosen from a list
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, RuleScreen) and app.screen.source.startswith("## Bewegung")
