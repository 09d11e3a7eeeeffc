"""The test PostgreSQL server's share of the CPU: the same as the run that uses it.

With Linux autogroup scheduling, CPU is shared per session, and every PostgreSQL backend
starts a session of its own (``setsid`` in each forked backend): each got the default
weight, whatever the test run's. Under a run given a higher weight (``echo -15 >
/proc/self/autogroup``, how a timing is measured) a backend got about 3 % of a busy core
and a PostgreSQL test that takes 0.15 s alone took 1.5 s. Tasks in a cgroup of their own
are outside autogroup: the server and every backend it forks go into a cgroup-v1 ``cpu``
group whose ``cpu.shares`` is the weight of the run's autogroup, so the server as a whole
competes as one more session of the run's weight. Where there is no such controller (or
no right to use it) this does nothing and the server runs as before.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

CPU_V1 = Path("/sys/fs/cgroup/cpu")
PREFIX = "algae-pg-"
# the kernel's weight of each nice level (sched_prio_to_weight), from -20 to 19
WEIGHTS = (
    *(88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916),
    *(9548, 7620, 6100, 4904, 3906, 3121, 2501, 1991, 1586, 1277),
    *(1024, 820, 655, 526, 423, 335, 272, 215, 172, 137),
    *(110, 87, 70, 56, 45, 36, 29, 23, 18, 15),
)


def our_weight() -> int:
    """The scheduler weight of this process's autogroup (1024 without autogroup)."""
    try:
        nice = int(Path("/proc/self/autogroup").read_text().split("nice")[1])
    except (OSError, ValueError, IndexError):
        return 1024
    return WEIGHTS[max(-20, min(19, nice)) + 20]


def _tree(pid: int) -> list[int]:
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            for child in task.read_text().split():
                found += _tree(int(child))
    return found


def share_like_us(postmaster: int, name: str) -> Path | None:
    """Put the server ``postmaster`` (and what it forked so far) in a cpu cgroup of this
    run's weight; its later backends inherit it. The group, or None where not possible."""
    if not (CPU_V1 / "cpu.shares").exists():
        return None
    _remove_stale()
    group = CPU_V1 / f"{PREFIX}{name}"
    try:
        group.mkdir(exist_ok=True)
        (group / "cpu.shares").write_text(str(max(2, our_weight())))
        for pid in _tree(postmaster):
            with contextlib.suppress(OSError):
                (group / "cgroup.procs").write_text(str(pid))
    except OSError:
        remove(group)
        return None
    return group


def remove(group: Path | None) -> None:
    """Remove the group once its server has stopped (an empty cgroup's directory)."""
    if group is not None:
        with contextlib.suppress(OSError):
            group.rmdir()


def remove_named(name: str) -> None:
    remove(CPU_V1 / f"{PREFIX}{name}")


def _remove_stale() -> None:
    """Groups of servers that are gone (a run killed before it stopped its server)."""
    with contextlib.suppress(OSError):
        for group in CPU_V1.glob(f"{PREFIX}*"):
            procs = group / "cgroup.procs"
            with contextlib.suppress(OSError):
                if not procs.read_text().strip():
                    group.rmdir()
