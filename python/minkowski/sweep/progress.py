"""The progress bar of a sweep (stderr) and its end summary (problems, wall time, per-worker
throughput)."""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from dataclasses import dataclass

from .tasks import TaskResult


class ProgressBar:
    """Tasks done of all tasks: redrawn in place on a terminal, a line every 10% otherwise."""

    WIDTH = 30

    def __init__(self, total: int, stream=None):
        self.total = max(1, total)
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty()
        self.start = time.monotonic()
        self.done = 0
        self.last_decile = -1

    def update(self, done: int, label: str = ""):
        self.done = done
        fraction = min(1.0, done / self.total)
        elapsed = time.monotonic() - self.start
        filled = int(self.WIDTH * fraction)
        line = (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} tasks "
                f"{elapsed:6.1f} s {label}")
        if self.live:
            self.stream.write("\r" + line.ljust(100)[:100])
            self.stream.flush()
        elif int(fraction * 10) > self.last_decile:
            self.last_decile = int(fraction * 10)
            self.stream.write(line.rstrip() + "\n")
            self.stream.flush()

    def finish(self):
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:.3g}" if seconds > 0 else "-"


@dataclass
class SweepSummary:
    """What a sweep did: the tasks it ran (not those a previous run finished), the datasets'
    problem counts, the replayed rows."""

    results: list[TaskResult]
    resumed: int  #: parts found finished in the work folder
    wall_seconds: float
    datasets: dict[str, int]  #: problems per dataset
    replay_rows: int  #: problem x contender x task rows

    def text(self) -> str:
        return summary_text(self.results, self.resumed, self.wall_seconds, self.datasets,
                            self.replay_rows)


def summary_text(results: list[TaskResult], resumed: int, wall_seconds: float,
                 datasets: dict[str, int], replay_rows: int) -> str:
    """The end summary: what was made, how long it took, what each worker did."""
    lines = [f"sweep done in {wall_seconds:.2f} s: {len(datasets)} dataset"
             f"{'' if len(datasets) == 1 else 's'}, {sum(datasets.values())} problems recorded"
             + (f", {replay_rows} problem x contender rows replayed" if replay_rows else "")]
    for name, problems in datasets.items():
        lines.append(f"  {name}: {problems} problems")
    lines.append(f"  tasks: {len(results)} run, {resumed} already done (resumed)")
    per_worker: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in results:
        w = per_worker[r.worker]
        w["tasks"] += 1
        w[f"{r.kind} seconds"] += r.seconds
        w[f"{r.kind} problems"] += r.problems
        w["busy"] += r.seconds
        w["cpu"] += r.cpu_seconds
    if per_worker:
        lines.append("  per worker: tasks, busy s (program CPU s), recorded problems/s, replayed rows/s")
        for worker in sorted(per_worker):
            w = per_worker[worker]
            lines.append(f"    {worker}: {int(w['tasks'])} tasks, {w['busy']:.2f} s busy "
                         f"({w['cpu']:.2f} s CPU), "
                         f"{_rate(w['record problems'], w['record seconds'])} problems/s, "
                         f"{_rate(w['replay problems'], w['replay seconds'])} rows/s")
    return "\n".join(lines) + "\n"
