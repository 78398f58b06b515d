"""The host's garbage sweeps (thorskliff.ssh.server._Heap): a sweep walks
every object of every session and stops them all meanwhile, 1-2 s at 32-64
sessions, so it must not come merely because sessions started."""

from __future__ import annotations

from thorskliff.ssh.server import _Heap


def test_a_table_filling_up_is_not_swept_for_its_sessions_own_objects():
    live = [0]
    heap = _Heap(lambda: live[0])
    heap.base, heap.live_at_base = 300_000, 0  # the server alone, as the last sweep kept it
    live[0] = 32
    sessions = 32 * _Heap.PER_SESSION
    assert not heap.grown(300_000 + sessions)  # 32 sessions came: their objects are alive
    assert heap.grown(2 * (300_000 + sessions))  # twice as many as they explain: garbage, swept
    live[0] = 0  # every session ended (those sweep after SWEEP_AFTER of them)
    assert heap.grown(300_000 + sessions)
