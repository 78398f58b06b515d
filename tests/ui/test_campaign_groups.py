"""Campaign groups as they are really played (issue 18): bot heroes chosen
at the group's creation and changed on its page or mid-chapter, a chapter
given up or begun anew (kept and listed), a group renamed and deleted —
each with what the screen says checked against the campaign table."""

from __future__ import annotations

import sys

import pytest
from pathlib import Path

from textual.widgets import Button, Input, OptionList, RadioSet, Select, Static

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "campaign"))

from test_campaign_ui import drive, new_group, read_all_cards, text_of  # noqa: E402

from thorskliff.bots.registry import LEVELS  # noqa: E402
from thorskliff.campaign.table import CampaignTable  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.summary import SinceSummary  # noqa: E402
from thorskliff.ui.screens.campaign import (  # noqa: E402
    CampaignScreen, GroupScreen, NewGroupScreen, record_path, table_of,
)
from thorskliff.ui.screens.campaign_game import CampaignGameScreen  # noqa: E402
from thorskliff.ui.screens.campaign_manage import NameScreen  # noqa: E402
from thorskliff.ui.screens.choose import ChooseScreen  # noqa: E402
from thorskliff.ui.session import CampaignSession  # noqa: E402
from thorskliff.ui.widgets.campaign import table_plain  # noqa: E402


async def _open_group(pilot, app, name: str = "Wikinger") -> GroupScreen:
    app.action_campaign()
    await pilot.pause()
    ol = app.screen.query_one(OptionList)
    row = next(i for i in range(ol.option_count) if ol.get_option_at_index(i).id == name)
    ol.highlighted = row  # it opens on a group with a chapter in progress, else on "+ Neue Gruppe"
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, GroupScreen)
    return app.screen


async def _answer(pilot, app, which: str) -> str:
    """Answer the confirmation shown: returns its question."""
    box = app.screen
    assert isinstance(box, ChooseScreen)
    question = box.title_text
    ol = box.query_one(OptionList)
    assert ol.highlighted == 0 and ol.get_option_at_index(0).id == "no"  # the safe answer comes first
    if which == "yes":
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    return question


# ---------------------------------------------------------------- bot heroes


async def new_group_form(pilot, app) -> NewGroupScreen:
    """The campaign's form for a new group, opened from the title screen."""
    await pilot.pause()
    app.action_campaign()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()  # the form is composed before its fields are set
    form = app.screen
    assert isinstance(form, NewGroupScreen)
    return form


async def test_a_new_group_with_a_bot_seat_plays_the_bot_by_itself():
    app = ThorsApp(handover=False, seed=7, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await new_group_form(pilot, app)
        form.query_one("#ng-players", RadioSet).query_one("#ng-players-2").value = True
        await pilot.pause()
        # the hero list says what a hero can do in chapter 1 and when the rest comes
        about = text_of(form.query_one("#ng-about-0"))
        assert about.startswith("Raghild – 10 Leben · Fähigkeiten erst in Kapitel 2") and "Furchtlos gegen" not in about
        form.query_one("#ng-hero-0", Select).value = "Bera"
        await pilot.pause()
        assert "schon in Kapitel 1: Tränke für 2 Taler" in text_of(form.query_one("#ng-about-0"))
        form.query_one("#ng-hero-0", Select).value = "Raghild"
        form.query_one("#ng-name", Input).value = "Solo"
        form.query_one("#ng-player-1", Input).value = "Knut"
        form.query_one("#ng-hero-1", Select).value = "Oleif"
        form.query_one("#ng-kind-1", Select).value = "mittel"  # the level; its bot is stored
        form.query_one("#ng-create", Button).press()
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GroupScreen)
        with CampaignTable() as table:
            assert table.group("Solo").bots() == {1: "heuristic"}
        shown = table_plain(page.group.table())
        assert "Knut (Bot)" in shown and "Astrid (Bot)" not in shown
        assert page.query_one("#grp-kind-1", Select).value == "mittel"  # shown as the level chosen
        page.query_one("#grp-start", RadioSet).query_one("#grp-start-1").value = True  # the bot begins
        await pilot.pause()
        await pilot.click("#grp-begin")
        await read_all_cards(pilot, app)
        gs = next(s for s in app.screen_stack if isinstance(s, CampaignGameScreen))
        assert gs.session.bots == {1: "heuristic"}
        since = []
        for _ in range(100):  # the bot's first turn, by itself
            await pilot.pause(0.02)
            await read_all_cards(pilot, app)
            if isinstance(app.screen, SinceSummary):  # what the bot did, before Astrid's turn
                since.append(text_of(app.screen.query_one("#sum-body")))
                await pilot.press("enter")
            if gs.session.decider() == 0 and app.screen is gs:
                break
        assert since and "Knut" in since[0]
        assert gs.session.decider() == 0 and gs.viewer == 0
        assert any(line.startswith("2 ") for line in gs.session.game.lines)
        assert "Knut (Bot)" in text_of(gs.query_one("#tableaus"))


