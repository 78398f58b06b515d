"""A campaign chapter's own decisions in words, in German and English: a
card's choice, a special card played, an amber bought — in the decision
list, in the game log (with the card a choice answered; a potion chosen
stays hidden from the other seats, R-SECRET-2) and in the message of an undo
(words.taken_back, said with the view after the undo)."""

from __future__ import annotations

import sys
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from uihelpers import game_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "campaign"))

from campaign_helpers import H, begin, clear_board, new  # noqa: E402

from thorskliff.ui import i18n, words  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.campaign_game import CampaignGameScreen  # noqa: E402
from thorskliff.ui.eventwords import Names  # noqa: E402
from thorskliff.ui.logtext import LogWriter  # noqa: E402
from thorskliff.ui.session import CampaignSession  # noqa: E402
from thorskliff.ui.widgets.panels import GameLog  # noqa: E402


class NoTable:
    """The campaign table a session reports to; these tests keep nothing."""

    def save(self, group, st) -> None:
        pass

    def finish(self, group, st):
        return None


def at_the_market():
    """Chapter 1, two seats, seat 1's action phase at the market (M2) with 9
    Taler and one life lost; ambers are for sale (Händler aus dem Süden) and
    it holds the Heiler card."""
    st = new(1, n=2)
    clear_board(st)
    st.read_card("haendler", None, ("return", st.step, st.decider), "test")
    p = st.players[0]
    p.hero_at, p.amber, p.taler, p.life = H("M2"), False, 9, p.max_life - 1
    st.players[1].hero_at = H("4c3")
    st.give_card(0, "heiler")
    begin(st, 0, 4)
    st.wc[0][H("2c2")] = 1  # recruiting waits after the action: the turn stays open for an undo
    return st


def asked(st, cid: str, reader: int | None = 0):
    st.read_card(cid, reader, ("return", st.step, st.decider), "test")
    st._legal = None
    assert st.step == "card"
    return st


def session_of(st) -> CampaignSession:
    return CampaignSession(game_of(st), NoTable(), "Wikinger")


def said(session, viewer: int | None = 0) -> list[str]:
    """The game log's lines (as ``thorskliff log`` prints them) from the events ``viewer`` may see."""
    obs = session.view(viewer)
    writer = LogWriter(Names.of_obs(obs), None, lambda cid: session.card_view(cid)["title"], session.option_words)
    return [line.plain for evs in session.events(viewer) for line in writer.lines(evs)]


# ---------------------------------------------------------------- the decision list


@pytest.mark.parametrize("lang,want", [
    ("de", ["6 Taler", "2 Krieger in den Vorrat und 2 Taler"]),
    ("en", ["6 Taler", "2 warriors into your supply and 2 Taler"]),
])
def test_a_cards_options_in_the_decision_list(lang, want):
    i18n.set_lang(lang)
    s = session_of(asked(at_the_market(), "c6"))
    obs = s.view(0)
    assert [words.decision(str(a), obs["step"], obs) for a in s.state.legal_actions()] == want


@pytest.mark.parametrize("lang,want", [
    ("de", {"use heiler": "Karte ausspielen: Heiler", "buy amber": "Bernstein kaufen (7 Taler)"}),
    ("en", {"use heiler": "Play the card: Healer", "buy amber": "Buy an amber (7 Taler)"}),
])
def test_playing_a_card_and_buying_an_amber_in_the_decision_list(lang, want):
    i18n.set_lang(lang)
    st = at_the_market()
    obs = session_of(st).view(0)
    legal = [str(a) for a in st.legal_actions()]
    assert set(want) <= set(legal)
    for text, words_ in want.items():
        assert words.decision(text, obs["step"], obs) == words_
        assert words.decision(text) != text  # without a view: still words, never notation


# ---------------------------------------------------------------- the game log


