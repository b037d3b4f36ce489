"""Progress bars for long calls: tqdm when Debian's python3-tqdm is installed, else a plain one."""

import contextlib
import sys


class _PlainBar:
    """A one-line bar on stderr, redrawn at most every percent."""

    def __init__(self, unit):
        self.unit = unit
        self.shown = -1

    def __call__(self, done, total):
        percent = 100 * done // max(total, 1)
        if percent != self.shown:
            self.shown = percent
            sys.stderr.write(f"\r{percent:3d}% {done}/{total} {self.unit}")
            sys.stderr.flush()

    def close(self):
        if self.shown >= 0:
            sys.stderr.write("\n")


class _TqdmBar:
    def __init__(self, tqdm, unit):
        self.bar = tqdm(unit=f" {unit}", dynamic_ncols=True)

    def __call__(self, done, total):
        if self.bar.total != total:
            self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self):
        self.bar.close()


@contextlib.contextmanager
def progress_callback(progress, unit):
    """Yields what the compiled calls take as `progress`: None, the user's callable, or a bar."""
    if progress is None or progress is False:
        yield None
        return
    if callable(progress):
        yield progress
        return
    try:
        from tqdm import tqdm
        bar = _TqdmBar(tqdm, unit)
    except ImportError:
        bar = _PlainBar(unit)
    try:
        yield bar
    finally:
        bar.close()
