"""Who plays a seat, and when: the layer between the bots and the front ends
(the local app, the host). No UI here."""
