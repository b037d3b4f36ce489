"""A sweep on a Dask cluster: recording shards, their merge and replay chunks as tasks, then the
outputs assembled and moved into place together.

Work lives in OUT/.sweep-work/ (finished parts only: every part is written by the program under
a temporary name and renamed when whole), keyed by a digest of the options that determine it, so
a resumed sweep reuses exactly the parts of the same spec. The outputs reach OUT only when every
task is done; an interrupted or failed sweep leaves OUT as it was, plus the finished parts.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from . import report
from .progress import ProgressBar, SweepSummary
from .spec import Recording, Spec, SpecError
from .tasks import TaskError, TaskResult, merge_shards, record_shard, replay_chunk

WORK_FOLDER = ".sweep-work"


class SweepError(RuntimeError):
    """The sweep stopped: a task failed for a real reason (its own message), or a worker kept
    dying on the same task."""


class SweepInterrupted(RuntimeError):
    """Ctrl-C or SIGTERM: nothing was written to the output folder; finished parts are kept."""


def default_binary() -> str:
    """$MINKOWSKI_BIN, else the build tree's program (seen from the source tree's python/ or
    from the build tree's copy of the package), else `minkowski` on PATH."""
    if os.environ.get("MINKOWSKI_BIN"):
        return os.environ["MINKOWSKI_BIN"]
    package = Path(__file__).resolve().parents[2]  # python/ or build/release/python/
    candidates = [package.parent / "build" / "release" / "apps" / "minkowski",
                  package.parent / "apps" / "minkowski"]
    built = next((c for c in candidates if c.is_file()), None)
    if built is not None:
        return str(built)
    return shutil.which("minkowski") or str(candidates[0])


@dataclass
class DatasetPlan:
    """The files of one dataset's tasks."""

    recording: Recording
    shard_files: list[str]
    dataset_file: str
    chunk_files: list[str]


def plan(spec: Spec, work: Path) -> list[DatasetPlan]:
    plans = []
    for r in spec.recordings:
        shards = work / "record" / f"{r.name}-{r.key()}"
        chunks = (work / "replay" / f"{r.name}-{spec.replay.key(r)}") if spec.replay else None
        plans.append(DatasetPlan(
            recording=r,
            shard_files=[str(shards / f"shard-{k}-of-{r.shards}.h5") for k in range(r.shards)],
            dataset_file=str(work / "datasets" / f"{r.name}-{r.key()}.h5"),
            chunk_files=[str(chunks / f"chunk-{k}-of-{spec.replay.chunks}.csv")
                         for k in range(spec.replay.chunks)] if chunks else []))
    return plans


def output_names(spec: Spec) -> list[str]:
    names = []
    for r in spec.recordings:
        names.append(f"{r.name}.h5")
        if spec.replay:
            names += [f"{r.name}-replay.csv", f"{r.name}-summary.csv", f"{r.name}-fig13.png",
                      f"{r.name}-fig13.svg"]
    if spec.replay:
        names += ["results.csv", "report.txt"]
    return names


def check_with_program(spec: Spec, binary: str, work: Path):
    """Lets the program itself judge the scene, solver, warm start and plugin names (its usage
    errors are the ones users know), without recording or replaying anything.
    \\raises SpecError with the program's message."""
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        raise SpecError(f"no minkowski program at {binary} (build it, or give --minkowski PATH "
                        "or $MINKOWSKI_BIN)")
    work.mkdir(parents=True, exist_ok=True)
    existing = work / "check-exists.h5"
    existing.touch()
    try:
        _check_names(spec, binary, work, existing)
    finally:
        existing.unlink(missing_ok=True)


def _check_names(spec: Spec, binary: str, work: Path, existing: Path):
    for r in spec.recordings:
        # The scene is loaded and checked before the destination: an existing --out without
        # --force stops it there, before any simulation.
        done = subprocess.run([binary, "-q", "record", *r.record_args(), "--out", str(existing)],
                              capture_output=True, text=True, check=False)
        if "exists; use --force" not in done.stderr:
            raise SpecError(f"{spec.path}: {r.name}: {_program_error(done.stderr)}")
    if spec.replay:
        # The names are validated before the dataset is opened: a missing one ends there.
        done = subprocess.run([binary, "-q", "bench", str(work / "no-such-dataset.h5"),
                               *spec.replay.bench_args(), "--no-plot"],
                              capture_output=True, text=True, check=False)
        if "no such file" not in done.stderr:
            raise SpecError(f"{spec.path}: [replay]: {_program_error(done.stderr)}")