@pytest.mark.parametrize("lang,want", [
    ("de", ["Ann wählt: 6 Taler („Geschenk der Geweihten“)", "Ann: +6 Taler", "Ann spielt die Karte „Heiler“ aus",
            "Bera heilt ♥7→8 (Karte)", "Ann kauft einen Bernstein (−7 Taler)"]),
    ("en", ["Ann chooses: 6 Taler (“Gift of the Devotees”)", "Ann: +6 Taler", "Ann plays the card “Healer”",
            "Bera heals ♥7→8 (card)", "Ann buys an amber (−7 Taler)"]),
])
def test_the_campaigns_decisions_in_the_log(lang, want):
    """The log says what each decision did, from its events: the choice
    with the card it answered, the Taler it gave, the card played and what
    it healed (Ann's hero Bera, one life short), the amber bought."""
    i18n.set_lang(lang)
    s = session_of(asked(at_the_market(), "c6"))
    for text in ("choose silber", "use heiler", "buy amber"):
        s.submit(text, 0)
    assert said(s) == want
    assert said(s, None) == want  # nothing secret here


def test_a_potion_chosen_is_hidden_from_the_other_seats_in_the_log():
    """R-SECRET-2: Die lange Nacht gives a potion of the reader's choice; the
    other seat (and a spectator) reads that one was taken, not which."""
    s = session_of(asked(at_the_market(), "lange_nacht", None))
    s.submit("choose trank", 0)
    assert [str(a) for a in s.state.legal_actions()] == ["choose heil", "choose kraft", "choose eile",
                                                        "choose schutz"]
    s.submit("choose kraft", 0)
    assert said(s, 0) == ["Ann wählt: Ein Trank nach Wahl aus dem Vorrat („Die lange Nacht“)",
                          "Ann wählt einen Trank: Krafttrank", "Ann erhält einen Trank: Krafttrank"]
    for viewer in (1, None):
        assert said(s, viewer)[1:] == ["Ann wählt einen Trank: verdeckt", "Ann erhält einen Trank: verdeckt"]
        assert "Krafttrank" not in " ".join(said(s, viewer))


@pytest.mark.parametrize("card,want", [
    ("d2", "1 Taler zahlen: ein Trank nach Wahl (1 Taler)"),
    ("raben", "Ein Trank nach Wahl aus dem Vorrat"),
])
def test_an_option_id_two_cards_share_is_said_as_the_card_that_offered_it(card, want):
    """Chapter 2: "trank" is an option of the sanctuary card D.2 and of the
    time card Zwei Raben; the choice's event names its card, and the log
    says that card's option."""
    from thorskliff.campaign.chapter import load_chapter
    from thorskliff.engine import events as E
    from thorskliff.ui import eventwords

    ch = load_chapter(2)
    assert words.option_words(ch, card, "trank") == want
    title = {"d2": "D.2", "raben": "Zwei Raben"}
    line = eventwords.say(E.Chose(0, card, "trank"), Names(["Ann", "Bo"], ["Oleif", "Bera"]),
                          title.get, lambda cid, oid: words.option_words(ch, cid, oid))
    assert line == f"Ann wählt: {want} („{title[card]}“)"


@pytest.mark.parametrize("text,title,want", [
    ("choose die", "Die erste Begegnung", "Zweiter Kristall: +1 schwarzer Würfel"),
    ("choose shield", "Die erste Begegnung", "Zweiter Kristall: +1 Schutz"),
    ("choose silber", "Die erste Begegnung", "6 Taler"),  # one card offers it; not read yet
    ("choose silber", "Ein Kapitel aus anderer Datei", "Wählen: silber"),  # not the shipped chapter 1
    ("use heiler", "Die erste Begegnung", "Karte ausspielen: Heiler"),
])
def test_a_campaign_decision_without_the_card_read(text, title, want):
    obs = {"viewer": None, "players": [{"name": "Ann"}],
           "campaign": {"chapter": 1, "title": title, "choice": None, "amber_price": None, "log": []}}
    assert words.decision(text, "card", obs) == want


# ---------------------------------------------------------------- the undo


