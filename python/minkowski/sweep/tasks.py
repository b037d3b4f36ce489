"""The task bodies that run on Dask workers: one `minkowski` program run each.

A task is a subprocess of the `minkowski` command line, not a call into the bindings: a solver
plugin that crashes takes down that one process (the task fails with its signal), never the Dask
worker, and the program's own atomic writes (a temporary file renamed when complete) make every
output either whole or absent. The child gets SIGTERM when its worker dies (`setpriv --pdeathsig`),
on which the program deletes its temporary file and exits, so a killed worker leaves no orphan
still writing.
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass


class TaskError(RuntimeError):
    """A task that failed for a real reason (bad scene, bad plugin, a crash): the message is the
    program's own error line, prefixed with what the task was."""


@dataclass(frozen=True)
class TaskResult:
    """What a finished task reports back to the client."""

    kind: str  #: "record", "merge" or "replay"
    dataset: str  #: the dataset's name
    part: int  #: shard or chunk index (0 for a merge)
    output: str  #: the file it wrote
    problems: int  #: problems recorded (record, merge) or problem x contender rows (replay)
    seconds: float  #: wall time of the task
    cpu_seconds: float  #: user + system time of the program run (0 when a retry found it done)
    worker: str  #: the Dask worker that ran it


def _worker_name() -> str:
    """The worker's address: a worker restarted after a crash counts as a new one."""
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return "local"


def _last_error_line(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["(no message)"])[-1]


def _describe_exit(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit {code}"


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_program(argv: list[str], what: str) -> float:
    """Runs the program; returns its CPU time (user + system, s; exact with one thread per
    worker, which reaps one child at a time). \\raises TaskError with its error line."""
    setpriv = shutil.which("setpriv")
    command = ([setpriv, "--pdeathsig", "TERM"] if setpriv else []) + argv
    cpu_before = _children_cpu_seconds()
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              check=False)
    except OSError as error:
        raise TaskError(f"{what}: cannot run {argv[0]}: {error.strerror}") from None
    if done.returncode != 0:
        message = _last_error_line(done.stderr)
        raise TaskError(f"{what}: {message} ({_describe_exit(done.returncode)})")
    return _children_cpu_seconds() - cpu_before


def _count_problems(dataset: str) -> int:
    import h5py

    with h5py.File(dataset, "r") as file:
        return int(file["problems/trajectory"].shape[0])


def _count_rows(csv_path: str) -> int:
    with open(csv_path, "rb") as file:
        return max(0, sum(1 for _ in file) - 1)


def record_shard(binary: str, dataset: str, record_args: list[str], shard: int, shards: int,
                 out: str) -> TaskResult:
    """`minkowski record --shard k/N` of one dataset (a retried shard rewrites the same bytes)."""
    start = time.monotonic()
    cpu = 0.0
    if not os.path.exists(out):
        cpu = run_program([binary, "-q", "record", *record_args, "--threads", "1",
                     "--shard", f"{shard}/{shards}", "--out", out, "--force"],
                    f"{dataset}: record shard {shard}/{shards}")
    return TaskResult("record", dataset, shard, out, _count_problems(out),
                      time.monotonic() - start, cpu, _worker_name())


def merge_shards(binary: str, dataset: str, shard_files: list[str], out: str) -> TaskResult:
    """`minkowski merge`: the shards into the dataset, equal to the unsharded recording."""
    start = time.monotonic()
    cpu = 0.0
    if not os.path.exists(out):
        cpu = run_program([binary, "-q", "merge", *shard_files, "--out", out, "--force"],
                    f"{dataset}: merge of {len(shard_files)} shards")
    return TaskResult("merge", dataset, 0, out, _count_problems(out), time.monotonic() - start,
                      cpu, _worker_name())


def replay_chunk(binary: str, dataset: str, dataset_file: str, bench_args: list[str], chunk: int,
                 chunks: int, out: str) -> TaskResult:
    """`minkowski bench DATASET.h5 --chunk k/N`: the per-problem rows of one part."""
    start = time.monotonic()
    cpu = 0.0
    if not os.path.exists(out):
        cpu = run_program([binary, "-q", "bench", dataset_file, *bench_args, "--chunk",
                     f"{chunk}/{chunks}", "--no-plot", "--out", out],
                    f"{dataset}: replay chunk {chunk}/{chunks}")
    return TaskResult("replay", dataset, chunk, out, _count_rows(out), time.monotonic() - start,
                      cpu, _worker_name())
