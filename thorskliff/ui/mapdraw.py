r"""Drawing the island as flat-topped hexes on a character grid (no Textual).

A hex of scale ``(a, h)`` has a top edge of ``a`` underscores and slanted
sides ``h`` lines high; neighbouring hexes share their edges::

     ____            ______
    /    \____      /      \
    \____/    \    /        \
                   \        /
                    \______/

:class:`Geometry` places the hexes of an island; :func:`draw` paints one
observation (``thorskliff.engine.observation``) into a :class:`Canvas` of
``(char, style)`` cells. Styles are rich style strings, or ``@name`` for a
theme-dependent style the widget resolves (``@border``, ``@cursor``, …).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import glyphs as G

#: the scales, largest first: (a, h)
SCALES = ((6, 2), (6, 1), (4, 1))


class Geometry:
    """Where each hex of an island sits: ``pos[i]`` is the top-left corner of
    hex ``i``'s box (its top edge line)."""

    def __init__(self, coords: list[tuple[int, int]], a: int, h: int):
        self.a, self.h = a, h
        pitch = a + h
        raw = [(q * pitch, 2 * h * r + h * q) for q, r in coords]
        minx = min(x for x, _ in raw)
        miny = min(y for _, y in raw)
        self.pos = [(x - minx, y - miny) for x, y in raw]
        self.width = max(x for x, _ in self.pos) + a + 2 * h
        self.height = max(y for _, y in self.pos) + 2 * h + 1
        self._cells: dict[tuple[int, int], int] | None = None

    @property
    def cell_hex(self) -> dict[tuple[int, int], int]:
        """Which hex each content cell belongs to (for the mouse)."""
        if self._cells is None:
            cells = {}
            for i in range(len(self.pos)):
                for x, y, w in self.rows(i):
                    for dx in range(w):
                        cells[(x + dx, y)] = i
            self._cells = cells
        return self._cells

    def rows(self, i: int) -> list[tuple[int, int, int]]:
        """The content rows of hex ``i`` as (x, y, width), top to bottom; the
        last one is the bottom edge."""
        x, y = self.pos[i]
        a, h = self.a, self.h
        out = [(x + h - k + 1, y + k, a + 2 * (k - 1)) for k in range(1, h + 1)]
        out += [(x + j, y + h + j, a + 2 * (h - j)) for j in range(1, h)]
        out.append((x + h, y + 2 * h, a))
        return out

    def hex_at(self, x: int, y: int) -> int | None:
        return self.cell_hex.get((x, y))


@lru_cache(maxsize=32)
def geometry(coords: tuple[tuple[int, int], ...], a: int, h: int) -> Geometry:
    return Geometry(list(coords), a, h)


def fits(coords, width: int, height: int) -> Geometry:
    """The largest scale whose map fits ``width`` x ``height`` (the smallest otherwise)."""
    coords = tuple(coords)
    for a, h in SCALES:
        geo = geometry(coords, a, h)
        if geo.width <= width and geo.height <= height:
            return geo
    return geometry(coords, *SCALES[-1])  # the smallest


@dataclass
class Canvas:
    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    styles: list[list[str]] = field(init=False)

    def __post_init__(self):
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [["@bg"] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, ch: str, style: str) -> None:
        # every caller stays inside the geometry's box
        self.chars[y][x] = ch
        self.styles[y][x] = style

    def text(self, x: int, y: int, s: str, style: str, limit: int) -> int:
        n = 0
        for ch in s[:limit]:
            self.put(x + n, y, ch, style)
            n += 1
        return n

    def lines(self) -> list[str]:
        return ["".join(r) for r in self.chars]


@dataclass
class Marks:
    """What the player is pointing at: the cursor hex, a selected hex and the
    hexes the current choice can reach."""

    cursor: int = -1
    selected: int = -1
    targets: frozenset[int] = frozenset()
    labels: bool = False
    #: the keys are on the island: the cursor hex carries ▶ ◀ on its sides,
    #: visible without colours (a screen reader's or a terminal's capture)
    focus: bool = False
    #: targets where going there starts a fight (the engine says which): ⚔ instead of •
    fights: frozenset[int] = frozenset()


def _fill_key(hx: dict) -> str:
    kind = hx["kind"]
    if hx["terrain"]:
        return hx["terrain"]
    return kind if kind in G.TERRAIN_BG else "farm"


