"""The replay chunks joined into the files `minkowski bench DATASET.h5` writes: the per-problem
CSV, the summary table (text and CSV, the same columns and statistics as the program's
ReplayReport: linear-interpolation quantiles over the problems, unsupported cells left out) and
the Fig. 13 box plots (python/fig13.py), plus one results table over every dataset.
"""

from __future__ import annotations

import csv
import math
import subprocess
import sys
from pathlib import Path

import numpy as np

#: The per-problem columns of `minkowski bench DATASET.h5 --out` (ReplayReport.h).
REPLAY_HEADER = ("problem,trajectory,step,body_a,body_b,solver,warm_start,task,fallback,status,"
                 "collide,distance,iterations,time_ns,recorded_distance,disagrees")
SUMMARY_HEADER = ("task,solver,warm_start,problems,fallbacks,q1_ns,median_ns,q3_ns,p90_ns,"
                  "mean_iterations,max_iterations,failures,disagreements,max_distance_difference")
TABLE_HEADER = ("task", "solver", "warm start", "n", "fallback", "q1 ns", "median ns", "q3 ns",
                "p90 ns", "mean it", "max it", "fail", "disagree", "max |dd|")
#: mk::bench::isFailure.
FAILURES = frozenset({"max-iterations", "degenerate", "invalid-input"})
_COLUMNS = REPLAY_HEADER.split(",")
(_SOLVER, _WARM_START, _TASK, _FALLBACK, _STATUS, _DISTANCE, _ITERATIONS, _TIME, _RECORDED,
 _DISAGREES) = (_COLUMNS.index(c) for c in (
     "solver", "warm_start", "task", "fallback", "status", "distance", "iterations", "time_ns",
     "recorded_distance", "disagrees"))
FIG13_SCRIPT = Path(__file__).resolve().parents[2] / "fig13.py"


def join_chunks(chunk_files: list[str], tasks: tuple[str, ...], out: str) -> int:
    """The chunks' rows in the program's order (task by task, chunks in order, each chunk's rows
    problem-major) under one header; returns the row count."""
    rows = 0
    with open(out, "w", newline="") as joined:
        joined.write(REPLAY_HEADER + "\n")
        for task in tasks:
            for path in chunk_files:
                with open(path) as chunk:
                    header = chunk.readline().rstrip("\n")
                    if header != REPLAY_HEADER:
                        raise ValueError(f"{path}: unexpected header {header!r}")
                    for line in chunk:
                        if line.split(",", _TASK + 1)[_TASK] == task:
                            joined.write(line)
                            rows += 1
    return rows


class _Contender:
    """One task x solver x warm start's cells, accumulated as ReplayReport.cpp does."""

    def __init__(self, task: str, solver: str, warm_start: str):
        self.task, self.solver, self.warm_start = task, solver, warm_start
        self.times: list[float] = []
        self.iterations = 0
        self.max_iterations = 0
        self.fallbacks = self.failures = self.disagreements = 0
        self.max_difference = 0.0 if task == "distance" else math.nan

    def add(self, row: list[str]):
        """One per-problem row (REPLAY_HEADER's columns)."""
        if row[_TIME] == "":  # unsupported: left out of every statistic
            return
        self.times.append(float(row[_TIME]))
        iterations = int(row[_ITERATIONS])
        self.iterations += iterations
        self.max_iterations = max(self.max_iterations, iterations)
        self.fallbacks += row[_FALLBACK] == "1"
        self.failures += row[_STATUS] in FAILURES
        self.disagreements += row[_DISAGREES] == "1"
        if self.task == "distance" and row[_RECORDED] not in ("", "nan"):
            difference = abs(float(row[_DISTANCE]) - float(row[_RECORDED]))
            self.max_difference = max(self.max_difference, difference)

    def summary(self) -> dict:
        times = np.array(self.times)
        quantile = (lambda q: float(np.quantile(times, q))) if times.size else (lambda q: math.nan)
        return {"task": self.task, "solver": self.solver, "warm_start": self.warm_start,
                "problems": times.size, "fallbacks": self.fallbacks, "q1_ns": quantile(0.25),
                "median_ns": quantile(0.5), "q3_ns": quantile(0.75), "p90_ns": quantile(0.9),
                "mean_iterations": self.iterations / times.size if times.size else math.nan,
                "max_iterations": self.max_iterations, "failures": self.failures,
                "disagreements": self.disagreements,
                "max_distance_difference": self.max_difference}