@pytest.mark.parametrize("lang,want", [
    ("de", ["Bernstein kaufen (7 Taler)", "Karte ausspielen: Heiler", "6 Taler („Geschenk der Geweihten“)"]),
    ("en", ["Buy an amber (7 Taler)", "Play the card: Healer", "6 Taler (“Gift of the Devotees”)"]),
])
def test_what_an_undo_took_back_in_words(lang, want):
    i18n.set_lang(lang)
    s = session_of(asked(at_the_market(), "c6"))
    for text in ("choose silber", "use heiler", "buy amber"):
        s.submit(text, 0)
    got = []
    for _ in want:
        assert s.undo_problem(0) is None
        got.append(words.taken_back(s.undo(0), s, 0))
    assert got == want


def test_an_undone_potion_choice_and_a_base_decision_in_words():
    s = session_of(asked(at_the_market(), "lange_nacht", None))
    s.submit("choose trank", 0)
    s.submit("choose heil", 0)
    assert words.taken_back(s.undo(0), s, 0) == "Heiltrank („Die lange Nacht“)"
    assert words.taken_back(s.undo(0), s, 0) == "Ein Trank nach Wahl aus dem Vorrat („Die lange Nacht“)"
    s.submit("choose taler", 0)
    s.submit("end", 0)  # no action: the step it was taken at names it
    assert words.taken_back(s.undo(0), s, 0) == "Keine Aktion"


# ---------------------------------------------------------------- on the screen


@asynccontextmanager
async def on_screen(session):
    """The chapter's game screen around ``session``, the seat deciding at the keyboard."""
    app = ThorsApp()
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        screen = CampaignGameScreen(session, handover=False)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        yield pilot, screen


def log_text(screen) -> str:
    """Both logs' lines, white space folded (a long line wraps)."""
    return " ".join(" ".join(strip.text.split()) for lg in screen.query(GameLog) for strip in lg.lines)


async def test_the_chapters_game_log_says_the_campaigns_decisions_in_words():
    s = session_of(asked(at_the_market(), "c6"))
    for text in ("choose silber", "use heiler"):
        s.submit(text, 0)
    async with on_screen(s) as (pilot, screen):
        shown = log_text(screen)
        assert "Ann wählt: 6 Taler („Geschenk der Geweihten“)" in shown
        assert "Ann spielt die Karte „Heiler“ aus" in shown and "Ann kauft" not in shown
        assert "choose silber" not in shown and "use heiler" not in shown
        items = {d: str(p) for d, p, ok in screen.decision_items() if ok}
        assert items.get("buy amber") == "Bernstein kaufen (7 Taler)"


async def test_the_undo_message_on_the_chapters_screen_names_the_choice_in_words():
    s = session_of(asked(at_the_market(), "c6"))
    s.submit("choose silber", 0)
    async with on_screen(s) as (pilot, screen):
        screen.action_undo()
        await pilot.pause()
        assert str(screen.query_one("#status").content) == "Zurückgenommen: 6 Taler („Geschenk der Geweihten“)"


def test_since_your_last_turn_says_a_choice_by_its_cards_words():
    """The summary for the other seat names the option and its card, as the log does."""
    from thorskliff.ui import summary

    s = session_of(asked(at_the_market(), "c6"))
    s.submit("choose silber", 0)
    evs = [e for line in s.events(1) for e in line]
    lines = summary.since_lines(evs, Names.of_obs(s.view(1)), 14, lambda cid: s.card_view(cid)["title"],
                                s.option_words)
    assert "Ann wählt: 6 Taler („Geschenk der Geweihten“)" in lines
    assert "Ann wählt: silber" in summary.since_lines(evs, Names.of_obs(s.view(1)))  # without them: the id


@pytest.mark.parametrize("lang, narrow, wide", [("de", "♦ ★0/3", "♦ abgegeben 0/3"),
                                                ("en", "♦ ★0/3", "♦ delivered 0/3")])