async def test_a_bot_seat_in_the_group_form_is_named_as_in_a_new_game():
    """A play-tester made a group with a bot in seat 3 and met it as "Sigrun (Bot)",
    where the new-game form names a bot's seat "Bot 3". The group's form now does the
    same: a seat whose name nobody typed becomes "Bot n" for a bot and its default
    name again for a person; a typed name stays."""
    app = ThorsApp(handover=False, seed=7, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        form = await new_group_form(pilot, app)
        names = [form.query_one(f"#ng-player-{i}", Input) for i in range(3)]
        assert [box.value for box in names] == ["Astrid", "Björn", "Sigrun"]
        form.query_one("#ng-kind-2", Select).value = "schwer"
        names[1].value = "Knut"
        form.query_one("#ng-kind-1", Select).value = "leicht"
        await pilot.pause()
        assert [box.value for box in names] == ["Astrid", "Knut", "Bot 3"]
        form.query_one("#ng-kind-2", Select).value = "human"
        await pilot.pause()
        assert names[2].value == "Sigrun"
        form.query_one("#ng-kind-2", Select).value = "mittel"
        form.query_one("#ng-name", Input).value = "Namen"
        await pilot.pause()
        form.query_one("#ng-create", Button).press()
        await pilot.pause()
        with CampaignTable() as table:
            assert [m.player for m in table.group("Namen").members] == ["Astrid", "Knut", "Bot 3"]


async def test_seats_change_hands_on_the_group_page_and_mid_chapter():
    new_group().close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)
        page.query_one("#grp-kind-0", Select).value = "mittel"
        await pilot.pause()
        with CampaignTable() as table:
            assert table.group("Wikinger").bots() == {0: "heuristic"}
        assert "Ann (Bot)" in table_plain(page.group.table())
        page.query_one("#grp-kind-0", Select).value = "human"
        await pilot.pause()
        with CampaignTable() as table:
            assert table.group("Wikinger").bots() == {}
        # mid-chapter: a seat given to a bot stays a bot's when the chapter resumes
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=2, path=record_path("Wikinger", 1))
        drive(session, lambda st, a: st.round >= 2)
        session.hand_to_bot(1, "heuristic")
        assert table_of(app).group("Wikinger").bots() == {1: "heuristic"}
        again = CampaignSession.resume(table_of(app), "Wikinger")
        assert again.bots == {1: "heuristic"} and again.game.lines == session.game.lines
        again.take_back(1)
        assert table_of(app).group("Wikinger").bots() == {}


# ---------------------------------------------------------------- giving up a chapter


