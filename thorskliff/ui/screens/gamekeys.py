"""What the game screen's keys do, and which of them work now (a mixin of
:class:`~.game.GameScreen`): end, undo, Tab, the hero, the labels, the
notation line, cancel, help; a key pressed before the screen is built does
nothing; the footer leaves out the keys that would only refuse."""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.widgets import Input

from ...engine.steps import Step
from .. import words
from ..i18n import t
from ..session import CHANCE, TERMINAL
from .gameparts import GameParts, thors_app


class GameKeys(GameParts):
    def action_end(self) -> None:
        if not any(s == "end" for s, _ in self.legal):
            why = self._engine_says(self.session.explain("end", self.viewer) or "") if self.legal else self._not_yours()
            self.say(t("game.illegal", why=why), error=True)
            return
        self.decide("end")

    def action_undo(self) -> None:
        if getattr(self.session, "bot_decided_last", lambda: False)():
            self.say(t("game.cannot_undo", why=t("bots.no_undo")), error=True)
            return
        if getattr(self.session, "seat_changed_last", lambda: False)():
            self.say(t("game.cannot_undo", why=t("bots.no_undo_seat")), error=True)
            return
        problem = self.session.undo_problem(self.viewer)
        if problem:
            self.say(t("game.cannot_undo", why=self._engine_says(problem)), error=True)
            return
        line = self.session.undo(self.viewer)
        self._select(-1, draw=False)
        self.sync()  # first: a new decision point clears the status line
        self.say(t("game.undone", what=words.taken_back(line, self.session, self.viewer)))

    def action_choose_here(self) -> None:
        """Enter: on the island or in the list (the notation line keeps its own Enter,
        see check_action)."""
        focused = self.focused
        if focused is self.map:
            self.map.action_choose()
        elif focused is getattr(self, "decisions", None):
            self.decisions.action_select()

    def action_toggle_focus(self) -> None:
        if self.app.screen is not self:
            return
        # now, not after the keys already queued (Widget.focus waits a turn): Tab and Enter
        # in one packet (over SSH, or typed fast) chose on the island instead of the list
        self.set_focus(self.decisions if self.map.has_focus else self.map)

    def action_hero(self) -> None:
        seat = self.viewer if self.viewer is not None else (self.obs["turn"] or 1) - 1
        p = self.obs["players"][seat]
        if p["hero_at"]:
            self.map.set_cursor(self._index(p["hero_at"]))

    def action_labels(self) -> None:
        self.labels = not self.labels
        self._draw_map()
        self.say(t("game.labels_on" if self.labels else "game.labels_off"))

    def action_command(self) -> None:
        box = self.query_one("#command", Input)
        box.add_class("-open")
        box.value = ""
        self.set_focus(box)  # now, not after the keys already queued (Widget.focus waits a turn)

    def _command_open(self) -> bool:
        try:
            return self.query_one("#command", Input).has_class("-open")
        except NoMatches:
            return False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = event.input
        text = event.value.strip()
        box.remove_class("-open")
        self.map.focus()
        self._last_step = None  # the step may have changed while the box was open
        self.command(text)

    def command(self, text: str) -> None:
        """A decision typed in notation; at a chance step ``roll M3 K1``
        forces the dice (tests, replaying a table game)."""
        text = text.strip()
        if not text:
            return
        if text.lower().startswith("roll") and self.decider == CHANCE:
            self.roll(text[4:].strip() or None)
        else:
            self.decide(text)

    def action_cancel(self) -> None:
        box = self.query_one("#command", Input)
        if box.has_class("-open"):
            box.remove_class("-open")
            self.map.focus()
            return
        if self.selected >= 0:
            self._select(-1)

    def action_help(self) -> None:
        thors_app(self).action_help()

    def check_action(self, action: str, parameters) -> bool | None:
        if not self.ready:
            # a key pressed while the screen opens (Tab at once after --resume) would reach
            # widgets not mounted yet; the keys work from the first full frame on (#27.13)
            return False
        if action == "seat_to_bot":
            return self.changes_seats()
        if action == "command":
            return not self._command_open()  # ':' typed into the open box is text
        if action == "choose_here" and isinstance(self.focused, Input):
            # the box's own Enter: it comes after the keys typed before it, which a priority
            # binding would overtake (keys arriving in one packet, as over SSH)
            return None
        return True

    def idle_keys(self) -> frozenset[str]:
        """The actions whose keys would only answer with a refusal now: with
        bots alone playing, e, u, b, t, ⏎, : and Tab; while another person
        decides, ⏎, : and Tab too; at the beaches, e and h (no hero on
        the island yet). The footer leaves them out (:attr:`active_bindings`);
        the keys still answer as before, with their refusal. Worked out once per
        decision point (:meth:`hint_point`, and who bots play: seats change hands
        between decisions), not at every redraw and footer refresh: a hosted table
        redraws every screen at every decision made anywhere."""
        obs = getattr(self, "obs", None)
        if obs is None:
            return frozenset()
        point = (self.hint_point(), self._is_bot(self.decider), self._humans())
        kept = getattr(self, "_idle", None)
        if kept is not None and kept[0] == point:
            return kept[1]
        idle = self._idle_now(obs)
        self._idle = (point, idle)
        return idle

    def _idle_now(self, obs: dict) -> frozenset[str]:
        idle = set()
        if not self.legal or obs["step"] == Step.BEACH:  # no decision of this seat, or no phase to end
            idle.add("end")
        if self.viewer is None or self.session.undo_problem(self.viewer) is not None:
            idle.add("undo")
        if not self.hint_offered():
            idle.add("hint")
        if self.changes_seats() and (self.decider == TERMINAL or not self.session.humans()):
            idle.add("seat_to_bot")
        if getattr(self.session, "humans", None) and not self.session.humans() and self.decider != TERMINAL:
            idle.update(("choose_here", "command", "toggle_focus"))  # bots alone: ⏎, : and Tab only refuse
        d = self.decider
        if self.viewer is not None and d >= 0 and d != self.viewer and not self._is_bot(d):
            # another person decides (a seat at an SSH table waiting): ⏎, : and Tab only refuse
            idle.update(("choose_here", "command", "toggle_focus"))
        seat = self.viewer if self.viewer is not None else (obs["turn"] or 1) - 1
        if not obs["players"][seat]["hero_at"]:  # what action_hero looks at
            idle.add("hero")
        return frozenset(idle)