def summarize(replay_csv: str) -> list[dict]:
    """One summary row per task x solver x warm start, in the file's order."""
    contenders: dict[tuple[str, str, str], _Contender] = {}
    with open(replay_csv, newline="") as file:
        rows = csv.reader(file)
        if next(rows, None) != _COLUMNS:
            raise ValueError(f"{replay_csv}: not a per-problem replay CSV")
        for row in rows:
            key = (row[_TASK], row[_SOLVER], row[_WARM_START])
            contender = contenders.get(key)
            if contender is None:
                contender = contenders[key] = _Contender(*key)
            contender.add(row)
    return [c.summary() for c in contenders.values()]


def _csv_number(value) -> str:
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ""
    return str(value)


def summary_csv(rows: list[dict]) -> str:
    lines = [SUMMARY_HEADER]
    for row in rows:
        lines.append(",".join(_csv_number(row[k]) for k in SUMMARY_HEADER.split(",")))
    return "\n".join(lines) + "\n"


def _cells(row: dict) -> list[str]:
    def fixed(value, digits):
        return f"{value:.{digits}f}" if math.isfinite(value) else "nan"

    difference = row["max_distance_difference"]
    return [row["task"], row["solver"], row["warm_start"], str(row["problems"]),
            str(row["fallbacks"]), fixed(row["q1_ns"], 0), fixed(row["median_ns"], 0),
            fixed(row["q3_ns"], 0), fixed(row["p90_ns"], 0), fixed(row["mean_iterations"], 2),
            str(row["max_iterations"]), str(row["failures"]), str(row["disagreements"]),
            f"{difference:.1e}" if math.isfinite(difference) else "nan"]


def summary_table(rows: list[dict]) -> str:
    """The aligned table `minkowski bench DATASET.h5` prints (names left, numbers right, a blank
    line between solvers)."""
    lines = [list(TABLE_HEADER)] + [_cells(r) for r in rows]
    widths = [max(len(line[i]) for line in lines) for i in range(len(TABLE_HEADER))]

    def format_line(line):
        return "  ".join(cell.ljust(w) if i < 3 else cell.rjust(w)
                         for i, (cell, w) in enumerate(zip(line, widths))).rstrip()

    text = [format_line(lines[0])]
    for i, row in enumerate(rows):
        if i > 0 and (row["solver"], row["task"]) != (rows[i - 1]["solver"], rows[i - 1]["task"]):
            text.append("")
        text.append(format_line(lines[i + 1]))
    return "\n".join(text) + "\n"


def join_results(per_dataset: list[tuple[str, str]], out: str) -> int:
    """One table over every dataset: the per-problem columns after a `dataset` column."""
    rows = 0
    with open(out, "w", newline="") as joined:
        joined.write("dataset," + REPLAY_HEADER + "\n")
        for name, path in per_dataset:
            with open(path) as replay:
                replay.readline()
                for line in replay:
                    joined.write(f"{name},{line}")
                    rows += 1
    return rows


def plotting_problem() -> str | None:
    """Why the plots cannot be drawn here, or None."""
    if not FIG13_SCRIPT.is_file():
        return f"no {FIG13_SCRIPT}"
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return f"no matplotlib for {sys.executable} (Debian: python3-matplotlib)"
    return None


def fig13_command(replay_csv: str, prefix: str, title: str) -> list[str]:
    return [sys.executable, str(FIG13_SCRIPT), replay_csv, "--out", prefix, "--title", title]


def draw_fig13(replay_csv: str, prefix: str, title: str) -> bool:
    """Draws PREFIX.png and PREFIX.svg; False when matplotlib is missing (nothing drawn).
    \\raises RuntimeError with the script's error when it fails."""
    if plotting_problem() is not None:
        return False
    done = subprocess.run(fig13_command(replay_csv, prefix, title), capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or ["(no message)"]
        raise RuntimeError(f"fig13.py failed on {replay_csv}: {lines[-1]}")
    return True