async def test_a_chapter_is_abandoned_after_asking_and_kept_in_the_list():
    new_group().close()
    app = ThorsApp(handover=False, seed=3, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=3, path=record_path("Wikinger", 1))
        drive(session, lambda st, a: st.round >= 3)
        decisions = len(session.state.history)
        page = await _open_group(pilot, app)
        assert "Kapitel 1 „Die erste Begegnung“ läuft." in text_of(page.query_one("#grp-next"))
        await pilot.click("#grp-abandon")
        await pilot.pause()
        question = await _answer(pilot, app, "no")
        assert "abbrechen?" in question
        assert table_of(app).in_progress("Wikinger") == 1 and app.screen is page  # nothing happened
        await pilot.click("#grp-abandon")
        await pilot.pause()
        await _answer(pilot, app, "yes")
        page = app.screen
        assert isinstance(page, GroupScreen)
        assert table_of(app).in_progress("Wikinger") is None
        listed = text_of(page.query_one("#grp-abandoned"))
        assert "Abgebrochene Kapitel" in listed
        assert "Kapitel 1 „Die erste Begegnung“ · Startwert 3 · Runde 3" in listed
        assert f"{decisions} Entscheidungen" in listed
        # the record of the chapter given up stays beside the table
        kept = record_path("Wikinger", 1).with_name("Wikinger-chapter1-abandoned1.tkr")
        assert kept.exists() and not record_path("Wikinger", 1).exists()
        assert "Als Nächstes: Kapitel 1" in text_of(page.query_one("#grp-next"))


async def test_a_chapter_is_begun_anew_with_other_settings():
    new_group().close()
    app = ThorsApp(handover=False, seed=3, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=3, path=record_path("Wikinger", 1))
        drive(session, lambda st, a: st.round >= 2)
        await _open_group(pilot, app)
        await pilot.click("#grp-restart")
        await pilot.pause()
        assert "neu beginnen?" in await _answer(pilot, app, "yes")
        page = app.screen
        assert page.focused is not None and page.focused.id == "grp-short"  # straight to the settings
        await pilot.press("space")  # the short variant this time
        page.query_one("#grp-start", RadioSet).query_one("#grp-start-1").value = True
        await pilot.click("#grp-begin")
        await read_all_cards(pilot, app)
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen)
        st = gs.session.state
        assert st.short and st.start_seat == 1 and st.history == []
        assert [r["chapter"] for r in table_of(app).abandoned("Wikinger")] == [1]


async def test_a_short_run_begun_anew_stays_short_and_the_list_names_each_runs_variant():
    """#27, 1: the short variant's box looked the same on and off ("▐X▌", its colour
    alone differed); after an abort it was off again and the restart was silently the
    long game; the list of chapters given up did not say which variant each run had."""
    from textual.widgets import Checkbox

    new_group().close()
    app = ThorsApp(handover=False, seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=3, short=True,
                                        path=record_path("Wikinger", 1))
        drive(session, lambda st, a: st.round >= 2)
        await _open_group(pilot, app)
        app.screen.query_one("#grp-restart", Button).press()  # below the fold at 80x24
        await pilot.pause()
        await _answer(pilot, app, "yes")
        page = app.screen
        box = page.query_one("#grp-short", Checkbox)
        assert box.value  # the run's variant, kept for the restart

        def mark() -> str:  # the box as drawn, without its colours
            return "".join(seg.text for seg in box.render_line(0)).strip()

        assert mark().startswith("▐X▌"), mark()
        box.value = False
        await pilot.pause()
        assert mark().startswith("▐ ▌"), mark()  # off reads off
        starts = [page.query_one(f"#grp-start-{q}") for q in (0, 1)]  # the start tile's choice likewise
        assert ["".join(seg.text for seg in b.render_line(0)).strip()[:3] for b in starts] == ["▐●▌", "▐ ▌"]
        assert "(bis 2 Bernsteine)" in text_of(page.query_one("#grp-abandoned"))
        page.query_one("#grp-begin", Button).press()  # the long game this time, then given up too
        await read_all_cards(pilot, app)
        assert not app.screen.session.state.short
        table_of(app).abandon("Wikinger")
        app.switch_screen(GroupScreen("Wikinger"))
        await pilot.pause()
        listed = text_of(app.screen.query_one("#grp-abandoned")).splitlines()
        assert listed[1].endswith("(bis 2 Bernsteine)") and listed[2].endswith("(lange Variante)"), listed
        assert not app.screen.query_one("#grp-short", Checkbox).value  # the last run's: long


