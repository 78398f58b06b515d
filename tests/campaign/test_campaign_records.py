"""Campaign chapters as games and records: :class:`thorskliff.game.Game`
wraps a chapter and takes its decisions (``choose``, ``use``, ``buy
amber``); a record names the chapter file, the short variant, the start tile
and the carried cards in its header, and replays the chapter exactly."""

from __future__ import annotations

import random
import shutil

import pytest

from campaign_helpers import SEATS, H, begin, clear_board, greedy_policy, read, snapshot
from thorskliff import cli, record
from thorskliff.engine.actions import NotationError
from thorskliff.campaign import CampaignState, Group, Member
from thorskliff.campaign.chapter import chapter_path
from thorskliff.campaign.notation import BUY_AMBER
from thorskliff.game import ChapterSetup, Game, Setup
from thorskliff.engine.state import SeatSpec
from thorskliff.ui.session import LocalSession

GREEDY = greedy_policy()


def eager(st, legal, rng):
    """Greedy, but plays every usable card and buys every amber it can."""
    for a in legal:
        if a.verb == "use" or a == BUY_AMBER:
            return a
    return GREEDY(st, legal, rng)


def play(game: Game, seed: int = 0, until=None) -> Game:
    rng = random.Random(seed)
    for _ in range(20000):
        st = game.state
        if st.is_terminal() or (until and until(st)):
            return game
        game.submit(eager(st, st.legal_actions(), rng))
    raise AssertionError("the chapter did not end")


def same_chapter(a: CampaignState, b: CampaignState) -> None:
    assert snapshot(a) == snapshot(b)
    assert a.history == b.history and a.card_log == b.card_log and a.shuffles == b.shuffles
    assert (a.round, a.step, a.decider, a.outcome()) == (b.round, b.step, b.decider, b.outcome())
    assert a.observation(None) == b.observation(None)


def test_a_game_wraps_a_chapter_and_takes_its_decisions():
    game = Game.new_chapter(SEATS[:2], 2, seed=1, short=True)
    st = game.state
    assert isinstance(st, CampaignState) and st.chapter.number == 2 and st.mode.goal_ambers == 2
    assert game.setup.mode == "campaign2" and game.setup.arrangement == "CEAFBD"
    assert game.setup.chapter == ChapterSetup(str(chapter_path(2)), True, {})
    play(game, 1)
    decided = [ln.split(" ", 1)[1] for ln in game.lines if not ln.startswith("*")]
    assert any(d.startswith("choose ") for d in decided) and "use heiler" in decided
    assert game.state.is_terminal()


def test_buy_amber_through_the_game():
    game = Game.new_chapter(SEATS[:2], 1, seed=3)
    st = game.state
    read(st, "haendler", None)
    clear_board(st)
    p = st.players[0]
    p.hero_at, p.amber, p.taler = H("M2"), False, 7
    begin(st, 0, 4)
    assert game.submit("buy amber", 0) == ["1 buy amber"]
    assert p.amber and p.taler == 0


def test_the_base_game_still_refuses_campaign_words():
    game = Game.new("base", SEATS[:3], 5)
    for text in ("choose taler", "use heiler", "buy amber"):
        with pytest.raises(NotationError):
            game.submit(text)


def test_undo_of_a_card_played():
    game = Game.new_chapter(SEATS[:2], 2, seed=1, short=True)
    play(game, 1, until=lambda st: any(a.verb == "use" for a in st.legal_actions()))
    st = game.state
    seat = st.current_player()
    before = snapshot(st)
    game.submit("use heiler", seat)
    assert "heiler" in game.state.spent[seat]
    assert game.undo(seat) == f"{seat + 1} use heiler"
    assert snapshot(game.state) == before and "heiler" in game.state.held[seat]


@pytest.mark.parametrize("chapter, seed, short, start", [(1, 4, False, 0), (2, 1, True, 1), (3, 2, False, 1)])
def test_a_chapter_record_replays_exactly(tmp_path, chapter, seed, short, start):
    carried = {0: ["segen1", "tattoo"], 1: ["seekarte"]} if chapter > 1 else {}
    game = Game.new_chapter(SEATS[:3], chapter, seed=seed, short=short, start=start, carried=carried,
                            meta={"group": "Wikinger"})
    play(game, seed)
    path = tmp_path / f"chapter{chapter}.tkr"
    record.write(game, path)
    text = path.read_text(encoding="utf-8")
    assert f'mode = "campaign{chapter}"' in text and f'chapter = "chapter{chapter}.toml"' in text
    again = record.load(path)
    assert again.lines == game.lines and again.setup == game.setup
    same_chapter(again.state, game.state)
    summary = record.verify(path)
    assert summary.forced == 0 and summary.decisions == sum(1 for ln in game.lines if ln[0] != "*")
    assert cli.main(["replay", str(path)]) == 0
    if chapter == 3:  # rifts lie from the start; the header names them
        assert len(again.setup.rifts) == 6 and "[rifts]" in text
    held = {q: [c for c, s, r, how in again.state.card_log if s == q and how == "setup"] for q in range(3)}
    if chapter == 2:
        assert {"segen1", "tattoo"} <= set(held[0]) and "seekarte" in held[1]


