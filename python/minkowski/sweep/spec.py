"""The sweep spec: one small TOML file (docs/sweeps.md) read into plain values and checked.

Every mistake is one ``SpecError`` line naming the file and the key; nothing here starts a
cluster or runs the program, so a bad spec fails before any work is scheduled.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

#: The recording tasks of one dataset when the spec does not say (the shards of record --shard).
DEFAULT_SHARDS = 8
#: The replay tasks of one dataset when the spec does not say (the chunks of bench --chunk).
DEFAULT_CHUNKS = 16
#: Timed repetitions of each replayed query, as `minkowski bench` (R).
DEFAULT_REPEATS = 30
TASKS = ("boolean", "distance")


class SpecError(ValueError):
    """A sweep spec that cannot be run; the message is one line naming the file and the key."""


@dataclass(frozen=True)
class Recording:
    """One dataset: the options of one `minkowski record` run (None: the scene's own value)."""

    name: str  #: the dataset's file stem in the output folder
    scene: str  #: a built-in scene name, or an absolute path of a scene file
    seed: int | None
    trajectories: int | None
    seconds: float | None
    solver: str | None
    warm_start: str | None
    meshes: str | None  #: absolute folder
    shards: int
    plugins: tuple[str, ...] = ()  #: absolute paths of solver plugins (.so) the recording loads

    def record_args(self) -> list[str]:
        """The options of `minkowski record` that make this dataset (without --shard, --out)."""
        args = ["--scene", self.scene]
        for option, value in (("--seed", self.seed), ("--trajectories", self.trajectories),
                              ("--seconds", self.seconds), ("--solver", self.solver),
                              ("--warm-start", self.warm_start), ("--meshes", self.meshes)):
            if value is not None:
                args += [option, _cli_value(value)]
        for plugin in self.plugins:
            args += ["--plugin", plugin]
        return args

    def key(self) -> str:
        """A digest of what determines the dataset's bytes: finished shards of another spec are
        never mistaken for this one's."""
        return _digest([self.record_args(), self.shards])


@dataclass(frozen=True)
class Replay:
    """The replay grid: every solver x warm start x task on every selected problem."""

    solvers: tuple[str, ...]
    warm_starts: tuple[str, ...]
    tasks: tuple[str, ...]
    repeats: int
    plugins: tuple[str, ...]  #: absolute paths of solver plugins (.so)
    include_perturbed: bool
    dynamic_pairs_only: bool
    chunks: int

    def bench_args(self) -> list[str]:
        """The options of `minkowski bench DATASET.h5` for this grid (without --chunk, --out)."""
        args = ["--solvers", ",".join(self.solvers), "--warm-starts", ",".join(self.warm_starts),
                "--task", ",".join(self.tasks), "--repeats", str(self.repeats)]
        for plugin in self.plugins:
            args += ["--plugin", plugin]
        if self.include_perturbed:
            args.append("--include-perturbed")
        if self.dynamic_pairs_only:
            args.append("--dynamic-pairs-only")
        return args

    def key(self, recording: Recording) -> str:
        return _digest([recording.key(), self.bench_args(), self.chunks])


@dataclass(frozen=True)
class Spec:
    path: str
    recordings: tuple[Recording, ...]
    replay: Replay | None = None


def _cli_value(value) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value).encode()).hexdigest()[:12]


class _Table:
    """A TOML table whose keys are consumed one by one; leftovers are unknown keys."""

    def __init__(self, path: str, name: str, table):
        if not isinstance(table, dict):
            raise SpecError(f"{path}: [{name}] must be a table")
        self.path, self.name, self.table = path, name, dict(table)

    def where(self, key: str) -> str:
        return f"{self.path}: {self.name}.{key}" if self.name else f"{self.path}: {key}"

    def take(self, key: str, types, default=None, *, required=False):
        if key not in self.table:
            if required:
                raise SpecError(f"{self.where(key)} is required")
            return default
        value = self.table.pop(key)
        if isinstance(value, bool) and bool not in _as_tuple(types):
            raise SpecError(f"{self.where(key)}: expected {_type_names(types)}, got {value!r}")
        if not isinstance(value, types):
            raise SpecError(f"{self.where(key)}: expected {_type_names(types)}, got {value!r}")
        return value

    def positive_int(self, key: str, default=None):
        value = self.take(key, int, default)
        if value is not None and value < 1:
            raise SpecError(f"{self.where(key)}: expected a positive integer, got {value}")
        return value

    def names(self, key: str, default: tuple[str, ...]) -> tuple[str, ...]:
        value = self.take(key, (list, str), None)
        if value is None:
            return default
        value = [value] if isinstance(value, str) else value
        if not value or not all(isinstance(v, str) and v for v in value):
            raise SpecError(f"{self.where(key)}: expected a non-empty list of names")
        return tuple(value)

    def finish(self, valid: tuple[str, ...]):
        if self.table:
            unknown = sorted(self.table)[0]
            raise SpecError(f"{self.where(unknown)}: unknown key (valid: {', '.join(valid)})")


def _as_tuple(types):
    return types if isinstance(types, tuple) else (types,)