# ---------------------------------------------------------------- renaming and deleting


async def test_a_group_is_renamed_and_deleted_after_asking():
    table = new_group()
    table.create_group("Andere", [("Cy", "Jorund", "grey"), ("Di", "Raghild", "white")])
    table.close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = CampaignSession.start(table_of(app), "Wikinger", 1, seed=1, path=record_path("Wikinger", 1))
        drive(session, lambda st, a: st.round >= 2)
        lines = list(session.game.lines)
        page = await _open_group(pilot, app)
        assert page.group_name == "Wikinger"
        await pilot.click("#grp-rename")
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        box = app.screen.query_one(Input)
        box.value = "Andere"  # taken
        await pilot.press("enter")
        await pilot.pause()
        assert "eine Gruppe namens 'Andere' gibt es schon" in text_of(app.screen.query_one("#grp-problem"))
        await pilot.click("#grp-rename")
        await pilot.pause()
        app.screen.query_one(Input).value = "Nordleute"
        await pilot.press("enter")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, GroupScreen) and page.group_name == "Nordleute"
        assert "Gruppe Nordleute" in text_of(page.query_one("#grp-title"))
        assert sorted(table_of(app).groups()) == ["Andere", "Nordleute"]
        assert record_path("Nordleute", 1).exists() and not record_path("Wikinger", 1).exists()
        await pilot.click("#grp-resume")  # the chapter goes on under the new name
        await pilot.pause()
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen) and gs.session.game.lines == lines
        await pilot.press("g")
        await pilot.pause()
        page = app.screen
        await pilot.click("#grp-delete")
        await pilot.pause()
        await _answer(pilot, app, "no")
        assert "Nordleute" in table_of(app).groups()
        await pilot.click("#grp-delete")
        await pilot.pause()
        assert "Nordleute löschen?" in await _answer(pilot, app, "yes")
        assert isinstance(app.screen, CampaignScreen)
        assert table_of(app).groups() == ["Andere"] and not record_path("Nordleute", 1).exists()
        names = [str(app.screen.query_one(OptionList).get_option_at_index(i).prompt)
                 for i in range(app.screen.query_one(OptionList).option_count)]
        assert not any("Nordleute" in n for n in names)


async def test_enter_on_the_map_at_the_chapters_end_goes_to_the_group_table():
    from test_campaign_ui import _finished_chapter1

    table = new_group()
    game, _ = _finished_chapter1(table)
    session = CampaignSession(game, table, "Wikinger")
    session.save()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen) and gs.decision_items()[0][1] == "Zur Gruppentafel"
        gs.map.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GroupScreen)
        assert "Als Nächstes: Kapitel 2" in text_of(app.screen.query_one("#grp-next"))


async def test_the_group_page_fits_80_columns():
    """At 80×24 every label of the group page is shown whole (wrapped), not cut at the edge."""
    from textual.widgets import Label

    new_group().close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)
        for label in page.query(Label):
            text = str(label.content)
            assert label.region.right <= 80, text
            shown = " ".join(str(line.text).strip() for line in label.render_lines(label.region.reset_offset))
            assert " ".join(text.split()) in " ".join(shown.split()), (text, shown)


