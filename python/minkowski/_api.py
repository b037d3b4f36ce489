"""Pure-Python conveniences over the compiled core: progress bars and path arguments."""

from minkowski._core import Dataset, Scene, record
from minkowski.progress import progress_callback


def run_scene(scene, first_trajectory=0, trajectories=None, progress=True):
    """Runs a scene's trajectories as ``minkowski run`` does and returns the summary dict.

    ``scene`` is a ``Scene`` or a built-in name / TOML path. ``progress``: True for a bar (tqdm
    when installed, else a plain one on stderr), False for none, or a callable(done, total).
    The summary's ``state_hash_hex`` is the hash ``minkowski run`` prints.
    """
    if not isinstance(scene, Scene):
        scene = Scene.load(str(scene))
    with progress_callback(progress, "steps") as callback:
        return scene.run_raw(first_trajectory, trajectories, callback)


def record_dataset(scene, path, threads=1, overwrite=False, progress=True):
    """Records a scene into an HDF5 dataset (``minkowski record``); returns a summary dict."""
    if not isinstance(scene, Scene):
        scene = Scene.load(str(scene))
    with progress_callback(progress, "trajectories") as callback:
        return record(scene, str(path), threads, overwrite, callback)


def replay(dataset, solvers=("gjk",), warm_starts=("none",), task="boolean", repeats=10,
           include_perturbed=False, dynamic_pairs_only=False, limit=None, progress=False):
    """Replays a dataset (a ``Dataset`` or a path) through solvers x warm starts.

    Returns ``{'results': dict of per-problem arrays, 'summary': list of row dicts, 'table': str}``;
    ``results`` converts to a pandas DataFrame directly.
    """
    if not isinstance(dataset, Dataset):
        dataset = Dataset(str(dataset))
    with progress_callback(progress, "problems") as callback:
        return dataset.replay(list(solvers), list(warm_starts), task, repeats, include_perturbed,
                              dynamic_pairs_only, limit, callback)
