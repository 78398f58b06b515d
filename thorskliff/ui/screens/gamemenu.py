"""The game screen's menu, its dialogs and which of its keys work now (a mixin
of :class:`~.game.GameScreen`): go on, resign (asks first), take a bot's
seat back, the title or lobby; the result of a finished game, through the
app; the keys the footer leaves out because they would only refuse."""

from __future__ import annotations

from .. import words
from ..i18n import t
from ..session import TERMINAL
from .gameparts import GameParts, thors_app


class GameMenu(GameParts):
    def _confirm_end(self) -> None:
        """Ending the phase with an amber that could be delivered now: asked
        first (the delivery is offered first, Esc goes back)."""
        from .choose import ChooseScreen

        def chosen(text: str | None) -> None:
            if text:
                self.decide(text, confirmed=True)

        step = self.obs["step"]
        items = [("deliver", t("do.deliver")), ("end", t("play.end_anyway", what=words.decision("end", step)))]
        self.app.push_screen(ChooseScreen(t("play.end_deliver"), items), callback=chosen)

    def _pick(self, opts, title: str) -> None:
        if len(opts) == 1:
            self.decide(opts[0][0])
            return
        from .choose import ChooseScreen

        items = [(s, words.decision(s, self.obs["step"], self.obs)) for s, _ in opts]

        def chosen(text: str | None) -> None:
            if text:
                self.decide(text)

        self.app.push_screen(ChooseScreen(title, items), callback=chosen)

    def action_title(self) -> None:
        thors_app(self).pop_to_title()

    def action_menu(self) -> None:
        """The game's menu: go on, resign (asks first), take a bot's seat back (a local
        game), a kind of game's own entries (:meth:`menu_extra`), or to the title."""
        from .choose import ChooseScreen

        # a spectator at a hosted table: he has no seat to keep and plays nothing
        watching = getattr(self.app, "hosted", False) and getattr(self.session, "seat", 0) is None
        items = [("back", t("play.menu_back_watching" if watching else "play.menu_back"))]
        off: frozenset[str] = frozenset()
        if self.can_resign():
            why = self.session.explain("resign", self.viewer)
            if why:  # e.g. during a bot's turn or a combat: greyed, and says why
                items.append(("resign", f"{t('play.menu_resign')} — {self._engine_says(why)}"))
                off = frozenset({"resign"})
            else:
                items.append(("resign", t("play.menu_resign")))
        if self.changes_seats() and self.session.bots and self.decider != TERMINAL:
            # a seat handed to a bot (b) is taken back here as in the palette
            items.append(("take", t("bots.take") + " …"))
        extra = self.menu_extra()
        items += extra
        items.append(("title", t("play.menu_lobby_watching" if watching else "play.menu_lobby"
                                 if getattr(self.app, "hosted", False) else "play.menu_title_saved")))

        def chosen(what: str | None) -> None:
            # after the menu has gone: the title replaces every screen, the menu too
            if what == "resign":
                self.app.call_later(self.action_resign)
            elif what == "title":
                self.app.call_later(self.action_title)
            elif what == "take":
                self.app.call_later(self.action_take_seat)
            elif what in dict(extra):
                self.app.call_later(self.menu_extra_chosen, what)

        self.app.push_screen(ChooseScreen(t("play.menu_title"), items, off), callback=chosen)

    def menu_extra(self) -> list[tuple[str, str]]:
        """Entries a kind of game adds to its menu, before the way out (a hosted seat's invitations)."""
        return []

    def menu_extra_chosen(self, what: str) -> None:
        """One of :meth:`menu_extra`'s entries was chosen."""

    def can_resign(self) -> bool:
        """Whether someone at this keyboard plays a seat of a running game."""
        return self.viewer is not None and self.decider != TERMINAL and hasattr(self.session, "submit")

    def action_resign(self) -> None:
        """The seat at the keyboard resigns (R-RESIGN-1), after a question;
        the engine says when it may not (in a combat, another's turn)."""
        if not self.can_resign():
            self.say(t("game.illegal", why=self._not_yours()), error=True)
            return
        seat = self.viewer
        why = self.session.explain("resign", seat)
        if why:
            self.say(t("game.illegal", why=self._engine_says(why)), error=True)
            return
        from .choose import ChooseScreen

        name = self.obs["players"][seat]["name"]

        def chosen(what: str | None) -> None:
            if what == "yes" and self.viewer == seat and self.decide("resign"):
                self.say(t("play.resigned", name=name))

        items = [("no", t("play.resign_no")), ("yes", t("play.resign_yes", name=name))]
        self.app.push_screen(ChooseScreen(t("play.resign_title", name=name), items), callback=chosen)

    def action_result(self) -> None:
        """The result screen of a finished game."""
        if self.decider != TERMINAL:
            return
        from ..results import combats_won, game_of, table

        game = game_of(self.session)
        if getattr(self, "_won", None) is None and game is not None:
            self._won = combats_won(game)
        obs = self.session.view(self.viewer)
        rows = table(obs, getattr(self, "_won", None))

        def chosen(what: str | None) -> None:
            if what == "title":
                self.app.call_later(self.action_title)
            elif what == "replay":
                self.app.call_later(thors_app(self).show_replay, game)

        thors_app(self).show_result(obs, rows, game is not None, chosen)