async def test_a_group_seat_is_given_to_a_level_and_shown_by_it():
    """Issue 17's levels on the group page: the table keeps the level's bot
    (so a chapter resumes with the bot it had), the page shows the level
    again; a bot of another budget, set from the CLI, is still offered."""
    new_group().close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)
        sel = page.query_one("#grp-kind-1", Select)
        assert [v for _, v in sel._options][1:4] == ["leicht", "mittel", "schwer"]
        sel.value = "schwer"
        await pilot.pause()
        with CampaignTable() as table:
            assert table.group("Wikinger").bots() == {1: LEVELS["schwer"]}
            table.set_bot("Wikinger", 0, "search:2s")
        app.pop_to_title()
        await pilot.pause()
        page = await _open_group(pilot, app)
        assert page.query_one("#grp-kind-1", Select).value == "schwer"
        assert page.query_one("#grp-kind-0", Select).value == "search:2s"


async def test_an_old_groups_raw_bot_is_shown_in_words_never_as_its_spec():
    """Groups made before the levels kept a bot as its spec (search:400it): the
    group page names it in words — a level's bot, however spelt, as the
    level; any other by kind and budget — in both languages, and the spec is
    kept as it was (a chapter resumes with that bot)."""
    from thorskliff.ui import i18n

    new_group().close()
    with CampaignTable() as table:
        table.set_bot("Wikinger", 0, "search:400it")  # an old group's raw spec
        table.set_bot("Wikinger", 1, "Search:400IT/2500h")  # Schwer's bot, spelt otherwise
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)

        def shown(q: int) -> str:
            return str(page.query_one(f"#grp-kind-{q}", Select).query_one("#label", Static).content)

        assert shown(0) == "Bot: Suche mit 400 Iterationen"
        assert shown(1) == "Bot: Schwer (Suche)"
        assert page.query_one("#grp-kind-1", Select).value == "schwer"
        said = [str(p) for p, _ in page.query_one("#grp-kind-0", Select)._options]
        assert said == ["Mensch", "Bot: Leicht (Nachlässig)", "Bot: Mittel (Heuristik)", "Bot: Schwer (Suche)",
                        "Bot: Suche mit 400 Iterationen"]
        assert not any("400it" in s for s in said)
        app.action_switch_lang()
        await pilot.pause()
        try:
            page = app.screen
            assert isinstance(page, GroupScreen)
            assert shown(0) == "Bot: search with 400 iterations"
            assert shown(1) == "Bot: Hard (search)"
        finally:
            i18n.set_lang("de")
        with CampaignTable() as table:  # shown in words, kept as stored
            assert table.group("Wikinger").bots() == {0: "search:400it", 1: "Search:400IT/2500h"}


async def test_a_chapter_is_played_at_80x24():
    """Play-test: a chapter at 80×24 read "Dein Fenster (80×23) ist zu klein für das
    Spiel: es braucht mindestens 80×24" (the time track's row was taken off the
    window's height before the check). The window is measured whole."""
    from thorskliff.game import Game

    table = new_group()
    table.start_chapter("Wikinger", 1, seed=3)
    session = CampaignSession(Game.new_chapter(table.group("Wikinger"), 1, seed=3), table, "Wikinger")
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)
        gs = app.screen
        assert isinstance(gs, CampaignGameScreen)
        assert not gs.has_class("-toosmall") and "zu klein" not in text_of(gs.query_one("#toosmall"))
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 23)) as pilot:  # one row less: too small, and says the window's size
        await pilot.pause()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await pilot.pause()
        gs = next(s for s in app.screen_stack if isinstance(s, CampaignGameScreen))
        assert gs.has_class("-toosmall") and "(80×23)" in text_of(gs.query_one("#toosmall"))