def hex_tokens(hx: dict, players: list[dict], rift_letters: dict[str, str]) -> tuple[list, list]:
    """The hex's info runs (terrain, level, kind) and its piece runs
    (units, trolls, things lying), each a list of (text, style)."""
    fill = _fill_key(hx)
    base = f"{G.TERRAIN_FG[fill]} on {G.TERRAIN_BG[fill]}"
    kind = hx["kind"]
    info: list[tuple[str, str]] = []
    if kind in ("sanctuary", "market"):
        info.append((G.KIND[kind] + str(hx["level"]), "bold " + base))
    elif hx["terrain"]:
        info.append((G.TERRAIN[hx["terrain"]] + str(hx["level"]), base))
        if hx["beach"]:
            info.append((G.KIND["beach"], "bold " + base))
    elif kind == "rift":
        info.append((G.KIND["rift"] + rift_letters.get(hx["rift"], "?") + str(hx["level"]), "bold " + base))
    else:
        info.append((G.KIND.get(kind, "?") + str(hx["level"]), "bold " + base))
    pieces: list[tuple[str, str]] = []
    for seat_s, u in hx["units"].items():
        p = players[int(seat_s) - 1]
        tok = G.OWNER[p["colour"]]
        if u["hero"]:
            tok += G.hero_initial(p["hero"]) + (G.MOUNTED if u["mounted"] else "")
        if u["gode"]:
            tok += G.GODE
        if u["warriors"]:
            tok += str(u["warriors"])
        pieces.append((tok, G.chip_style(p["colour"])))
    if hx.get("lying"):
        p = players[hx["lying"] - 1]
        pieces.append((G.OWNER[p["colour"]] + G.hero_initial(p["hero"]).lower() + G.LYING,
                       G.chip_style(p["colour"])))
    if hx.get("rune"):
        p = players[hx["rune"] - 1]
        pieces.append((G.OWNER[p["colour"]] + G.RUNESTONE, G.chip_style(p["colour"])))
    if hx["troll"]:
        pieces.append((G.TROLL, G.TROLL_STYLE))
    if hx["crystals"]:
        pieces.append((G.CRYSTAL * min(hx["crystals"], 2), G.CRYSTAL_STYLE + " on " + G.TERRAIN_BG[fill]))
    if hx["ambers"]:
        pieces.append((G.AMBER + (str(hx["ambers"]) if hx["ambers"] > 1 else ""),
                       G.AMBER_STYLE + " on " + G.TERRAIN_BG[fill]))
    if hx["taler"]:
        pieces.append((G.TALER + str(hx["taler"]), G.TALER_STYLE + " on " + G.TERRAIN_BG[fill]))
    return info, pieces


def draw(geo: Geometry, obs: dict, marks: Marks, rift_letters: dict[str, str]) -> Canvas:
    cv = Canvas(geo.width, geo.height)
    hexes = obs["hexes"]
    players = obs["players"]
    rune = obs.get("runestone")
    a, h = geo.a, geo.h
    present = range(len(geo.pos))
    # top edges first: a hex's bottom edge (drawn with its body) wins over them
    for i in present:
        x, y = geo.pos[i]
        for dx in range(a):
            cv.put(x + h + dx, y, "_", _edge_style(i, marks))
    for i in present:
        hx = hexes[i]
        if rune and rune["hex"] == hx["label"]:
            hx = dict(hx, rune=rune["seat"])
        _draw_hex(cv, geo, i, hx, players, marks, rift_letters)
    # neighbours share edges: the marked hexes' edges go on top, the cursor last
    marked = [i for i in marks.targets if 0 <= i < len(geo.pos)]
    for i in (*marked, marks.selected, marks.cursor):
        if 0 <= i < len(geo.pos):
            _draw_edges(cv, geo, i, marks)
    if marks.focus and 0 <= marks.cursor < len(geo.pos):
        for x, y, ch in focus_cells(geo, marks.cursor):
            cv.put(x, y, ch, "@cursor")
    return cv


def with_cursor(base: Canvas, geo: Geometry, marks: Marks) -> Canvas:
    """What ``draw`` draws for ``marks``, from ``base``: its drawing of the
    same marks without a cursor (``cursor=-1``, no focus). A cursor step
    changes only the cursor's edges, and every screen at a hosted table
    steps its cursor about once a second: the island without the cursor is
    drawn once per view, not at every step. In ``draw`` the cursor's top
    edge keeps its colour where no hex drawn later covers it (there it is
    still an edge's ``_``), and its sides are drawn last of all."""
    cv = Canvas.__new__(Canvas)
    cv.width, cv.height = base.width, base.height
    # copies: a marked neighbour's edge (╱) may be the cursor's side (/)
    cv.chars = [row[:] for row in base.chars]
    cv.styles = [row[:] for row in base.styles]
    i = marks.cursor
    if not 0 <= i < len(geo.pos):
        return cv
    x, y = geo.pos[i]
    a, h = geo.a, geo.h
    row = cv.styles[y]
    for dx in range(a):
        if base.chars[y][x + h + dx] == "_" and row[x + h + dx] in EDGE_STYLES:
            row[x + h + dx] = "@cursor"
    _draw_edges(cv, geo, i, marks)
    return cv


