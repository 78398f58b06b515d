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
from thorskliff.ui.session import CampaignSession, LogEntry  # noqa: E402
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
    obs = session.view(viewer)
    return [words.entry(e, obs, session.card_view) for e in session.log()]


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
    ("de", ["Ann: 6 Taler („Geschenk der Geweihten“)", "Ann: Karte ausspielen: Heiler",
            "Ann: Bernstein kaufen (7 Taler)"]),
    ("en", ["Ann: 6 Taler (“Gift of the Devotees”)", "Ann: Play the card: Healer",
            "Ann: Buy an amber (7 Taler)"]),
])
def test_the_campaigns_decisions_in_the_log(lang, want):
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
    assert said(s, 0) == ["Ann: Ein Trank nach Wahl aus dem Vorrat („Die lange Nacht“)",
                          "Ann: Trank nach Wahl: Krafttrank"]
    for viewer in (1, None):
        assert said(s, viewer)[1] == "Ann: Trank nach Wahl: verdeckt"
        assert "Krafttrank" not in " ".join(said(s, viewer))


@pytest.mark.parametrize("round_,want", [
    (3, "1 Taler zahlen: ein Trank nach Wahl (1 Taler) („Der Kobold am Weg“)"),
    (16, "Ein Trank nach Wahl aus dem Vorrat („Zwei Raben“)"),
])
def test_an_option_id_two_cards_share_is_said_as_the_card_read_offered_it(round_, want):
    """Chapter 2: "trank" is an option of the sanctuary card D.2 and of the
    time card Zwei Raben; the log says the one of the card read last by the
    choice's round."""
    obs = {"viewer": 1, "players": [{"name": "Ann"}, {"name": "Bo"}],
           "campaign": {"chapter": 2, "choice": None, "amber_price": None,
                        "log": [{"card": "d2", "seat": 1, "round": 3, "how": "sanctuary"},
                                {"card": "raben", "seat": None, "round": 16, "how": "time"}]}}
    e = LogEntry(0, "choose trank", "card", "", round_, 0)
    assert words.entry(e, obs) == f"Ann: {want}"


@pytest.mark.parametrize("text,title,want", [
    ("choose die", "Die erste Begegnung", "Zweiter Kristall: +1 schwarzer Würfel"),
    ("choose shield", "Die erste Begegnung", "Zweiter Kristall: +1 Schutz"),
    ("choose silber", "Die erste Begegnung", "6 Taler"),  # one card offers it; not read yet
    ("choose silber", "Ein Kapitel aus anderer Datei", "Wählen: silber"),  # not the shipped chapter 1
    ("use heiler", "Die erste Begegnung", "Karte ausspielen: Heiler"),
])
def test_a_log_line_without_the_card_read(text, title, want):
    obs = {"viewer": None, "players": [{"name": "Ann"}],
           "campaign": {"chapter": 1, "title": title, "choice": None, "amber_price": None, "log": []}}
    assert words.entry(LogEntry(0, text, "card", "", 2, 0), obs) == f"Ann: {want}"


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
        assert "Ann: 6 Taler („Geschenk der Geweihten“)" in shown and "Ann: Karte ausspielen: Heiler" in shown
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
