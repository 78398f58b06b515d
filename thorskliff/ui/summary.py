"""Summaries drawn from the engine's events, never from comparing views:
a combat's result (each unit's life before and after, who was defeated, a
faint, the plunder, the retreat or hold) and "since your last turn" (moves,
combats with their results, purchases with hidden kinds, deliveries, cards).

Every function takes events already made visible to the reader
(``events.visible``) and says only what they say.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import events as E
from ..engine.actions import hexlabel
from . import eventwords as W
from .i18n import t

LIFE = {"W": 2, "G": 3, "T": 6, "R": 5}


# ------------------------------------------------------------------ combat
def began(group: list[E.Event]) -> E.CombatBegan:
    """The event a combat's group begins with (events.combats makes them so)."""
    first = group[0]
    assert isinstance(first, E.CombatBegan), first
    return first


def unit_lives(group: list[E.Event]) -> list[tuple[int, str, int, int, bool]]:
    """Each unit of the combat as (seat, label, life before, life after,
    defeated), attackers first, from the combat's own events."""
    begin = began(group)
    rows: dict[tuple[int, str], list] = {}
    for seat, labels, hero_life in ((begin.attacker, begin.attackers, begin.att_life),
                                    (begin.defender, begin.defenders, begin.def_life)):
        for lab in labels:
            life = hero_life if lab == "H" else LIFE.get(lab[0], 0)
            rows[(seat, lab)] = [seat, lab, life, life, False]
    for e in group[1:]:
        if isinstance(e, (E.Damaged, E.Healed)):
            key = (e.seat, getattr(e, "unit", "H"))
            if key in rows:
                rows[key][3] = e.after
        elif isinstance(e, E.Defeated) and (e.seat, e.unit) in rows:
            rows[(e.seat, e.unit)][4] = True
        elif isinstance(e, E.Fainted) and (e.seat, "H") in rows:
            rows[(e.seat, "H")][4] = True
    return [tuple(r) for r in rows.values()]


def combat_summary(group: list[E.Event], n: W.Names) -> Text:
    """The summary of one combat (its events from CombatBegan on, with the
    plunder paid right after it, if any)."""
    begin = began(group)
    out = Text()
    out.append((W.say(begin, n) or "") + "\n", style="bold underline")
    for seat, lab, before, after, beaten in unit_lives(group):
        side = "⚔" if seat == begin.attacker else "⛨"
        out.append(f" {side} {n.unit(seat, lab)}", style="bold")
        if lab != "H" and seat >= 0:
            out.append(f" ({n.who(seat)})")
        out.append(f"  ♥{before}→{after}")
        if beaten:
            out.append("  " + t("summary.fainted" if lab == "H" and seat >= 0 else "summary.defeated"),
                       style="bold red")
        out.append("\n")
    for e in group[1:]:
        if isinstance(e, (E.CombatEnded,)):
            continue
        line = plunder_words(e, group, n) if isinstance(e, E.Plunder) else W.say(e, n)
        if line:
            style = "bold" if isinstance(e, (E.Retreated, E.Held, E.Plunder, E.Fainted)) else ""
            out.append("• " + line + "\n", style=style)
    ended = any(isinstance(e, E.CombatEnded) for e in group)
    if ended and not begin.strike and not any(isinstance(e, (E.Retreated, E.Held)) for e in group):
        # no retreat, no hold: who stands is whoever the events left unbeaten
        standing = {seat for seat, _lab, _b, _a, beaten in unit_lives(group) if not beaten}
        if not standing:
            out.append("• " + t("summary.nobody_stands", hex=hexlabel(begin.hex)) + "\n", style="bold")
        elif len(standing) == 1:
            out.append("• " + t("summary.stays", who=n.who(standing.pop()), hex=hexlabel(begin.hex)) + "\n",
                       style="bold")
    plundered = beaten_here(group)
    if plundered and not any(isinstance(e, E.Plunder) for e in group):
        out.append("• " + t("summary.plunder_later", who=n.who(begin.attacker), n=plundered) + "\n")
    out.rstrip()
    return out


def beaten_here(group: list[E.Event]) -> int:
    """The defending units this combat defeated (a fainted hero included): its share
    of the phase's plunder (R-COMBAT-1 step 7)."""
    att = began(group).attacker
    return sum(1 for e in group if isinstance(e, (E.Defeated, E.Fainted)) and e.seat != att)


def plunder_words(e: E.Plunder, group: list[E.Event], n: W.Names) -> str:
    """The phase's plunder, paid after its last combat (R-COMBAT-5): said as this
    combat's only where this combat earned all of it (a play-tester read "Beute: Bot 3
    erhält 1 Taler" after a combat where Bot 3 defeated nobody; an earlier one had)."""
    line = W.say(e, n) or ""
    if line and e.n != beaten_here(group):
        line = t("summary.phase_plunder", what=line)
    return line


def involved(group: list[E.Event]) -> set[int]:
    b = began(group)
    return {s for s in (b.attacker, b.defender) if s >= 0}


