"""minkowski.sweep on a 2-worker LocalCluster against single-process `minkowski record` / `bench`
runs of the same spec: the same dataset bytes and the same per-problem replay rows (all columns but
the measured time), also when a worker is killed mid-task and when an interrupted sweep resumes;
bad specs and failing tasks end with their own one-line message.

Run by ctest (tests/sweep/CMakeLists.txt) with MINKOWSKI_BIN set and python/ on PYTHONPATH.
"""

import csv
import filecmp
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from minkowski.sweep import (SpecError, SweepError, load_spec, run_sweep)  # noqa: E402
from minkowski.sweep import report  # noqa: E402

BINARY = os.environ.get("MINKOWSKI_BIN", "")
PYTHON_DIR = Path(__file__).resolve().parents[2] / "python"
#: Generous: the machine may be loaded by parallel builds and tests.
DEADLINE_SECONDS = 120

# A tiny sweep (seconds on 2 workers): 3 shards, 3 chunks, 2 solvers x 2 warm starts.
TINY_RECORD = {"trajectories": 4, "seconds": 0.25, "seeds": [3]}
TINY_REPLAY = {"solvers": ["gjk", "mpr"], "warm_starts": ["none", "previous"],
               "tasks": ["boolean", "distance"], "repeats": 1}
# Tasks long enough (half a second or more each, on a machine where the funnel pairs run 64 times
# faster than real time) for a worker to be killed in the middle.
SLOW_RECORD = {"trajectories": 24, "seconds": 8.0, "seeds": [5]}
SLOW_REPLAY = {"solvers": ["gjk"], "warm_starts": ["previous"], "tasks": ["boolean"],
               "repeats": 1}

needs_program = pytest.mark.skipif(not os.access(BINARY, os.X_OK),
                                   reason="MINKOWSKI_BIN does not name the built program")


def toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return repr(value)


def write_spec(folder: Path, record: dict, replay: dict | None, name="spec.toml") -> Path:
    lines = ["[record]"] + [f"{k} = {toml_value(v)}" for k, v in record.items()]
    if replay is not None:
        lines += ["[replay]"] + [f"{k} = {toml_value(v)}" for k, v in replay.items()]
    path = folder / name
    path.write_text("\n".join(lines) + "\n")
    return path


