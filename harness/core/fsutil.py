"""File helpers shared by every layer: the one atomic file write and the cache root."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    """The process's umask, read from /proc without changing it (os.umask can only read
    it by setting it, which another thread writing files at that moment would see: its
    files made world-writable, and the process's umask left at 0). Where /proc does not
    say, the umask read once at import."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return _UMASK_AT_IMPORT


_UMASK_AT_IMPORT = os.umask(0)  # module import is single-threaded: read it once, put it back
os.umask(_UMASK_AT_IMPORT)


def atomic_write(path: str | os.PathLike, data: str | bytes) -> None:
    """Write ``data`` (text, written as UTF-8, or bytes) to ``path`` atomically: a
    temporary file in the same folder, fsync, then rename, so readers see the old file or
    the new one, never a torn one. The file is readable by everyone (0666 less the umask).
    Creates the folder. Raises OSError if it cannot be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; results are for everyone to read
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def cache_root() -> Path:
    """The root of the harness's on-disk caches (builds, verdicts, model replies, model
    files, selftest floors): ``$HARNESS_CACHE`` (``~`` expanded) or ``~/.cache/harness``."""
    env = os.environ.get("HARNESS_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "harness"
