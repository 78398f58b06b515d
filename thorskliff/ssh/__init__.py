"""The SSH transport of the host (:mod:`thorskliff.host`): the asyncssh
server, its sign-in and admission (:mod:`.server`)."""
