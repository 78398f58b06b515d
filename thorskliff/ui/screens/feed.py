"""What the game screen shows from the engine's events (a mixin of
:class:`~.game.GameScreen`, kept apart from the play flow):

- a summary after every combat, for the people in it, before any hand-over
  (one per combat, never merged — also a lone strike and a combat that
  needed no decision);
- a bot's decisions one by one on the map (the unit's hex and its target
  marked) at a pace the player sets (``+`` / ``-``), with ``s`` to skip to
  the end of the bot's turn;
- "since your last turn" when a person's turn begins (and on the hand-over).

Everything comes from the session's events as the viewer may see them
(``session.events(viewer)``), never from comparing views.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine import events as E
from .. import mapdraw
from .. import summary as S
from ..eventwords import Names
from ..i18n import t
from .gameparts import GameParts, thors_app

#: seconds between two bot decisions, to choose from with + and -
PACES = (0.0, 0.3, 0.6, 1.0, 1.5, 2.5)


class EventFeed(GameParts):
    """Mixin state: the combats already summarized, the bot's last step."""

    def _init_feed(self) -> None:
        self._flat: list[E.Event] = []
        self._lines_read = 0
        self._combats_done = -1  # set at the first look: combats before the screen opened are not shown again
        self._summary_open = False
        #: combats with the persons in them who have not seen their summary yet
        self._pending: list[tuple[list[E.Event], set]] = []
        self._bot_marks: tuple[int, int] | None = None
        self._skip_turn: tuple[int, int] | None = None
        self._since_shown: set[tuple[int, int, int]] = set()

    # ------------------------------------------------------------ events
    def _events(self) -> list[E.Event]:
        """All events of the game as a spectator sees them, flattened (read incrementally)."""
        get = getattr(self.session, "events", None)
        if get is None:
            return []
        per_line = get(None)  # combats hold no secret: a spectator's events say all of them
        if len(per_line) < self._lines_read:  # an undo took lines back
            self._flat, self._lines_read = [], 0
        for evs in per_line[self._lines_read:]:
            self._flat.extend(evs)
        self._lines_read = len(per_line)
        return self._flat

    def _names(self) -> Names:
        return Names.of_obs(self.obs)

    def _card_words(self) -> tuple:
        """A campaign card's title and a card's option in words, by id (None, None outside a campaign)."""
        card = getattr(self.session, "card_view", None)
        if card is None:
            return None, None
        return (lambda cid: card(cid)["title"]), getattr(self.session, "option_words", None)

    # ------------------------------------------------------------ combat summaries
    def _feed_holds(self) -> bool:
        """Show the next combat summary due (True: sync waits for it)."""
        if self._summary_open:
            return True
        if self._combat is not None:
            if self.session.view(None)["combat"] is None and self.app.screen is self._combat:
                # the combat is over: its dialog closes (and syncs again) before anything else
                self._combat.finished = True
                self._combat.dismiss(None)
                return True
            return False
        groups = [g for g in E.combats(self._events()) if isinstance(g[-1], (E.CombatEnded, E.Plunder))]
        if self._combats_done < 0:
            self._combats_done = len(groups)
            return False
        for g in groups[self._combats_done:]:
            people = self._people(g)
            if people:
                self._pending.append((g, people))
        self._combats_done = len(groups)
        for g, people in list(self._pending):
            if self.viewer in people:
                people.discard(self.viewer)
                if not people or not self.handover:  # one screen for all seats: shown once
                    self._pending.remove((g, people))
                self._open_summary(g)
                return True
        return False

    def _people(self, group: list[E.Event]) -> set:
        """The persons in that combat, each to see its summary once it holds
        the keyboard (right away, or after the hand-over to them)."""
        inv = S.involved(group)
        if getattr(self.session, "hg", None) is not None:  # an SSH seat: its own combats only
            return inv & {self.viewer}
        humans = self._humans()
        return set(inv if humans is None else inv & set(humans))

    def _open_summary(self, group: list[E.Event]) -> None:
        from .summary import CombatSummary

        self._summary_open = True
        self.redraw()  # the board behind it shows the combat's end
        body = S.combat_summary(group, self._names())
        self.app.push_screen(CombatSummary(body), callback=self._summary_closed)

    def _summary_closed(self, _=None) -> None:
        self._summary_open = False
        self.sync()

    # ------------------------------------------------------------ since the last turn
    def since_lines(self, seat: int) -> list[str]:
        get = getattr(self.session, "events", None)
        if get is None:
            return []
        evs = S.since(get(seat), seat)
        return S.since_lines(evs, self._names(), 14, *self._card_words())

    def since_for_handover(self, seat: int) -> list[str]:
        """The lines for the hand-over screen when ``seat``'s turn begins (then
        not shown again when the person has taken the keyboard)."""
        obs = self.session.view(None)
        if obs["turn"] != seat + 1 or obs["combat"] is not None:
            return []
        self._since_shown.add((seat, obs["round"], obs["turn"]))
        return self.since_lines(seat)

    def _show_since(self, seat: int) -> bool:
        """At the start of a person's turn (once per turn): what happened since
        their last one. True when a summary was opened."""
        obs = self.session.view(seat)  # self.obs is the view before this change
        key = (seat, obs["round"], obs["turn"] or 0)
        if key in self._since_shown or obs["turn"] != seat + 1 or self._summary_open:
            return False
        self._since_shown.add(key)
        lines = self.since_lines(seat)
        if not lines:
            return False
        from .summary import SinceSummary

        self._summary_open = True
        self.redraw()  # the board behind it is the one the person now plays on
        self.app.push_screen(SinceSummary(obs["players"][seat]["name"], lines), callback=self._summary_closed)
        return True

    # ------------------------------------------------------------ bots at a human pace
    def _lines_now(self) -> int:
        get = getattr(self.session, "events", None)
        return len(get(self.viewer)) if get is not None else 0

    def _bot_pace(self) -> float:
        if self._skip_turn is not None and self._skip_turn == self._turn_key():
            return 0.0
        self._skip_turn = None
        return getattr(self.app, "bot_delay", 0.3)

    def _turn_key(self) -> tuple[int, int]:
        st = self.session.view(None)
        return st["round"], st["turn"] or 0

    def _bot_stepped(self, lines_before: int) -> str | None:
        """Mark the bot's last step on the map; returns its words for the status line."""
        get = getattr(self.session, "events", None)
        if get is None:
            return None
        new = [e for evs in get(self.viewer)[lines_before:] for e in evs]
        moved = [e for e in new if isinstance(e, E.Moved)]
        self._bot_marks = (moved[-1].src, moved[-1].dst) if moved else None
        from ..eventwords import lines as say_lines

        said = say_lines(new, Names.of_obs(self.session.view(self.viewer)), *self._card_words())
        return "; ".join(said[-3:]) if said else None

    def bot_marks(self, marks: mapdraw.Marks) -> mapdraw.Marks:
        """The map's marks while a bot plays: its unit's hex and where it went."""
        d = self.decider
        if d >= 0 and not self._is_bot(d):
            self._bot_marks = None  # a person decides: only their own marks
        if self._bot_marks is None:
            return marks
        src, dst = self._bot_marks
        return replace(marks, selected=src, targets=frozenset({dst}))

    def action_bot_faster(self) -> None:
        self._set_pace(-1)

    def action_bot_slower(self) -> None:
        self._set_pace(1)

    def _set_pace(self, step: int) -> None:
        now = getattr(self.app, "bot_delay", 0.3)
        i = min(range(len(PACES)), key=lambda k: abs(PACES[k] - now))
        i = max(0, min(len(PACES) - 1, i + step))
        thors_app(self).bot_delay = PACES[i]
        self.say(t("summary.pace", s=f"{PACES[i]:.1f}"))

    def action_bot_skip(self) -> None:
        if self._is_bot(self.decider):
            self._skip_turn = self._turn_key()
            self.say(t("summary.skipping"))
