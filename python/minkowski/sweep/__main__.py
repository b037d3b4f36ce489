"""`python3 -m minkowski.sweep SPEC.toml --out DIR`: the command line of a sweep (docs/sweeps.md).

Exit codes: 0 done, 1 a task failed (its own message), 2 a bad spec or command line, 130
interrupted (nothing written to DIR; run the same command again to resume).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

from .run import SweepError, SweepInterrupted, default_binary, run_sweep
from .spec import SpecError, load_spec

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m minkowski.sweep",
        description="Record datasets and replay them through a solver grid on a Dask cluster "
                    "(docs/sweeps.md).",
        epilog="Example: python3 -m minkowski.sweep study.toml --out study/ --workers 2")
    parser.add_argument("spec", help="the sweep spec (TOML)")
    parser.add_argument("--out", required=True, help="output folder (datasets, results, plots)")
    parser.add_argument("--scheduler", metavar="tcp://HOST:8786",
                        help="a running Dask scheduler (default: a LocalCluster on this machine)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="LocalCluster worker processes, one task each (default: the cores)")
    parser.add_argument("--dashboard", default=":8787", metavar="[HOST]:PORT",
                        help="LocalCluster dashboard address (default :8787; :0 any free port; "
                             "'none' no dashboard)")
    parser.add_argument("--minkowski", metavar="PATH", default=None,
                        help="the minkowski program (default: $MINKOWSKI_BIN, else the build "
                             "tree's, else PATH's); workers need it at the same path")
    parser.add_argument("--force", action="store_true", help="overwrite existing outputs")
    parser.add_argument("--no-plot", action="store_true", help="no Fig. 13 box plots")
    arguments = parser.parse_args(argv)
    if arguments.workers < 1:
        parser.error("--workers must be at least 1")
    return arguments


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _local_cluster(workers: int, dashboard: str):
    from distributed import LocalCluster

    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1",
                        dashboard_address=None if dashboard == "none" else dashboard)


def main(argv=None) -> int:
    arguments = parse_arguments(argv)
    signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        spec = load_spec(arguments.spec)
    except SpecError as error:
        print(f"minkowski sweep: {error}", file=sys.stderr)
        return EXIT_USAGE
    from distributed import Client

    cluster = None
    client = None
    try:
        start = time.monotonic()
        if arguments.scheduler:
            client = Client(arguments.scheduler, timeout="30s")
        else:
            cluster = _local_cluster(arguments.workers, arguments.dashboard)
            client = Client(cluster)
        workers = len(client.scheduler_info()["workers"])
        print(f"cluster: {client.scheduler.address}, {workers} worker"
              f"{'' if workers == 1 else 's'} (started in {time.monotonic() - start:.1f} s)"
              + (f", dashboard {client.dashboard_link}"
                 if arguments.dashboard != "none" or arguments.scheduler else ""), flush=True)
        summary = run_sweep(spec, arguments.out, client,
                            binary=arguments.minkowski or default_binary(), force=arguments.force,
                            plots=not arguments.no_plot)
        print(summary.text(), end="", flush=True)
        return EXIT_OK
    except SpecError as error:
        print(f"minkowski sweep: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SweepError as error:
        print(f"minkowski sweep: {error}", file=sys.stderr)
        return EXIT_FAILED
    except (SweepInterrupted, KeyboardInterrupt) as error:
        message = str(error) if isinstance(error, SweepInterrupted) else "interrupted"
        print(f"minkowski sweep: {message}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as error:  # the scheduler cannot be reached, the output cannot be written
        print(f"minkowski sweep: {error}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    sys.exit(main())
