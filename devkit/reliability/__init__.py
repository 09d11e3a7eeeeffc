"""The project's own reliability suite: the real ``bot.py`` subprocess against the
Discord stand-in, under load, double clicks, SIGKILL, injected faults and hostile input.

``suite.run(Config(...))`` runs every phase and returns a ``Report``; the quick form runs
in CI (``tests/reliability/test_quick.py``), the full form by hand:
``python3 bot.py --bench reliability`` (40 channels by default; see benchmarks/reliability).
"""