def test_the_campaign_tableau_says_an_amber_carried_and_the_delivered_apart(lang, narrow, wide):
    """R-AMBER-1: a heroine carrying an amber shows ♦ in her head line; the chapter's goal
    of delivered ambers (R-AMBER-4) read "♦ 0/3♦" beside it, as if two ambers: it is
    counted at the sanctuary ★ (as the base game's tableau does) or in words."""
    from thorskliff.ui.widgets.campaign import campaign_tableau

    i18n.set_lang(lang)
    st = new(1, n=2)
    st.players[0].amber = True
    obs = st.observation(0)
    p = obs["players"][0]
    assert obs["campaign"]["goal"]["ambers"] == 3
    assert narrow in campaign_tableau(obs, p, False, True).plain
    assert wide in campaign_tableau(obs, p, True, False).plain
    assert "0/3♦" not in campaign_tableau(obs, p, True, True).plain


async def test_chapter_1_asks_for_warriors_only_when_recruiting():
    """R-CAMP-1: no Gode in chapters 1–2; the recruit prompt said "Krieger oder Goden
    bei deinen Figuren einsetzen" in chapter 1 (a play-tester looked for the Gode)."""
    st = new(1, n=2)
    clear_board(st)
    st.players[0].hero_at, st.players[0].taler = H("1c2"), 5
    st.players[1].hero_at = H("4c3")
    begin(st, 0, 5)
    assert st.step == "recruit" and "gode" not in st.rules
    app = ThorsApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = CampaignGameScreen(session_of(st), handover=False)
        app.push_screen(screen)
        for _ in range(6):  # the chapter's opening cards first (Enter reads on)
            await pilot.pause()
            if app.screen is not screen:
                await pilot.press("enter")
        assert app.screen is screen
        prompt = str(screen.query_one("#prompt").render())
        assert prompt.startswith("Ann: Krieger bei deinen Figuren einsetzen (Enter auf einem Feld)."), prompt
        assert "Goden" not in prompt


@pytest.mark.parametrize("lang,want", [
    ("de", ["Zeitkarte „Frühling - Prolog“, für alle vorgelesen", "Runde 1: Ann ist am Zug"]),
    ("en", ["Time card “Spring - Prologue”, read to everyone", "Round 1: Ann's turn"]),
])
def test_a_chapters_log_begins_with_its_opening(lang, want, tmp_path):
    """R-CAMP-2: the card of spring is read before the first turn, as the chapter is
    set up — before the first record line. A play-tester's log began with the first
    decision: neither the card nor the first turn was in it. The game keeps what the
    engine said while it was set up (``Game.opening``); the log, ``thorskliff log``
    and the replay viewer show it first. A base game's opening is empty: its first
    turn begins after the beaches, in a line."""
    from thorskliff import record
    from thorskliff.cli import main
    from thorskliff.game import Game
    from thorskliff.ui.session import ReplaySession

    i18n.set_lang(lang)
    game = Game.new_chapter([("Ann", "Oleif", "brown"), ("Bo", "Bera", "black")], 1, 5)
    assert game.lines == [] and [e.kind for e in game.opening] == ["card", "turn"]
    s = CampaignSession(game, NoTable(), "Wikinger")
    assert said(s)[:2] == want and said(s, None)[:2] == want
    s.submit(s.state.legal_actions()[0].__str__(), 0)
    assert said(s)[:2] == want  # still first, with the first decision after it
    path = tmp_path / "chapter.tkr"
    record.write(game, path)
    replay = ReplaySession(record.load(path))
    assert replay.at == 0 and [e.kind for e in replay.events(None)[0]] == ["card", "turn"]  # at step 0
    assert Game.new("duell", [("Ann", "Oleif", "brown"), ("Bo", "Bera", "black")], 5).opening == ()
    import contextlib
    import io
    import json

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["log", str(path), "--json"]) == 0
    assert [e["kind"] for e in json.loads(out.getvalue())["opening"]] == ["card", "turn"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["log", str(path), "--lang", lang]) == 0
    assert out.getvalue().splitlines()[:2] == want
