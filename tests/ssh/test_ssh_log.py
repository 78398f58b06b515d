"""The game log of hosted seats over SSH, drawn from the events each seat
may see (R-SECRET-1/2): a potion bought reads by kind on its buyer's screen
and "verdeckt" on the other seat's and a spectator's; the kind never
reaches their terminals."""

from __future__ import annotations

from helpers import begin, place, position
from test_ssh_play import enter_game

from thorskliff.game import Game, Setup
from thorskliff.engine.state import SeatSpec
from thorskliff.host.hub import HubGame, SeatInfo


def at_the_market() -> Game:
    """alice's hero (P1) on the market M1 with 10 Taler in her action phase (R-ACT-1); bob's on 2c2."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].taler = 10
    begin(st, 0, 3)
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    return Game(setup, state=st)


async def test_a_potion_bought_reads_face_down_in_the_other_seats_log(server, terms, keys):
    host = await server()
    hg = HubGame(1, at_the_market(), [SeatInfo("alice"), SeatInfo("bob")])
    host.hub.games[1] = hg
    a = await terms(host.port, "alice", keys("alice"))
    await enter_game(a, "Weiterspielen auf Platz 1")
    b = await terms(host.port, "bob", keys("bob"))
    await enter_game(b, "Weiterspielen auf Platz 2")
    c = await terms(host.port, "carol", keys("carol"))
    await enter_game(c, "Zuschauen")
    await a.command("buy kraft")
    await a.see("P1 kauft einen Trank:", "Krafttrank (−3")
    for term in (b, c):
        await term.see("P1 kauft einen Trank:", "verdeckt (−3")
    assert [e.potion for evs in hg.local.events(0) for e in evs if e.kind == "bought"] == ["kraft"]
    for term in (b, c):
        # the kind bought never reached them (the haste step's prompt names the Eiletrank
        # to every seat alike: it tells nothing of what P1 holds)
        assert "Krafttrank" not in term.everything(), term.text()