def test_a_record_half_way_resumes_and_plays_on(tmp_path):
    game = Game.new_chapter(SEATS[:2], 1, seed=5, short=True)
    play(game, 5, until=lambda st: st.round >= 8)
    path = tmp_path / "half.tkr"
    record.write(game, path)
    again = record.load(path)
    same_chapter(again.state, game.state)
    play(game, 9)
    play(again, 9)
    assert again.lines == game.lines
    same_chapter(again.state, game.state)


def test_the_group_gives_seats_and_carried_cards():
    g = Group("Wikinger", [Member(*s) for s in SEATS[:2]])
    g.carried = {1: ["tattoo"]}
    game = Game.new_chapter(g, 2, seed=1)
    assert game.setup.chapter.carried == {1: ("tattoo",)}
    assert "tattoo" in game.state.held[1]
    assert game.setup.seats == [SeatSpec(*s) for s in SEATS[:2]]


def test_a_chapter_of_ones_own_replays_by_its_path(tmp_path):
    own = tmp_path / "scen"
    own.mkdir()
    for n in (1, 2):  # chapter 2 reuses cards of chapter 1 beside it
        shutil.copy(chapter_path(n), own / f"chapter{n}.toml")
    game = Game.new_chapter(SEATS[:2], own / "chapter2.toml", seed=2)
    play(game, 2, until=lambda st: st.round >= 5)
    text = record.dumps(game)
    assert str((own / "chapter2.toml").resolve()) in text
    same_chapter(record.loads(text).state, game.state)
    # a relative name is looked for beside the record
    rel = text.replace(str((own / "chapter2.toml").resolve()), "chapter2-own.toml")
    shutil.copy(own / "chapter2.toml", own / "chapter2-own.toml")
    (own / "game.tkr").write_text(rel, encoding="utf-8")
    same_chapter(record.load(own / "game.tkr").state, game.state)


def test_a_session_over_a_chapter_reads_its_events():
    game = Game.new_chapter(SEATS[:2], 2, seed=1, short=True)
    play(game, 1, until=lambda st: st.round >= 10)
    again = record.loads(record.dumps(game))
    session = LocalSession(again)
    # the chapter's opening (its card of spring, its first turn), then each line's
    assert len(session.events(None)) == len(game.lines) + 1
    assert session.events(None)[0] == again.opening == game.opening and again.opening
    assert any(e.kind == "chose" for evs in session.events(None) for e in evs)


HEADER = """format = "thorskliff-record/1"
mode = "campaign1"
seed = 4
{extra}
[[seats]]
name = "Ann"
hero = "Bera"
colour = "brown"

[[seats]]
name = "Bo"
hero = "Jorund"
colour = "black"

[campaign]
{campaign}

[decisions]
"""


@pytest.mark.parametrize("extra, campaign, line, problem", [
    ("", 'chapter = "chapter9.toml"', 16, "the chapter file does not load"),
    ("", "chapter = 1", 16, "chapter must name a chapter file"),
    ("", 'chapter = "chapter1.toml"\nsides = 2', 17, "unknown key 'sides'"),
    ("", 'chapter = "chapter1.toml"\nshort = "ja"', 17, "short must be true or false"),
    ("", 'chapter = "chapter2.toml"', 2, "mode must be 'campaign2' for chapter 2"),
    ("", 'chapter = "chapter3.toml"\nshort = true', 17, "chapter 3 has no short variant"),
    ('arrangement = "FDBEAC"', 'chapter = "chapter1.toml"', 4, "lies on the arrangement ABCDEF"),
    ("first = 3", 'chapter = "chapter1.toml"', 4, "first must be a seat 1–2"),
    ('rifts = { "1c4" = "kobold" }', 'chapter = "chapter1.toml"', 4, "lays no rifts at the start"),
    ("", 'chapter = "chapter1.toml"\ncarried = { 3 = ["tattoo"] }', 17, "carried names seat '3'"),
    ("", 'chapter = "chapter1.toml"\ncarried = { 1 = "tattoo" }', 17, "must be a list of card ids"),
])
def test_broken_chapter_headers(extra, campaign, line, problem):
    text = HEADER.format(extra=extra, campaign=campaign)
    if "chapter 3" in problem:
        text = text.replace("campaign1", "campaign3")
    with pytest.raises(record.RecordError) as err:
        record.loads(text, "bad.tkr")
    assert problem in err.value.problem, err.value
    assert err.value.line == line, err.value


def test_a_decision_the_chapter_refuses_names_its_line():
    game = Game.new_chapter(SEATS[:2], 1, seed=4)
    text = record.dumps(game) + "1 choose taler\n"
    with pytest.raises(record.RecordError, match="no card asks for a choice now") as err:
        record.loads(text, "bad.tkr")
    assert err.value.line == len(text.splitlines())


def test_setup_builds_the_same_chapter_as_new_chapter():
    game = Game.new_chapter(SEATS[:4], 3, seed=8, start=2, carried={3: ["segen2"]})
    s = game.setup
    twin = Setup(s.mode, s.seats, s.seed, "", {}, s.first, {}, s.chapter).build()
    same_chapter(twin, game.state)
    assert s.rifts == game.state.rifts and len(s.rifts) == 6 and s.first == 2
