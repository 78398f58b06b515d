"""The island drawing and the dice, without Textual: every hex is drawn,
readable without colour, and blocked dice are marked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from thorskliff.game import Game
from thorskliff.ui import glyphs, mapdraw
from thorskliff.ui.widgets.panels import dice_text

LETTERS = {"kobold": "K", "silber": "S", "quelle": "Q"}


def started(mode: str, n: int) -> Game:
    seats = [("A", "Oleif", "brown"), ("B", "Bera", "black"), ("C", "Jorund", "grey"), ("D", "Raghild", "white")]
    game = Game.new(mode, seats[:n], 9)
    for _ in range(n):
        game.submit(game.state.legal_actions()[0])
    return game


@pytest.mark.parametrize("mode,n,hexes", [("base", 4, 61), ("duell", 2, 43)])
@pytest.mark.parametrize("scale", mapdraw.SCALES)
def test_every_hex_is_drawn_with_its_terrain_and_level(mode, n, hexes, scale):
    game = started(mode, n)
    obs = game.view(None)
    coords = [h.coord for h in game.state.island.hexes]
    assert len(coords) == hexes
    geo = mapdraw.Geometry(coords, *scale)
    cv = mapdraw.draw(geo, obs, mapdraw.Marks(), LETTERS)
    for i, hx in enumerate(obs["hexes"]):
        first = geo.rows(i)[0]
        x, y, w = first
        text = "".join(cv.chars[y][x:x + w])
        assert str(hx["level"]) in text, (hx["label"], text)
        if hx["terrain"]:
            assert glyphs.TERRAIN[hx["terrain"]] in text
        elif hx["kind"] == "rift":
            assert glyphs.KIND["rift"] + LETTERS[hx["rift"]] in text
        else:
            assert glyphs.KIND[hx["kind"]] in text
    # the heroes stand on their beaches, each with its colour's shape and initial
    drawn = "\n".join(cv.lines())
    for p in obs["players"]:
        assert glyphs.OWNER[p["colour"]] + p["hero"][0] in drawn


def test_labels_and_marks():
    game = started("base", 3)
    obs = game.view(None)
    coords = [h.coord for h in game.state.island.hexes]
    geo = mapdraw.Geometry(coords, 6, 2)
    cv = mapdraw.draw(geo, obs, mapdraw.Marks(cursor=0, targets=frozenset({1}), labels=True), LETTERS)
    x, y, w = geo.rows(10)[0]
    assert obs["hexes"][10]["label"] in "".join(cv.chars[y][x:x + w])
    # a target's edges are drawn differently, readable without colour
    x0, y0 = geo.pos[1]
    assert "╱" in "".join(cv.chars[y0 + 1])
    assert geo.hex_at(*geo.rows(5)[1][:2]) == 5


def test_blocked_dice_are_struck_out():
    text = dice_text([{"die": "M", "value": 4}, {"die": "M", "value": 3}, {"die": "S", "value": 4}], [4])
    plain = text.plain
    assert plain.count("✗") == 1
    assert "M⚃4" in plain and "S⚃4" in plain
    struck = [s for s in text.spans if "strike" in str(s.style)]
    assert len(struck) == 1 and plain[struck[0].start:struck[0].end].strip() == "M⚃4"


@pytest.mark.parametrize("scale", mapdraw.SCALES)
def test_the_cursor_laid_over_the_island_drawn_without_it_is_the_island_drawn_with_it(scale):
    """The island is drawn once per view without the cursor and the cursor
    laid over it at each step (mapdraw.with_cursor): on every hex, beside
    targets, a selected hex and fights (neighbours share edges), with labels
    or not, it must look as drawn whole."""
    game = started("base", 4)
    obs = game.view(None)
    coords = [h.coord for h in game.state.island.hexes]
    geo = mapdraw.Geometry(coords, *scale)
    n = len(coords)
    for marks in (mapdraw.Marks(),
                  mapdraw.Marks(selected=30, targets=frozenset({29, 31, 22, 38}), fights=frozenset({31}), labels=True),
                  mapdraw.Marks(targets=frozenset(range(0, n, 2)))):
        base = mapdraw.draw(geo, obs, marks, LETTERS)
        for cursor in range(-1, n):
            with_it = replace(marks, cursor=cursor)
            whole = mapdraw.draw(geo, obs, with_it, LETTERS)
            laid = mapdraw.with_cursor(base, geo, with_it)
            assert (laid.chars, laid.styles) == (whole.chars, whole.styles), (cursor, marks)
