"""Who plays the seats of the game screen, and who holds the keyboard (a
mixin of :class:`~.game.GameScreen`, kept apart from the play flow):

- the hand-over between two people (``handover.py``'s screen, and why);
- the bots' decisions, played by the one seat driver (``play/driver.py``);
- a seat given to a bot (``b``, the command palette) and taken back (the
  menu, the palette): its player lets go of the keyboard; the next person
  takes it over as between seats.

Seats a bot plays decide by themselves, one decision after another, each
after the app's ``bot_delay`` and computed off the UI thread; the keyboard
stays with the last person who had it, and the hand-over screen only comes
between two people. With one person at the table that person's view is
shown throughout; with nobody (bots only) a spectator's.
"""

from __future__ import annotations

from textual.css.query import NoMatches

from ...engine.actions import ActionError
from ...engine.steps import COMBAT_STEPS, Step
from ...play.driver import BotJob, SeatDriver
from .. import choices
from ..botwords import bot_name, bot_words
from ..i18n import t
from ..session import TERMINAL
from .gameparts import GameParts

#: a session without bots of its own (a seat at the host, whose hub plays them; a replay)
_NO_DRIVER = SeatDriver(lambda: None, lambda job, action: None)


class SeatController(GameParts):
    """Mixin state: the driver playing the bots, the hand-over under way, a
    person who left their seat."""

    def _init_seats(self, session) -> None:
        self._handing = False
        #: the seat the open hand-over screen waits for
        self._handing_to: int | None = None
        #: the person at the keyboard gave their seat to a bot: the next person takes it over as between seats
        self._left = False
        self._was_mine = False
        self._driver = self._bot_driver() if hasattr(session, "bot_job") else _NO_DRIVER

    def _is_bot(self, seat: int | None) -> bool:
        is_bot = getattr(self.session, "is_bot", None)  # an SSH seat's session: the hub plays its bots
        return bool(is_bot and seat is not None and seat >= 0 and is_bot(seat))

    def _humans(self) -> list[int] | None:
        """The seats people play, or None when the session has no bots."""
        if not getattr(self.session, "bots", None):
            return None
        return self.session.humans()

    def _sole_human(self) -> int | None:
        """With bots at the table and one person, that person holds the
        keyboard throughout: there is nobody to hand it to."""
        humans = self._humans()
        return humans[0] if humans is not None and len(humans) == 1 else None

    def _hand_over(self, seat: int) -> None:
        self.viewer = None
        self._select(-1, draw=False)
        self.redraw()
        self._handing = True
        self._handing_to = seat
        from .handover import HandOver

        why = self._handover_reason(seat)
        box = HandOver(self.obs["players"][seat], why)
        box.since = self.since_for_handover(seat)  # what happened since that player's last turn (feed.py)
        self.app.push_screen(box, callback=self._handed(seat))

    def _handed(self, seat: int):
        def done(_=None) -> None:
            self._handing = False
            self._handing_to = None
            if self._is_bot(seat):  # the seat went to a bot while its player was awaited
                self.sync()
                return
            self._left = False
            self.viewer = seat
            self._jump_to_own()
            self.sync()

        return done

    def _handover_reason(self, seat: int) -> str:
        obs = self.session.view(None)
        c = obs["combat"]
        name = obs["players"][seat]["name"]
        if c and obs["step"] in COMBAT_STEPS and seat + 1 != obs["turn"]:
            if c["defender"] == "troll":
                return t("handover.why_troll", name=name)
            return t("handover.why_defend", name=name)
        if obs["turn"] == seat + 1:
            return t("handover.why_turn", name=name)
        return t("handover.why_other", name=name)

    def _jump_to_own(self) -> None:
        if self.viewer is None:
            return
        obs = self.session.view(self.viewer)
        p = obs["players"][self.viewer]
        if p["hero_at"]:
            self.map.set_cursor(self._index(p["hero_at"]))
        elif obs["step"] == Step.BEACH and obs["legal"]:
            choice = choices.parsed(obs["legal"])[0][1]
            self.map.set_cursor(choice.a)

    def _index(self, label: str) -> int:
        for i, hx in enumerate(self.obs["hexes"]):
            if hx["label"] == label:
                return i
        return 0

    def _run_bots(self) -> None:
        if not self._summary_open:
            self._driver.start(lambda coro: self.run_worker(coro, group="bots"))

    def _bot_driver(self) -> SeatDriver:
        """Every decision due to a bot, one by one, until a person decides
        or the game ends (its worker ends with the screen; play/driver.py)."""
        def stepped(job: BotJob, _done) -> bool:
            try:
                said = self._bot_stepped(job.lines)  # the events of the lines since the bot was asked
                self.sync()
                if said and not self._summary_open:
                    name = self.obs["players"][job.seat]["name"]  # "Bot 2 wählt …" says it is a bot
                    self.say(said if bot_name(name) == name else t("summary.bot_step", what=said))
            except NoMatches:
                return False  # the screen is being taken down around us
            return True

        def failed(job: BotJob, exc: Exception) -> None:  # a bot's bug: the game waits (it is saved), and says why
            why = self._engine_says(exc) if isinstance(exc, ActionError) else repr(exc)
            self.say(t("bots.failed", name=self.obs["players"][job.seat]["name"], why=why), error=True)

        def again() -> None:  # a bot due while the driver ended (a card shown, a combat dialog opened)
            self.call_later(self._run_bots)

        return SeatDriver(self.session.bot_job, self.session.submit_bot, delay=self._bot_pace,
                          go_on=lambda: self._alive() and not self._summary_open, on_step=stepped,
                          on_error=failed, on_end=again)

    def _alive(self) -> bool:
        """Still on screen in a running app (not closing down)."""
        return self.is_attached and self.is_running and not self._closing and self.app.is_running

    def _marked(self, obs: dict) -> dict:
        """The view with every bot's name marked, for the tableaus and the
        phase bar."""
        if not getattr(self.session, "bots", None):
            return obs
        players = [dict(p, name=bot_name(p["name"])) if self._is_bot(p["seat"] - 1) else p
                   for p in obs["players"]]
        return dict(obs, players=players)

    def changes_seats(self) -> bool:
        """Whether seats may go to bots and back here (a local game; not a
        campaign chapter, not a seat at an SSH host)."""
        return bool(getattr(self.session, "changes_seats", False))

    def _seat_name(self, seat: int) -> str:
        return self.session.view(None)["players"][seat]["name"]

    def action_seat_to_bot(self) -> None:
        """A person gives their seat to a bot: which seat (the keyboard's
        first), then which bot."""
        if not self.changes_seats():
            return
        if self.decider == TERMINAL:
            self.say(t("game.no_decision"), error=True)
            return
        humans = self.session.humans()
        if not humans:
            self.say(t("bots.none_human"), error=True)
            return
        if self.viewer in humans:
            humans.remove(self.viewer)
            humans.insert(0, self.viewer)
        self._pick_seat(humans, t("bots.give_which"), self._seat_name, self._choose_bot)

    def _pick_seat(self, seats: list[int], title: str, label, then) -> None:
        """``then(seat)`` for the one seat of ``seats``, or for the seat chosen
        from a list (``label(seat)`` names each)."""
        if len(seats) == 1:
            then(seats[0])
            return
        from .choose import ChooseScreen

        def chosen(seat: str | None) -> None:
            if seat is not None:
                then(int(seat))

        items = [(str(s), label(s)) for s in seats]
        self.app.push_screen(ChooseScreen(title, items), callback=chosen)

    def _choose_bot(self, seat: int) -> None:
        """The levels, as the new game offers them (it offered Zufall, Heuristik and Suche
        here and the levels there); the seat gets the level's bot, as a new game's does."""
        from ...bots.registry import level_bot
        from .choose import ChooseScreen
        from .setup import level_choices

        def chosen(level: str | None) -> None:
            if level:
                self.give_to_bot(seat, level_bot(level) or level)

        items = [(lv, label) for label, lv in level_choices()]
        self.app.push_screen(ChooseScreen(t("bots.give_kind", name=self._seat_name(seat)), items), callback=chosen)

    def give_to_bot(self, seat: int, kind: str) -> None:
        """A bot of ``kind`` plays ``seat`` from now on; whoever held the
        keyboard for that seat lets go of it."""
        self.session.hand_to_bot(seat, kind)
        self.say(t("bots.given", name=self._seat_name(seat), kind=bot_words(kind)))
        if self.viewer == seat:
            self.viewer = None
            self._select(-1, draw=False)
            self._left = True
        self.refresh_bindings()
        if self._handing and self._handing_to == seat:
            from .handover import HandOver

            if isinstance(self.app.screen, HandOver):
                self.app.screen.dismiss(None)  # its callback goes on without that player
                return
        self.sync()

    def action_take_seat(self) -> None:
        """A person plays a bot's seat again: which seat, when several."""
        if not self.changes_seats():
            return
        seats = sorted(self.session.bots)
        if not seats:
            self.say(t("bots.none_bot"), error=True)
            return
        self._pick_seat(seats, t("bots.take_which"),
                        lambda s: f"{self._seat_name(s)} – {t('bots.kind', kind=bot_words(self.session.bots[s]))}",
                        self.take_seat)

    def take_seat(self, seat: int) -> None:
        """A person plays ``seat`` again from its next decision on; nothing
        is taken back. With nobody at the keyboard, the one who took the
        seat holds it now."""
        if not self.session.is_bot(seat):
            return
        self.session.take_back(seat)
        if self.viewer is None and not self._handing:
            self.viewer = seat
            self._left = False
            self._jump_to_own()
        self.refresh_bindings()
        self.sync()
        self.say(t("bots.taken", name=self._seat_name(seat)))
