#!/usr/bin/python3
"""Benchmark of minkowski.sweep (docs/sweeps.md): one spec run on one machine by the program
alone (`record --threads 1` then `bench`, the baseline), then as a sweep on `dask scheduler` +
1 or 2 `dask worker` processes, alternating, several rounds; and the scheduler's own cost per task
(no-op tasks).

    PYTHONPATH=python /usr/bin/python3 bench/sweep/bench_sweep.py --rounds 2 --work /tmp/sweep-bench

Prints medians over the rounds: wall times, speed-ups, per-task overheads, per-problem times.
Not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import distributed

from minkowski.sweep import default_binary, load_spec, run_sweep

PYTHON_DIR = Path(__file__).resolve().parents[2] / "python"
SPEC = """\
[record]
trajectories = {trajectories}
seconds = 1.0
seeds = [11]
shards = {shards}
[replay]
solvers = ["gjk", "mpr"]
warm_starts = ["none", "previous"]
tasks = ["boolean"]
repeats = 30
chunks = {chunks}
"""


def timed(function):
    start = time.monotonic()
    value = function()
    return time.monotonic() - start, value


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_alone(command):
    """A program run in a session of its own (one fair share of the machine, as a worker)."""
    subprocess.run(command, check=True, capture_output=True, start_new_session=True)


def baseline(binary: str, spec, folder: Path) -> dict:
    """The same work by the program alone, one process at a time."""
    cpu = children_cpu()
    dataset = folder / "baseline.h5"
    recording = spec.recordings[0]
    record = [binary, "-q", "record", *recording.record_args(), "--threads", "1", "--out",
              str(dataset), "--force"]
    record_s, _ = timed(lambda: run_alone(record))
    bench = [binary, "-q", "bench", str(dataset), *spec.replay.bench_args(), "--no-plot",
             "--out", str(folder / "baseline-replay.csv")]
    replay_s, _ = timed(lambda: run_alone(bench))
    return {"record": record_s, "replay": replay_s, "total": record_s + replay_s,
            "cpu": children_cpu() - cpu}


class Cluster:
    """`dask scheduler` and `dask worker` processes (docs/sweeps.md's recipe), each in a session
    of its own: with the kernel's autogroup scheduling a session gets a fair share of a shared
    machine, so each worker gets one share as a machine of its own would (in one session, one
    worker or two would share one share and no speed-up could show)."""

    def __init__(self, folder: Path, workers: int):
        self.file = folder / f"scheduler-{workers}.json"
        self.file.unlink(missing_ok=True)
        self.processes = [self.start("scheduler", "--port", "0", "--no-dashboard",
                                     "--scheduler-file", str(self.file))]
        while not self.file.exists():
            time.sleep(0.1)
        for _ in range(workers):
            self.processes.append(self.start("worker", "--scheduler-file", str(self.file),
                                             "--nthreads", "1", "--nworkers", "1",
                                             "--no-dashboard"))
        self.client = distributed.Client(scheduler_file=str(self.file))
        self.client.wait_for_workers(workers)

    @staticmethod
    def start(*args):
        return subprocess.Popen(["dask", *args], start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)))

    def close(self):
        self.client.close()
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            process.wait()


def sweep(binary: str, spec, folder: Path, workers: int) -> dict:
    cluster = Cluster(folder, workers)
    try:
        out = folder / f"sweep-{workers}"
        wall, summary = timed(lambda: run_sweep(spec, out, cluster.client, binary, force=True,
                                                plots=False, log=lambda _: None))
        noop_s = noop_overhead(cluster.client)
    finally:
        cluster.close()
    tasks = summary.results
    busy = sum(r.seconds for r in tasks)
    record_busy = sum(r.seconds for r in tasks if r.kind == "record")
    replay_busy = sum(r.seconds for r in tasks if r.kind == "replay")
    record_cpu = sum(r.cpu_seconds for r in tasks if r.kind == "record")
    replay_cpu = sum(r.cpu_seconds for r in tasks if r.kind == "replay")
    problems = sum(summary.datasets.values())
    return {"total": wall, "tasks": len(tasks), "busy": busy, "record_busy": record_busy,
            "replay_busy": replay_busy, "record_cpu": record_cpu, "replay_cpu": replay_cpu,
            "cpu": sum(r.cpu_seconds for r in tasks), "problems": problems, "rows": summary.replay_rows,
            "idle_per_task": (wall * workers - busy) / len(tasks), "noop": noop_s}


def _noop(i):
    return i


def noop_overhead(client, count=400) -> float:
    """Seconds per task of the scheduler alone: `count` no-op tasks submitted and gathered."""
    client.gather(client.map(_noop, range(20), pure=False))  # warm
    wall, _ = timed(lambda: client.gather(client.map(_noop, range(count), pure=False)))
    return wall / count


def program_startup(binary: str, folder: Path) -> float:
    """One program run that does almost nothing (a 1-step recording)."""
    run = [binary, "-q", "record", "--trajectories", "1", "--seconds", "0.01", "--out",
           str(folder / "startup.h5"), "--force"]
    return statistics.median(timed(lambda: run_alone(run))[0] for _ in range(5))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--trajectories", type=int, default=200)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--work", default=None)
    arguments = parser.parse_args()
    folder = Path(arguments.work or tempfile.mkdtemp(prefix="sweep-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "spec.toml").write_text(SPEC.format(trajectories=arguments.trajectories,
                                                  shards=arguments.shards,
                                                  chunks=arguments.chunks))
    spec = load_spec(folder / "spec.toml")
    binary = default_binary()
    runs = {"baseline": [], 1: [], 2: []}
    for round_ in range(arguments.rounds):
        order = [1, 2] if round_ % 2 == 0 else [2, 1]
        runs["baseline"].append(baseline(binary, spec, folder))
        for workers in order:
            runs[workers].append(sweep(binary, spec, folder, workers))
        print(f"round {round_} (load {os.getloadavg()[0]:.1f}): baseline {runs['baseline'][-1]['total']:.2f} s, "
              f"1 worker {runs[1][-1]['total']:.2f} s, 2 workers {runs[2][-1]['total']:.2f} s",
              flush=True)

    def median(key, which):
        return statistics.median(r[key] for r in runs[which])

    base, one, two = median("total", "baseline"), median("total", 1), median("total", 2)
    startup = program_startup(binary, folder)
    problems, rows = runs[1][0]["problems"], runs[1][0]["rows"]
    print(f"spec: {arguments.trajectories} trajectories x 1 s of funnel-pairs in "
          f"{arguments.shards} shards, {problems} problems; replay 2 solvers x 2 warm starts, "
          f"boolean, R = 30, in {arguments.chunks} chunks ({rows} rows); "
          f"medians of {arguments.rounds} rounds")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores shared)")
    print(f"baseline (program alone, 1 process): {base:.2f} s (record "
          f"{median('record', 'baseline'):.2f} s, replay {median('replay', 'baseline'):.2f} s), "
          f"CPU {median('cpu', 'baseline'):.2f} s")
    print(f"sweep, 1 worker : {one:.2f} s ({one / base:.2f}x the baseline's time)")
    print(f"sweep, 2 workers: {two:.2f} s; speed-up 1 -> 2 workers {one / two:.2f}x")
    print(f"tasks per sweep: {runs[1][0]['tasks']}; busy (task bodies) "
          f"{median('busy', 1):.2f} s, program CPU {median('cpu', 1):.2f} s with 1 worker "
          f"({median('cpu', 1) / median('cpu', 'baseline'):.2f}x the baseline's CPU)")
    print(f"per task, 1 worker: idle between program runs {median('idle_per_task', 1) * 1e3:.0f} "
          f"ms (scheduling, gathering, the client's bookkeeping); program start "
          f"{startup * 1e3:.0f} ms; no-op Dask task {median('noop', 1) * 1e3:.2f} ms")
    print(f"per problem, 1 worker, wall: record {median('record_busy', 1) / problems * 1e6:.1f} "
          f"us, replay {median('replay_busy', 1) / rows * 1e6:.2f} us per problem x contender row")
    print(f"per problem, 1 worker, CPU: record {median('record_cpu', 1) / problems * 1e6:.1f} "
          f"us, replay {median('replay_cpu', 1) / rows * 1e6:.2f} us per problem x contender row")


if __name__ == "__main__":
    main()