def _program_error(stderr: str) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    return lines[-1] if lines else "the program failed without a message"


def _remove_temporaries(work: Path):
    """Temporary files of program runs killed outright (SIGKILL gives them no time to clean)."""
    for path in work.rglob("*.tmp.*"):
        path.unlink(missing_ok=True)


class _Sweep:
    """The task graph, grown as parts finish: shards -> merge -> chunks, per dataset."""

    def __init__(self, spec: Spec, client, binary: str, plans: list[DatasetPlan]):
        self.spec, self.client, self.binary, self.plans = spec, client, binary, plans
        self.futures = []
        self.results: list[TaskResult] = []
        self.resumed = 0
        self.recorded: dict[str, int] = {}
        self.merging: set[str] = set()

    def total_tasks(self) -> int:
        return sum(len(p.shard_files) + 1 + len(p.chunk_files) for p in self.plans)

    def submit(self, function, *args, name: str):
        key = f"{name}-{uuid.uuid4().hex[:8]}"
        future = self.client.submit(function, *args, key=key, pure=False, retries=0)
        self.futures.append(future)
        return future

    def start(self, plan_: DatasetPlan) -> list:
        """The first tasks of a dataset, skipping the parts a previous run finished."""
        if os.path.exists(plan_.dataset_file):
            self.resumed += len(plan_.shard_files) + 1
            return self.after_merge(plan_)
        submitted = []
        r = plan_.recording
        os.makedirs(os.path.dirname(plan_.shard_files[0]), exist_ok=True)
        for k, path in enumerate(plan_.shard_files):
            if os.path.exists(path):
                self.resumed += 1
                continue
            submitted.append(self.submit(record_shard, self.binary, r.name, r.record_args(), k,
                                         r.shards, path, name=f"record-{r.name}-{k}"))
        return submitted or self.merge(plan_)

    def merge(self, plan_: DatasetPlan) -> list:
        """The merge, once, when every shard is there."""
        name = plan_.recording.name
        if name in self.merging or not all(os.path.exists(p) for p in plan_.shard_files):
            return []
        self.merging.add(name)
        os.makedirs(os.path.dirname(plan_.dataset_file), exist_ok=True)
        return [self.submit(merge_shards, self.binary, plan_.recording.name, plan_.shard_files,
                            plan_.dataset_file, name=f"merge-{plan_.recording.name}")]

    def after_merge(self, plan_: DatasetPlan) -> list:
        if not plan_.chunk_files:
            return []
        os.makedirs(os.path.dirname(plan_.chunk_files[0]), exist_ok=True)
        submitted = []
        for k, path in enumerate(plan_.chunk_files):
            if os.path.exists(path):
                self.resumed += 1
                continue
            submitted.append(self.submit(replay_chunk, self.binary, plan_.recording.name,
                                         plan_.dataset_file, self.spec.replay.bench_args(), k,
                                         len(plan_.chunk_files), path,
                                         name=f"replay-{plan_.recording.name}-{k}"))
        return submitted

    def next_tasks(self, result: TaskResult) -> list:
        plan_ = next(p for p in self.plans if p.recording.name == result.dataset)
        if result.kind == "record":
            return self.merge(plan_)
        if result.kind == "merge":
            self.recorded[result.dataset] = result.problems
            return self.after_merge(plan_)
        return []

    def cancel(self):
        self.client.cancel(self.futures, force=True)


def _failure(future) -> SweepError:
    if future.status == "cancelled":
        return SweepError(f"{future.key}: cancelled by the scheduler")
    error = future.exception()
    if isinstance(error, TaskError):
        return SweepError(str(error))
    name = type(error).__name__
    if name == "KilledWorker":
        return SweepError(f"{future.key}: its worker died on every attempt ({error}); the task "
                          "kills workers (memory?) or the cluster is failing")
    return SweepError(f"{future.key}: {name}: {error}")