def _type_names(types) -> str:
    names = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
             list: "a list", dict: "a table"}
    return " or ".join(names.get(t, t.__name__) for t in _as_tuple(types))


RECORD_KEYS = ("scenes", "seeds", "trajectories", "seconds", "solver", "warm_start", "meshes",
               "shards", "plugins")
REPLAY_KEYS = ("solvers", "warm_starts", "tasks", "repeats", "plugins", "include_perturbed",
               "dynamic_pairs_only", "chunks")


def _resolve(base: Path, text: str) -> str:
    return str((base / os.path.expanduser(text)).resolve())


def _scene_argument(base: Path, where: str, scene: str) -> str:
    """A built-in name stays a name; a file (*.toml) becomes absolute and must exist."""
    if not scene.endswith(".toml"):
        return scene
    resolved = _resolve(base, scene)
    if not os.path.isfile(resolved):
        raise SpecError(f"{where}: no scene file {resolved}")
    return resolved


def _dataset_name(scene: str, seed: int | None, with_seed: bool) -> str:
    stem = Path(scene).stem if scene.endswith(".toml") else scene
    return f"{stem}-seed{seed}" if with_seed else stem


def _recordings(path: str, base: Path, table: _Table) -> tuple[Recording, ...]:
    scenes = table.names("scenes", ("funnel-pairs",))
    seeds = table.take("seeds", (list, int), None)
    if isinstance(seeds, int):
        seeds = [seeds]
    if seeds is not None and (not seeds or not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds)):
        raise SpecError(f"{table.where('seeds')}: expected a non-empty list of integers >= 0")
    seconds = table.take("seconds", (int, float), None)
    if seconds is not None and not seconds > 0:
        raise SpecError(f"{table.where('seconds')}: expected a positive number, got {seconds}")
    meshes = table.take("meshes", str, None)
    if meshes is not None:
        meshes = _resolve(base, meshes)
        if not os.path.isdir(meshes):
            raise SpecError(f"{table.where('meshes')}: no folder {meshes}")
    common = dict(plugins=_plugins(base, table),
                  trajectories=table.positive_int("trajectories"),
                  seconds=None if seconds is None else float(seconds),
                  solver=table.take("solver", str), warm_start=table.take("warm_start", str),
                  meshes=meshes, shards=table.positive_int("shards", DEFAULT_SHARDS))
    table.finish(RECORD_KEYS)
    recordings = []
    for scene in scenes:
        argument = _scene_argument(base, table.where("scenes"), scene)
        for seed in seeds if seeds is not None else [None]:
            name = _dataset_name(scene, seed, seeds is not None and len(seeds) > 1)
            recordings.append(Recording(name=name, scene=argument, seed=seed, **common))
    names = [r.name for r in recordings]
    duplicate = next((n for n in names if names.count(n) > 1), None)
    if duplicate is not None:
        raise SpecError(f"{table.where('scenes')}: two scenes make the dataset '{duplicate}'")
    return tuple(recordings)


def _plugins(base: Path, table: _Table) -> tuple[str, ...]:
    """The table's `plugins`, absolute (relative to the spec); each must exist."""
    plugins = tuple(_resolve(base, p) for p in table.names("plugins", ()) if p)
    missing = next((p for p in plugins if not os.path.isfile(p)), None)
    if missing is not None:
        raise SpecError(f"{table.where('plugins')}: no plugin file {missing}")
    return plugins


def _replay(base: Path, table: _Table) -> Replay:
    tasks = table.names("tasks", ("boolean",))
    bad = [t for t in tasks if t not in TASKS and t != "all"]
    if bad:
        raise SpecError(f"{table.where('tasks')}: unknown task '{bad[0]}' "
                        f"(valid: {', '.join(TASKS)}, all)")
    plugins = _plugins(base, table)
    replay = Replay(solvers=table.names("solvers", ("all",)),
                    warm_starts=table.names("warm_starts", ("all",)),
                    tasks=TASKS if "all" in tasks else tasks,
                    repeats=table.positive_int("repeats", DEFAULT_REPEATS),
                    plugins=plugins,
                    include_perturbed=table.take("include_perturbed", bool, False),
                    dynamic_pairs_only=table.take("dynamic_pairs_only", bool, False),
                    chunks=table.positive_int("chunks", DEFAULT_CHUNKS))
    table.finish(REPLAY_KEYS)
    return replay


def load_spec(path: str | os.PathLike) -> Spec:
    """Reads and checks a sweep spec. \\raises SpecError naming the file and the key."""
    path = str(path)
    try:
        with open(path, "rb") as file:
            document = tomllib.load(file)
    except FileNotFoundError:
        raise SpecError(f"{path}: no such file") from None
    except OSError as error:
        raise SpecError(f"{path}: cannot read: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise SpecError(f"{path}: not valid TOML: {error}") from None
    base = Path(path).resolve().parent
    top = _Table(path, "", document)
    record = _Table(path, "record", top.take("record", dict, {}))
    replay_table = top.take("replay", dict, None)
    top.finish(("record", "replay"))
    recordings = _recordings(path, base, record)
    replay = None if replay_table is None else _replay(base, _Table(path, "replay", replay_table))
    return Spec(path=path, recordings=recordings, replay=replay)