#: the styles of a hex's top edge as the first pass of ``draw`` puts it
EDGE_STYLES = frozenset({"@border", "@select", "@target"})


def focus_cells(geo: Geometry, cursor: int) -> tuple[tuple[int, int, str], ...]:
    """Where the focus marks stand: both ends of the cursor hex's widest row
    (x, y, mark), over its side edges."""
    x, y = geo.pos[cursor]
    a, h = geo.a, geo.h
    return ((x, y + h, FOCUS_LEFT), (x + a + 2 * h - 1, y + h, FOCUS_RIGHT))


#: the cursor's sides on its widest row while the island has the keys
FOCUS_LEFT, FOCUS_RIGHT = "▶", "◀"


def _edge_style(i: int, marks: Marks) -> str:
    if i == marks.cursor:
        return "@cursor"
    if i == marks.selected:
        return "@select"
    if i in marks.targets:
        return "@target"
    return "@border"


def _draw_hex(cv: Canvas, geo: Geometry, i: int, hx: dict, players, marks: Marks, rift_letters) -> None:
    x, y = geo.pos[i]
    a, h = geo.a, geo.h
    _draw_edges(cv, geo, i, marks)
    fill = _fill_key(hx)
    base = f"{G.TERRAIN_FG[fill]} on {G.TERRAIN_BG[fill]}"
    rows = geo.rows(i)
    for n, (rx, ry, w) in enumerate(rows):
        last = n == len(rows) - 1
        for dx in range(w):
            cv.put(rx + dx, ry, "_" if last else " ", base)
    info, pieces = hex_tokens(hx, players, rift_letters)
    if marks.labels:
        info = [(hx["label"], "bold " + base)] + info[1:] if h == 1 and a <= 4 else [(hx["label"], "bold " + base)] + info
    _layout(cv, rows, info, pieces, base, i in marks.targets, i in marks.fights)


def _draw_edges(cv: Canvas, geo: Geometry, i: int, marks: Marks) -> None:
    x, y = geo.pos[i]
    a, h = geo.a, geo.h
    edge = _edge_style(i, marks)
    mark = i in marks.targets or i == marks.selected
    up, down = ("╱", "╲") if mark else ("/", "\\")
    for k in range(1, h + 1):
        cv.put(x + h - k, y + k, up, edge)
        cv.put(x + h + a - 1 + k, y + k, down, edge)
    for j in range(1, h + 1):
        cv.put(x + j - 1, y + h + j, down, edge)
        cv.put(x + 2 * h + a - j, y + h + j, up, edge)


def _layout(cv: Canvas, rows, info, pieces, base: str, target: bool, fight: bool = False) -> None:
    """Info on the first row, pieces below; the bottom edge takes what is left
    (underlined, so the edge still shows). When the pieces do not all fit (a
    combat hex on a small island: ``◆O`` and ``■J1``), they go first and the
    info (terrain, level) gives way; what still does not fit shows as ``+``."""
    lines, fits = _place(rows, info, pieces, base)
    if not fits and info:
        lines, _ = _place(rows, [], pieces, base)
    room = [w for _, _, w in rows]
    used = [sum(len(t) for t, _ in runs) for runs in lines]
    if target and used[0] + (2 if lines[0] else 1) <= room[0]:
        if lines[0]:
            lines[0].append((" ", base))
        lines[0].append((G.FIGHT if fight else G.TARGET, "@fightdot" if fight else "@targetdot"))
    for (rx, ry, w), runs in zip(rows, lines):
        if not runs:
            continue
        total = sum(len(t) for t, _ in runs)
        x = rx + (w - total) // 2
        for text, style in runs:
            x += cv.text(x, ry, text, style, w)


def _place(rows, info, pieces, base: str) -> tuple[list[list[tuple[str, str]]], bool]:
    """The runs of each row, and whether every piece found room."""
    lines: list[list[tuple[str, str]]] = [[] for _ in rows]
    room = [w for _, _, w in rows]
    used = [0] * len(rows)
    last = len(rows) - 1

    def add(row: int, text: str, style: str) -> bool:
        need = len(text) + (1 if lines[row] else 0)
        if used[row] + need > room[row]:
            return False
        if lines[row]:
            lines[row].append((" ", base if row < last else base + " underline"))
        lines[row].append((text, style))
        used[row] += need
        return True

    for text, style in info:
        add(0, text, style)
    order = list(range(1, len(rows))) + [0]
    fits = True
    for text, style in pieces:
        for row in order:
            st = style + (" underline" if row == last else "")
            if add(row, text, st):
                break
        else:
            # no room: show that something more is there
            fits = False
            if used[last] < room[last]:
                add(last, "+", base + " bold underline")
    return lines, fits