# ------------------------------------------------------------------ since the last turn
def since(per_line: list[tuple[E.Event, ...]], seat: int) -> list[E.Event]:
    """The events after ``seat``'s last turn ended (everything, if it has
    had no turn yet), up to now, excluding the seat's current turn's start
    but for what befell its hero as the turn began (standing up, R-FAINT-5)."""
    flat = [e for evs in per_line for e in evs]
    line_end: list[int] = []  # for each event, the index just past its line
    for evs in per_line:
        line_end += [len(line_end) + len(evs)] * len(evs)
    starts = [i for i, e in enumerate(flat) if isinstance(e, E.TurnBegan)]
    own = [i for i in starts if getattr(flat[i], "seat", None) == seat]
    if not starts:
        return []  # no turn has begun here (a game from a position): nothing to tell
    if not own:
        return flat
    last_own = own[-1]
    if flat and starts and starts[-1] == last_own:
        # the seat's turn has just begun: look back to the end of its previous turn
        woke = [e for e in flat[last_own + 1:line_end[last_own]] if isinstance(e, E.StoodUp) and e.seat == seat]
        if len(own) < 2:
            # the seat's own first turn, where it began before the record's first line (a
            # campaign chapter's start player: its turn begins as the chapter is set up), is
            # not "since its last turn" (a play-tester read her own first moves there)
            first = starts[0]
            mine = first > 0 and all(getattr(e, "seat", seat) == seat for e in flat[:first])
            return flat[first if mine else 0:last_own] + woke
        prev = own[-2]
        nxt = next(i for i in starts if i > prev)
        return flat[nxt:last_own] + woke
    after = next((i for i in starts if i > last_own), None)
    return [] if after is None else flat[after:]


def since_lines(evs: list[E.Event], n: W.Names, limit: int = 14, card_name=None, option_name=None) -> list[str]:
    """A short account of ``evs`` turn by turn: moves per seat on one line,
    each combat with its result, purchases, deliveries, cards, the end
    (``card_name``, ``option_name``: a campaign's cards and options in words)."""
    out: list[str] = []
    moves: list[str] = []
    mover: list[int | None] = [None]

    def flush() -> None:
        if moves:
            out.append(t("summary.moves", who=n.who(mover[0]), moves=", ".join(moves)))
            moves.clear()

    groups = {id(g[0]): g for g in E.combats(evs)}
    skip: set[int] = {id(e) for g in groups.values() for e in g[1:]}
    for e in evs:
        if id(e) in skip:
            continue
        if isinstance(e, E.TurnBegan):
            flush()
            out.append(W.say(e, n) or "")
        elif isinstance(e, E.Moved):
            if mover[0] != e.seat:
                flush()
                mover[0] = e.seat
            step = f"{n.unit(e.seat, e.unit)} {hexlabel(e.src)}→{hexlabel(e.dst)}"
            # a haste step (R-POT-7) said as one, as the log says it: after the recruits it
            # read as a move out of turn
            moves.append(t("summary.haste_step", step=step) if e.haste else step)
        elif isinstance(e, E.CombatBegan):
            flush()
            out.append(combat_line(groups[id(e)], n))
        elif isinstance(e, (E.Bought, E.Delivered, E.Sold, E.CardRead, E.Chose, E.WentOut, E.Won, E.StoodUp,
                            E.Laid, E.RuneRaised, E.Gift, E.Recruited, E.Took, E.Silver, E.Drank, E.TrollAppeared,
                            E.Placed, E.Healed, E.Searched, E.Discarded, E.PotionGiven, E.TalerChanged,
                            E.Gambled, E.GambleWon, E.CrystalBonus)):
            flush()
            line = W.say(e, n, card_name, option_name)
            if line:
                out.append(line)
    flush()
    if len(out) > limit:
        out = [t("summary.more", n=len(out) - limit + 1)] + out[-(limit - 1):]
    return out


def combat_line(group: list[E.Event], n: W.Names) -> str:
    """One combat in one line: where, who, and what came of it."""
    begin = began(group)
    parts: list[str] = []
    fainted = {e.seat: e for e in group if isinstance(e, E.Fainted)}
    for seat, lab, before, after, beaten in unit_lives(group):
        if beaten:
            unit = n.unit(seat, lab) if lab in ("H", "T") else f"{n.unit(seat, lab)} ({n.who(seat)})"
            part = t("summary.unit_fainted" if lab == "H" and seat >= 0 else "summary.unit_defeated", unit=unit)
            if lab == "H" and seat in fainted:  # "Jorund ohnmächtig" hid that his Taler changed hands
                gone = W.faint_goods(fainted[seat], n)
                part = f"{part} {gone}" if gone else part
            parts.append(part)
        elif lab == "H" and before != after:
            parts.append(f"{n.unit(seat, lab)} ♥{before}→{after}")
    for e in group:
        if isinstance(e, E.Retreated) and e.unit == "H":
            parts.append(t("summary.retreat", who=n.who(e.seat), hex=hexlabel(e.dst)))
        elif isinstance(e, E.Held):
            parts.append(t("summary.held", who=n.who(e.seat)))
        elif isinstance(e, E.Plunder):
            parts.append(plunder_words(e, group, n))
    if any(isinstance(e, E.Retreated) for e in group) and not any(
            isinstance(e, E.Retreated) and e.unit == "H" for e in group):
        parts.append(t("summary.retreat", who=n.who(begin.attacker),
                       hex=", ".join(sorted({hexlabel(e.dst) for e in group if isinstance(e, E.Retreated)}))))
    head = W.say(begin, n) or ""
    return head + (" — " + "; ".join(parts) if parts else "")