async def test_the_campaign_list_opens_on_a_chapter_in_progress():
    """The list opened on "+ Neue Gruppe" with a chapter under way, where a reflex Enter
    began a new group: it opens on the group whose chapter is in progress (Enter plays
    on), and on "+ Neue Gruppe" when none is."""
    new_group().close()
    app = ThorsApp(handover=False, seed=3, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_campaign()
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        assert ol.get_option_at_index(ol.highlighted).id == "@new"  # no chapter begun
        app.pop_screen()
        await pilot.pause()
        CampaignSession.start(table_of(app), "Wikinger", 1, seed=3, path=record_path("Wikinger", 1))
        app.action_campaign()
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        assert ol.get_option_at_index(ol.highlighted).id == "Wikinger"
        assert "Kapitel 1 läuft" in str(ol.get_option_at_index(ol.highlighted).prompt)


async def test_the_group_tables_headings_are_whole_at_80_columns():
    """R-CAMP-7's group table at 80×24 cut its headings ("Tätowi…", "Seeka…"): each is
    shown whole, in the window's width, and the cards carried wrap."""
    from thorskliff.ui.i18n import t

    new_group().close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)
        table = page.query_one("#grp-table", Static)
        lines = ["".join(seg.text for seg in line) for line in table.render_lines(table.region.reset_offset)]
        assert table.region.right <= 80 and "…" not in "".join(lines), lines
        heads = [t(f"campaign.table.{k}") for k in ("player", "hero", "chapter1", "chapter2", "tattoo",
                                                        "seekarte", "chapter3", "carried")]
        assert lines[0].split() == " ".join(heads).split(), lines[0]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_chapters_footer_is_whole(lang, size):
    """A chapter's footer was cut at its end ("g Grup▏" at 80 columns, "g Gruppent▏" at 120):
    the chapter's own keys k and g are named whole, beside the command palette's."""
    from thorskliff.game import Game
    from thorskliff.ui import i18n
    from thorskliff.ui.i18n import t

    i18n.set_lang(lang)
    table = new_group()
    table.start_chapter("Wikinger", 1, seed=3)
    session = CampaignSession(Game.new_chapter(table.group("Wikinger"), 1, seed=3), table, "Wikinger")
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(CampaignGameScreen(session, handover=False))
        await read_all_cards(pilot, app)
        await pilot.pause()
        footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
        word = (lambda key, action: t(f"key.short.{action}")) if size[0] < 100 else (lambda key, action: t(key))
        for key, words in (("k", t("key.cards")), ("g", t("key.group")), ("q", t("play.menu")),
                           ("e", word("key.end", "end"))):
            assert f"{key} {words} " in footer, footer
        # after a first step the undo key joins them: a play-tester read "g Gruppen▏" at 80x24
        gs = app.screen
        step = next(d for d, _p, ok in gs.decision_items() if ok and d.startswith("H "))
        assert gs.decide(step)
        await pilot.pause()
        await pilot.pause()
        footer = "".join(seg.text for seg in app.screen._compositor.render_strips()[-1])
        for key, words in (("k", t("key.cards")), ("g", t("key.group")), ("q", t("play.menu")),
                           ("e", word("key.end", "end")), ("u", word("key.undo", "undo"))):
            assert f"{key} {words} " in footer, footer


async def test_the_group_page_opens_at_its_top_at_80x24():
    """At 80×24 the group page opened scrolled down to its "Kapitel 1 beginnen" button, the
    group's title and table (R-CAMP-7) off the screen. It opens at its top; the button has
    the focus all the same, and Enter begins the chapter (its first card)."""
    from thorskliff.ui.i18n import t
    from thorskliff.ui.screens.campaign_card import CardScreen

    new_group().close()
    app = ThorsApp(handover=False, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        page = await _open_group(pilot, app)
        await pilot.pause()
        rows = ["".join(seg.text for seg in strip) for strip in page._compositor.render_strips()]
        assert rows[0].strip() == t("campaign.group_title", name="Wikinger"), rows
        assert rows[2].split()[:2] == [t("campaign.table.player"), t("campaign.table.hero")], rows
        assert [r.split()[:2] for r in rows[4:6]] == [["Ann", "Bera"], ["Bo", "Oleif"]], rows
        assert any(r.strip().startswith("Als Nächstes: Kapitel 1") for r in rows), rows
        assert app.focused.id == "grp-begin"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