def program(*args, cwd=None) -> subprocess.CompletedProcess:
    done = subprocess.run([BINARY, "-q", *args], capture_output=True, text=True, cwd=cwd,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done


def reference(folder: Path, record: dict, replay: dict) -> tuple[Path, Path]:
    """The single-machine runs: one `record`, one `bench` of the whole dataset."""
    folder.mkdir(parents=True, exist_ok=True)
    dataset = folder / "reference.h5"
    spec = load_spec(write_spec(folder, dict(record, shards=1), None, "reference.toml"))
    program("record", *spec.recordings[0].record_args(), "--threads", "2", "--out", str(dataset))
    replay_csv = folder / "reference-replay.csv"
    program("bench", str(dataset), "--solvers", ",".join(replay["solvers"]), "--warm-starts",
            ",".join(replay["warm_starts"]), "--task", ",".join(replay["tasks"]), "--repeats", "1",
            "--no-plot", "--out", str(replay_csv))
    return dataset, replay_csv


def rows_without_time(path: Path, skip_first_column=False) -> list[list[str]]:
    with open(path, newline="") as file:
        rows = list(csv.reader(file))
    if skip_first_column:
        rows = [r[1:] for r in rows]
    time_column = rows[0].index("time_ns")
    return [r[:time_column] + r[time_column + 1:] for r in rows]


def assert_same_outputs(out: Path, name: str, dataset: Path, replay_csv: Path):
    assert filecmp.cmp(out / f"{name}.h5", dataset, shallow=False), "dataset bytes differ"
    expected = rows_without_time(replay_csv)
    assert rows_without_time(out / f"{name}-replay.csv") == expected
    assert rows_without_time(out / "results.csv", skip_first_column=True) == expected
    assert not (out / ".sweep-work").exists()


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as c:
        c.wait_for_workers(2, timeout=DEADLINE_SECONDS)
        yield c


@pytest.fixture(scope="module")
def tiny_reference(tmp_path_factory):
    return reference(tmp_path_factory.mktemp("tiny-reference"), TINY_RECORD, TINY_REPLAY)


@pytest.fixture(scope="module")
def slow_reference(tmp_path_factory):
    return reference(tmp_path_factory.mktemp("slow-reference"), SLOW_RECORD, SLOW_REPLAY)


@needs_program
def test_two_workers_equal_single_process(client, tmp_path, tiny_reference):
    spec = load_spec(write_spec(tmp_path, dict(TINY_RECORD, shards=3),
                                dict(TINY_REPLAY, chunks=3)))
    summary = run_sweep(spec, tmp_path / "out", client, BINARY, log=lambda _: None)
    assert_same_outputs(tmp_path / "out", "funnel-pairs", *tiny_reference)
    assert sorted((r.kind, r.part) for r in summary.results) == sorted(
        [("record", k) for k in range(3)] + [("merge", 0)] + [("replay", k) for k in range(3)])
    assert (tmp_path / "out" / "funnel-pairs-summary.csv").is_file()
    if report.plotting_problem() is None:
        assert (tmp_path / "out" / "funnel-pairs-fig13.png").stat().st_size > 0
    assert "funnel-pairs" in summary.text() and "per worker" in summary.text()


@needs_program
def test_summary_matches_the_program(tmp_path, tiny_reference):
    """report.summarize on the program's own per-problem CSV equals its --csv-summary: counts
    and iterations exactly, times within the CSV's rounding (0.1 ns per cell)."""
    dataset, _ = tiny_reference
    replay_csv, summary_csv = tmp_path / "replay.csv", tmp_path / "summary.csv"
    program("bench", str(dataset), "--solvers", "gjk,mpr,sdf-ellipsoid", "--warm-starts",
            "none,obb,previous", "--task", "boolean,distance", "--repeats", "3", "--no-plot",
            "--out", str(replay_csv), "--csv-summary", str(summary_csv))
    with open(summary_csv, newline="") as file:
        expected = list(csv.DictReader(file))
    ours = report.summarize(str(replay_csv))
    assert len(ours) == len(expected) == 18
    for mine, theirs in zip(ours, expected):
        for key, value in theirs.items():
            if key in ("task", "solver", "warm_start"):
                assert mine[key] == value
            elif value == "":
                assert mine[key] != mine[key]  # NaN
            elif key.endswith("_ns"):
                assert float(mine[key]) == pytest.approx(float(value), abs=0.05), key
            else:
                assert float(mine[key]) == pytest.approx(float(value), rel=1e-12, abs=1e-15), key


@needs_program
def test_killed_worker_task_is_retried(client, tmp_path, slow_reference):
    spec = load_spec(write_spec(tmp_path, dict(SLOW_RECORD, shards=4),
                                dict(SLOW_REPLAY, chunks=2)))
    killed = {}

    def kill_a_busy_worker():
        deadline = time.monotonic() + DEADLINE_SECONDS
        while time.monotonic() < deadline and not killed:
            busy = {w: keys for w, keys in client.processing().items()
                    if any(str(k).startswith("record-") for k in keys)}
            if busy:
                worker, keys = next(iter(busy.items()))
                time.sleep(0.2)  # into the program run
                pid = client.run(os.getpid, workers=[worker])[worker]
                os.kill(pid, signal.SIGKILL)
                killed.update(worker=worker, keys=list(keys))
            time.sleep(0.05)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    summary = run_sweep(spec, tmp_path / "out", client, BINARY, plots=False, log=lambda _: None)
    killer.join()
    assert killed, "no worker was busy with a recording shard"
    assert_same_outputs(tmp_path / "out", "funnel-pairs", *slow_reference)
    # Every part reported once, none by the killed worker.
    parts = sorted((r.kind, r.part) for r in summary.results)
    assert parts == sorted(set(parts)) and len([p for p in parts if p[0] == "record"]) == 4
    assert all(r.worker != killed["worker"] for r in summary.results)
    client.wait_for_workers(2, timeout=DEADLINE_SECONDS)  # the nanny restarts it


@needs_program
def test_interrupted_sweep_writes_nothing_and_resumes(client, tmp_path, slow_reference):
    spec_path = write_spec(tmp_path, dict(SLOW_RECORD, shards=6), dict(SLOW_REPLAY, chunks=2))
    out = tmp_path / "out"
    environment = dict(os.environ, PYTHONPATH=str(PYTHON_DIR))
    sweep = subprocess.Popen(
        [sys.executable, "-m", "minkowski.sweep", str(spec_path), "--out", str(out), "--workers",
         "1", "--dashboard", "none", "--no-plot", "--minkowski", BINARY],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    shards = out / ".sweep-work" / "record"
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not list(shards.glob("*/shard-*.h5")) and sweep.poll() is None:
        assert time.monotonic() < deadline, "no shard finished"
        time.sleep(0.05)
    os.killpg(sweep.pid, signal.SIGINT)  # Ctrl-C: the whole process group
    stdout, stderr = sweep.communicate(timeout=DEADLINE_SECONDS)
    assert sweep.returncode == 130, stdout + stderr
    assert "run the same command again to resume" in stderr
    assert sorted(p.name for p in out.iterdir()) == [".sweep-work"]
    assert not list(out.rglob("*.tmp.*"))
    finished = {p: p.stat().st_mtime_ns for p in shards.glob("*/shard-*.h5")}
    assert 1 <= len(finished) < 6

    summary = run_sweep(load_spec(spec_path), out, client, BINARY, plots=False,
                        log=lambda _: None)
    assert summary.resumed == len(finished)
    redone = {Path(r.output) for r in summary.results}
    assert not redone & set(finished)
    assert len([r for r in summary.results if r.kind == "record"]) == 6 - len(finished)
    assert_same_outputs(out, "funnel-pairs", *slow_reference)


@pytest.mark.parametrize("text, message", [
    ("[record]\nshards = 0\n", "record.shards: expected a positive integer, got 0"),
    ("[record]\nscene = 'funnel'\n", "record.scene: unknown key (valid: scenes, seeds,"),
    ("[record]\nscenes = ['missing.toml']\n", "record.scenes: no scene file"),
    ("[replay]\ntasks = ['speed']\n", "replay.tasks: unknown task 'speed'"),
    ("[record\n", "not valid TOML"),
])
def test_bad_spec_fails_with_a_clear_message(tmp_path, text, message):
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(SpecError) as error:
        load_spec(tmp_path / "bad.toml")
    assert message in str(error.value) and str(error.value).startswith(str(tmp_path / "bad.toml"))


@needs_program
@pytest.mark.parametrize("record, replay, message", [
    ({"scenes": ["no-such-scene"]}, None, "unknown scene 'no-such-scene'"),
    ({"solver": "gjk-fast"}, None, "gjk-fast"),
    ({}, {"solvers": ["gjk:subalgo=nope"]}, "nope"),
])
def test_bad_names_fail_before_any_task(tmp_path, record, replay, message):
    """The program judges the names; no cluster is needed to find out (client=None)."""
    spec = load_spec(write_spec(tmp_path, record, replay))
    with pytest.raises(SpecError) as error:
        run_sweep(spec, tmp_path / "out", None, BINARY, log=lambda _: None)
    assert message in str(error.value)
    assert not any((tmp_path / "out").glob("*.h5"))


@needs_program
def test_bad_spec_command_line_exit_code(tmp_path):
    (tmp_path / "bad.toml").write_text("[record]\ntrajectories = -1\n")
    done = subprocess.run([sys.executable, "-m", "minkowski.sweep", str(tmp_path / "bad.toml"),
                           "--out", str(tmp_path / "out"), "--minkowski", BINARY],
                          env=dict(os.environ, PYTHONPATH=str(PYTHON_DIR)), capture_output=True,
                          text=True, check=False, timeout=DEADLINE_SECONDS)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"minkowski sweep: {tmp_path / 'bad.toml'}: record.trajectories: expected a positive "
        "integer, got -1"]


@needs_program
def test_failing_task_stops_with_its_own_message(client, tmp_path):
    """A mesh folder whose file is not a mesh passes the checks (the scene loads) and fails in
    the recording tasks: the sweep stops with the program's message, not a Dask traceback."""
    meshes = tmp_path / "meshes"
    meshes.mkdir()
    (meshes / "broken.obj").write_text("v 0 0 0\nthis is not a mesh\n")
    spec = load_spec(write_spec(tmp_path, dict(TINY_RECORD, shards=2, meshes=str(meshes)), None))
    with pytest.raises(SweepError) as error:
        run_sweep(spec, tmp_path / "out", client, BINARY, log=lambda _: None)
    message = str(error.value)
    assert message.startswith("funnel-pairs: record shard ") and "broken.obj" in message, message
    assert "Traceback" not in message and "\n" not in message
    assert not (tmp_path / "out" / "funnel-pairs.h5").exists()