def run_sweep(spec: Spec, out: str | os.PathLike, client, binary: str | None = None,
              force: bool = False, plots: bool = True, log=print,
              progress_stream=None) -> SweepSummary:
    """Runs the sweep on `client`'s cluster and writes its outputs to `out`; returns what ran.
    \\raises SpecError (before any task), SweepError (a task failed), SweepInterrupted."""
    from distributed import as_completed

    binary = binary or default_binary()
    out = Path(out)
    work = out / WORK_FOLDER
    names = output_names(spec)
    existing = [n for n in names if (out / n).exists()]
    if existing and not force:
        raise SpecError(f"{out / existing[0]} exists; use --force to overwrite the outputs")
    check_with_program(spec, binary, work)
    _remove_temporaries(work)
    start = time.monotonic()
    sweep = _Sweep(spec, client, binary, plan(spec, work))
    pending = as_completed([])
    for p in sweep.plans:
        pending.update(sweep.start(p))
    bar = ProgressBar(sweep.total_tasks(), progress_stream)
    bar.update(sweep.resumed, "(resumed)" if sweep.resumed else "")
    try:
        for future in pending:
            if future.status != "finished":
                failure = _failure(future)
                sweep.cancel()
                raise failure
            result = future.result()
            sweep.results.append(result)
            pending.update(sweep.next_tasks(result))
            bar.update(sweep.resumed + len(sweep.results), f"{result.kind} {result.dataset}")
    except KeyboardInterrupt:
        sweep.cancel()
        raise SweepInterrupted(f"interrupted: nothing written to {out}; the finished parts are "
                               f"kept in {work} (run the same command again to resume)") from None
    finally:
        bar.finish()
    for p in sweep.plans:  # datasets merged by an earlier run
        if p.recording.name not in sweep.recorded:
            sweep.recorded[p.recording.name] = _count_problems(p.dataset_file)
    replay_rows = _assemble(spec, sweep.plans, work / "final", out, plots, log)
    shutil.rmtree(work)
    return SweepSummary(sweep.results, sweep.resumed, time.monotonic() - start, sweep.recorded,
                        replay_rows)


def _count_problems(dataset: str) -> int:
    import h5py

    with h5py.File(dataset, "r") as file:
        return int(file["problems/trajectory"].shape[0])


def _link_or_copy(source: str, destination: Path):
    try:
        os.link(source, destination)
    except OSError:
        shutil.copyfile(source, destination)


def _assemble(spec: Spec, plans: list[DatasetPlan], final: Path, out: Path, plots: bool,
              log) -> int:
    """Writes every output in `final`, then moves them into `out` (renames: no partial file)."""
    shutil.rmtree(final, ignore_errors=True)
    final.mkdir(parents=True)
    made = []
    replays = []
    report_text = []
    rows = 0
    for p in plans:
        name = p.recording.name
        _link_or_copy(p.dataset_file, final / f"{name}.h5")
        made.append(f"{name}.h5")
        if not spec.replay:
            continue
        replay_csv = final / f"{name}-replay.csv"
        rows += report.join_chunks(p.chunk_files, spec.replay.tasks, str(replay_csv))
        summary = report.summarize(str(replay_csv))
        (final / f"{name}-summary.csv").write_text(report.summary_csv(summary))
        report_text.append(f"{name} (scene {p.recording.scene}):\n"
                           f"{report.summary_table(summary)}")
        made += [f"{name}-replay.csv", f"{name}-summary.csv"]
        replays.append((name, str(replay_csv)))
        prefix = str(final / f"{name}-fig13")
        if not plots:
            continue
        if report.draw_fig13(str(replay_csv), prefix, f"{name} ({p.recording.scene})"):
            made += [f"{name}-fig13.png", f"{name}-fig13.svg"]
        else:
            log(f"no plots ({report.plotting_problem()}); draw them later with: "
                + " ".join(report.fig13_command(str(out / f"{name}-replay.csv"),
                                                str(out / f"{name}-fig13"), name)))
    if spec.replay:
        report.join_results(replays, str(final / "results.csv"))
        (final / "report.txt").write_text("\n".join(report_text))
        made += ["results.csv", "report.txt"]
        log("\n".join(report_text))
    out.mkdir(parents=True, exist_ok=True)
    for name in made:
        os.replace(final / name, out / name)
    return rows
