"""Dataset recording and replay sweeps on a Dask cluster (docs/sweeps.md).

    python3 -m minkowski.sweep study.toml --out study/            # LocalCluster on this machine
    python3 -m minkowski.sweep study.toml --out study/ --scheduler tcp://HOST:8786

A spec (TOML) names the recordings (scenes x seeds, `minkowski record` options) and the replay grid
(solvers, warm starts, tasks, repetitions, plugins). Recording shards (`record --shard k/N`), their
merge and replay chunks (`bench DATASET.h5 --chunk k/N`) run as Dask tasks, each a run of the
`minkowski` program; the dataset equals a single-machine `minkowski record` byte for byte.
"""

from .run import SweepError, SweepInterrupted, default_binary, run_sweep
from .spec import Recording, Replay, Spec, SpecError, load_spec
from .tasks import TaskError

__all__ = ["Recording", "Replay", "Spec", "SpecError", "SweepError", "SweepInterrupted",
           "TaskError", "default_binary", "load_spec", "run_sweep"]
