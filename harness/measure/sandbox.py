"""Isolated child processes for untrusted work (compiling and running candidates).

Every untrusted process runs under bubblewrap with everything unshared (network, pids,
ipc, uts, user, cgroup), as an unprivileged uid, with only the system directories, the
Python installation and explicitly listed paths mounted read-only, a private tmpfs for
/tmp and the home directory, a new session, and death with its parent. Its environment
is built from scratch (no API keys). Memory, process-count and CPU-set limits use
cgroups (v1 or v2) where the host lets us create one, rlimits otherwise (the process
limit then inside the sandbox's user namespace, see _nproc_inside). Without
bubblewrap nothing untrusted runs unless the user passes ``--unsafe-no-sandbox``.
"""

from __future__ import annotations

import json
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import HarnessError

SANDBOX_UID = 65534
AS_HEADROOM = 3 << 29  # bytes of address space above the memory limit (see _preexec)
HOME = "/home/sandbox"
# Longest protocol line accepted (bytes). The worker's longest message (the result of
# max_pairs pairs with profiler evidence) is a few KiB; a longer line is forged, and the
# cap keeps the orchestrator's buffer (and the cost of splitting it) bounded.
MAX_PROTOCOL_LINE = 1 << 20
_SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin")


@dataclass
class Limits:
    """Resource limits of one sandboxed process.

    memory_bytes: address space / cgroup memory limit (bytes);
    pids: maximum number of processes and threads;
    cpus: CPU ids the process may run on (None: inherit);
    address_space: also cap the address space (RLIMIT_AS) at the memory limit; False
    for ThreadSanitizer, which reserves terabytes of address space for its shadow
    memory and aborts under the cap: memory is then bounded by the cgroup alone;
    file_bytes: the largest file the process may write (RLIMIT_FSIZE, bytes; None: no
    limit): the compiler-tool calls of harness.measure.toolchain.run_tool set it, so a
    candidate cannot make the compiler or linker write an object that fills the disk (a
    write beyond it kills the tool with SIGXFSZ, or fails with EFBIG where the signal is
    ignored). The judge and its runners have none: their shared memory grows as a memfd,
    which the limit would cap; what they write to the sandbox's tmpfs counts against the
    memory cgroup.
    """

    memory_bytes: int = 8 << 30
    pids: int = 256
    cpus: tuple | None = None
    address_space: bool = True
    file_bytes: int | None = None


@dataclass
class Outcome:
    """How a sandboxed process ended.

    returncode: exit code, or -signal number when killed by a signal;
    timed_out: killed by the watchdog; messages: JSON objects it sent on the protocol
    pipe with the right nonce, in order, each accepted by the caller's check;
    forged: why the protocol was violated ("" if it was not): a line without the nonce,
    not JSON, longer than MAX_PROTOCOL_LINE, a malformed deadline, or a message the
    caller's check refused; the process was then killed at once; stdout_tail/stderr_tail:
    the last bytes of its output (decoded); wall_s: seconds; out_of_memory: the cgroup's
    memory limit was hit; process_limit: "" when the process limit was enforced, else
    why not (see process_limit_gap).
    """

    returncode: int
    timed_out: bool
    messages: list = field(default_factory=list)
    stdout_tail: str = ""
    stderr_tail: str = ""
    wall_s: float = 0.0
    forged: str = ""
    out_of_memory: bool = False
    process_limit: str = ""


def in_system_dirs(path: str) -> bool:
    """True if ``path`` lies in a system folder that every sandbox mounts (/usr, /bin, ...)."""
    real = os.path.realpath(path)
    return any(real == d or real.startswith(d + "/") for d in map(os.path.realpath, _SYSTEM_DIRS))


def bwrap_path() -> str | None:
    """Path of the bubblewrap binary, or None."""
    return shutil.which("bwrap")


_PROBED: dict = {}


def require_sandbox(unsafe: bool) -> bool:
    """True if bubblewrap is usable; False with ``unsafe`` (run without isolation).

    Raises HarnessError when bubblewrap is missing or cannot create its namespaces here
    (e.g. unprivileged user namespaces disabled) and ``unsafe`` was not given: the user
    must opt in to running untrusted code without a sandbox.
    """
    if unsafe:
        return False
    if not bwrap_path():
        raise HarnessError(
            "bubblewrap (bwrap) not found: install it (apt-get install bubblewrap) "
            "or pass --unsafe-no-sandbox to run candidates without isolation"
        )
    if "error" not in _PROBED:
        probe = subprocess.run(
            bwrap_argv([], [], with_python=False) + ["/bin/true"], capture_output=True, text=True, env=clean_env()
        )
        _PROBED["error"] = probe.stderr.strip().splitlines()[-1] if probe.returncode else ""
    if _PROBED["error"]:
        raise HarnessError(
            f"bubblewrap cannot create a sandbox here ({_PROBED['error']}); fix that, or pass --unsafe-no-sandbox"
        )
    return True


def _python_dirs() -> list[str]:
    """The interpreter, its site-packages and the harness package: nothing else of the
    user's (not the repository root, where a .env file may live)."""
    import site

    import harness

    dirs = {os.path.realpath(d) for d in (sys.base_prefix, sys.prefix, sys.exec_prefix)}
    dirs |= {os.path.realpath(d) for d in site.getsitepackages() if os.path.isdir(d)}
    dirs.add(str(Path(harness.__file__).resolve().parent))
    # keep only outermost directories
    out: list[str] = []
    for d in sorted(dirs, key=len):
        if not any(d == o or d.startswith(o.rstrip("/") + "/") for o in out):
            out.append(d)
    return out


def bwrap_argv(ro: list[str], rw: list[str], with_python: bool, chdir: str = HOME, as_pid_1: bool = False) -> list[str]:
    """The bubblewrap command prefix: system dirs and ``ro`` read-only, ``rw`` writable;
    the process starts in ``chdir`` (the private home by default). ``as_pid_1``: the
    command itself is the sandbox's pid 1 instead of bubblewrap's reaper, whose memory the
    sandbox's uid could write through /proc/1/mem (it is dumpable and has no seccomp
    filter): the judge's worker, non-dumpable, takes that place. Raises HarnessError when
    bubblewrap is missing (callers check :func:`require_sandbox` first)."""
    bwrap = bwrap_path()
    if bwrap is None:
        raise HarnessError("bubblewrap (bwrap) not found: install it (apt-get install bubblewrap)")
    argv = [
        bwrap,
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        *(["--as-pid-1"] if as_pid_1 else []),
        "--uid",
        str(SANDBOX_UID),
        "--gid",
        str(SANDBOX_UID),
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
        "--tmpfs",
        "/home",
        "--dir",
        HOME,
        "--chdir",
        chdir,
    ]
    for d in _SYSTEM_DIRS:
        if os.path.islink(d):
            argv += ["--symlink", os.readlink(d), d]
        elif os.path.isdir(d):
            argv += ["--ro-bind", d, d]
    # CPU topology, read by libgomp for OMP_PLACES=cores
    if os.path.isdir("/sys/devices/system/cpu"):
        argv += ["--ro-bind", "/sys/devices/system/cpu", "/sys/devices/system/cpu"]
    if os.path.exists("/etc/ld.so.cache"):
        argv += ["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    extra = list(ro) + (_python_dirs() if with_python else [])
    for d in extra:
        argv += ["--ro-bind", d, d]
    for d in rw:
        argv += ["--bind", d, d]
    return argv


def clean_env(extra: dict | None = None) -> dict:
    """An environment built from scratch: no API keys, no user variables."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": HOME,
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
    }
    env.update(extra or {})
    return env


def _pid_namespace() -> int:
    """The inode of this process's pid namespace (0 when /proc does not say)."""
    try:
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return 0


def cgroup_prefix(pid: int | None = None) -> str:
    """The name prefix of the cgroups harness process ``pid`` (default: this one) makes:
    "harness-ns<pid namespace inode>-<pid>-". The pid namespace is part of it because a
    pid means nothing outside its namespace: harnesses in containers that share the
    host's cgroup tree must not take each other's live cgroups for stale ones. (Versions
    before the namespace was added read the second part as a pid: "ns..." is none, so
    they leave these alone too.)"""
    return f"harness-ns{_pid_namespace()}-{os.getpid() if pid is None else pid}-"


def _remove_stale(parent: Path) -> None:
    """Removes empty cgroups of this pid namespace's harness processes that are gone
    (killed hard); another namespace's are left alone (see cgroup_prefix)."""
    if not parent.is_dir():
        return
    for d in parent.glob(f"harness-ns{_pid_namespace()}-*-*"):
        try:
            os.kill(int(d.name.split("-")[2]), 0)
        except ProcessLookupError:
            try:
                d.rmdir()
            except OSError:
                pass
        except (ValueError, OverflowError, PermissionError):
            pass


class _Cgroup:
    """A cgroup (v1 or v2) with memory, pids and cpuset limits, if the host allows one."""

    def __init__(self, limits: Limits):
        self.dirs: list[Path] = []
        name = cgroup_prefix() + uuid.uuid4().hex[:8]
        root = Path("/sys/fs/cgroup")
        try:
            if (root / "cgroup.controllers").exists():
                self._v2(root, name, limits)
            elif (root / "pids").is_dir():
                self._v1(root, name, limits)
        except OSError:
            self.remove()
            self.dirs = []

    @staticmethod
    def _own_v1_paths() -> dict:
        """{controller: this process's cgroup path} from /proc/self/cgroup (cgroup v1)."""
        out = {}
        for ln in open("/proc/self/cgroup").read().splitlines():
            _, ctrls, path = ln.split(":", 2)
            for c in ctrls.split(","):
                out[c] = path.lstrip("/")
        return out

    def _v1(self, root: Path, name: str, lim: Limits):
        # below this process's own group of each controller, so limits set on the
        # harness (a container's memory limit, say) still apply to its children
        own = self._own_v1_paths()

        def make(ctrl: str) -> Path | None:
            if not (root / ctrl).is_dir():
                return None
            d = root / ctrl / own.get(ctrl, "") / name
            d.mkdir()
            self.dirs.append(d)
            return d

        for ctrl in ("pids", "memory", "cpuset"):
            _remove_stale(root / ctrl / own.get(ctrl, ""))
        pids = make("pids")
        assert pids is not None  # _v1 runs only where root/pids is a directory
        (pids / "pids.max").write_text(str(lim.pids))
        mem = make("memory")
        if mem is not None:
            (mem / "memory.limit_in_bytes").write_text(str(lim.memory_bytes))
        if lim.cpus is not None:
            cs = make("cpuset")
            if cs is not None:
                (cs / "cpuset.mems").write_text((cs.parent / "cpuset.mems").read_text())
                (cs / "cpuset.cpus").write_text(",".join(map(str, lim.cpus)))

    def _v2(self, root: Path, name: str, lim: Limits):
        mine = Path(open("/proc/self/cgroup").read().strip().split("::")[-1].lstrip("/"))
        parent = root / mine
        cg = parent / name
        cg.mkdir()
        self.dirs.append(cg)
        (cg / "pids.max").write_text(str(lim.pids))
        (cg / "memory.max").write_text(str(lim.memory_bytes))
        if lim.cpus is not None and (cg / "cpuset.cpus").exists():
            (cg / "cpuset.cpus").write_text(",".join(map(str, lim.cpus)))

    @property
    def active(self) -> bool:
        return bool(self.dirs)

    def procs_files(self) -> list[str]:
        return [str(d / "cgroup.procs") for d in self.dirs]

    def out_of_memory(self) -> bool:
        """True if a process of this cgroup hit its memory limit."""
        for d in self.dirs:
            try:
                if (d / "memory.failcnt").exists() and int((d / "memory.failcnt").read_text()) > 0:
                    return True
                ev = d / "memory.events"
                if ev.exists() and any(
                    ln.startswith("oom_kill ") and ln.split()[1] != "0" for ln in ev.read_text().splitlines()
                ):
                    return True
            except (OSError, ValueError):
                pass
        return False

    def kill_all(self):
        for d in self.dirs:
            try:
                for pid in (d / "cgroup.procs").read_text().split():
                    try:
                        os.kill(int(pid), signal.SIGKILL)
                    except ProcessLookupError:
                        pass
            except OSError:
                pass

    def remove(self):
        for d in self.dirs:
            for _ in range(50):
                try:
                    d.rmdir()
                    break
                except OSError:
                    time.sleep(0.02)


@lru_cache(maxsize=1)
def _prlimit() -> str | None:
    """The system's prlimit (util-linux), from the system folders only: those are mounted
    in the sandbox, a prlimit elsewhere on PATH (conda, spack, ~/.local) is not."""
    return shutil.which("prlimit", path="/usr/bin:/bin")


@lru_cache(maxsize=1)
def _kernel_counts_per_namespace() -> bool:
    """Whether this kernel (5.14 and later) counts RLIMIT_NPROC per user namespace."""
    try:
        major, minor = (int(x) for x in os.uname().release.split(".")[:2])
    except ValueError:
        return False
    return (major, minor) >= (5, 14)


def _nproc_inside(cg: _Cgroup, sandboxed: bool) -> bool:
    """Whether the process limit is RLIMIT_NPROC set inside the sandbox's user namespace
    (no pids cgroup, not root, sandboxed, the system's prlimit, Linux 5.14 or later).
    There the kernel counts only the sandbox's own tasks against it; set before
    bubblewrap creates the namespace, or on an older kernel, it counts every process and
    thread of the user (the harness's own inference threads, the user's shells and
    editors) and makes the sandbox's first fork fail, so it is then not set at all."""
    return (
        not cg.active and sandboxed and os.geteuid() != 0 and _prlimit() is not None and _kernel_counts_per_namespace()
    )


def _rlimit_gap(cg: _Cgroup, sandboxed: bool = True) -> str:
    """Why the process limit of a process run under ``cg`` is not enforced, "" if it is."""
    if cg.active or _nproc_inside(cg, sandboxed):
        return ""
    if os.geteuid() == 0:
        return (
            "not enforced: no pids cgroup could be created here, and the kernel does not apply "
            "the RLIMIT_NPROC fallback to root (a fork bomb is stopped only by the watchdog)"
        )
    if not sandboxed:
        return (
            "not enforced: no pids cgroup could be created here, and without the sandbox "
            "RLIMIT_NPROC would count every process of the user (--unsafe-no-sandbox)"
        )
    if not _kernel_counts_per_namespace():
        return (
            "not enforced: no pids cgroup could be created here, and this kernel (before 5.14) "
            "would count every process of the user against RLIMIT_NPROC"
        )
    return (
        "not enforced: no pids cgroup could be created here, and prlimit (util-linux), which "
        "sets RLIMIT_NPROC inside the sandbox, is not in /usr/bin or /bin"
    )


def process_limit_gap(sandboxed: bool = True) -> str:
    """Why the process/thread limit of processes run with ``sandboxed`` (False:
    --unsafe-no-sandbox) is not enforced on this machine, "" if it is (a pids cgroup can
    be created, or see _nproc_inside)."""
    cg = _Cgroup(Limits())
    try:
        return _rlimit_gap(cg, sandboxed)
    finally:
        cg.remove()


def _preexec(limits: Limits, procs_files: list[str], in_cgroup: bool):
    def fn():
        os.setsid()
        for f in procs_files:
            with open(f, "w") as fh:
                fh.write(str(os.getpid()))
        if limits.cpus is not None:
            os.sched_setaffinity(0, set(limits.cpus))
        # Address space: the memory limit plus room for the interpreter, libraries and
        # thread stacks, so an oversized allocation fails as std::bad_alloc (a clear
        # verdict) before the cgroup's limit kills the process (cgroup: resident memory);
        # without a cgroup, the memory limit itself. The process limit without a cgroup is
        # set inside the sandbox (_nproc_inside).
        if limits.address_space:
            vm = limits.memory_bytes + (AS_HEADROOM if in_cgroup else 0)
            resource.setrlimit(resource.RLIMIT_AS, (vm, vm))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if limits.file_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))

    return fn


def run(
    argv: list[str],
    *,
    sandboxed: bool,
    ro: Sequence[str] = (),
    rw: Sequence[str] = (),
    cwd: str | None = None,
    env: dict | None = None,
    limits: Limits | None = None,
    stdin_bytes: bytes = b"",
    timeout_s: float = 60.0,
    protocol: bool = False,
    nonce: str = "",
    max_wall_s: float = 3600.0,
    with_python: bool = False,
    tail_bytes: int = 8192,
    check: Callable[[dict], str] | None = None,
    answer: Callable[[dict], bytes | None] | None = None,
) -> Outcome:
    """Runs ``argv`` in a sandbox and waits for it.

    With ``protocol=True`` the child gets ``--protocol-fd N`` appended to its arguments
    and may send JSON lines on fd N, each carrying ``nonce``; a line
    ``{"event": "deadline", "seconds": s, "nonce": ...}`` sets the watchdog to now + s.
    Otherwise the watchdog fires ``timeout_s`` after the last message, and never later
    than ``max_wall_s`` after the start. Every other message (nonce removed) goes to
    ``check`` (a callable: message dict -> "" to accept it, else why it is not the
    message expected next), then, once accepted, to ``answer`` where given (message dict
    -> bytes written to the child's stdin, which stays open until the child ends, or
    None; the child waits for them: the watchdog starts again after them, and the time
    answer took is added to max_wall_s). A line without the nonce, a malformed line or
    deadline, a line over MAX_PROTOCOL_LINE bytes or a refused message is a forgery: the
    child is killed at once and ``Outcome.forged`` says why. On timeout or when this call ends,
    the child and everything it started are killed.
    """
    limits = limits or Limits()
    cg = _Cgroup(limits)
    # the judge's worker (Python, the protocol) holds candidate code in its children: it is
    # its sandbox's pid 1. Not a process that runs candidate code itself (the race runner):
    # as pid 1 its own signals with the default action would be ignored (abort() then
    # ends in SIGSEGV)
    as_pid_1 = protocol and with_python
    prefix = bwrap_argv(list(ro), list(rw), with_python, chdir=cwd or HOME, as_pid_1=as_pid_1) if sandboxed else []
    prlimit = _prlimit()
    if prlimit is not None and _nproc_inside(cg, sandboxed):
        prefix += [prlimit, f"--nproc={limits.pids}:{limits.pids}", "--"]
    cmd = prefix + list(argv)
    pass_fds: tuple[int, ...] = ()
    proto_r: int | None = None
    proto_w: int | None = None
    if protocol:
        proto_r, proto_w = os.pipe()
        pass_fds = (proto_w,)
    t0 = time.monotonic()
    try:
        if protocol:
            cmd = cmd + ["--protocol-fd", str(proto_w)]
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd if not sandboxed else None,
            env=env if env is not None else clean_env(),
            pass_fds=pass_fds,
            preexec_fn=_preexec(limits, cg.procs_files(), in_cgroup=cg.active),
        )
        if proto_w is not None:
            os.close(proto_w)
            proto_w = None
        assert proc.stdin is not None  # stdin=subprocess.PIPE
        try:
            proc.stdin.write(stdin_bytes)
            if answer is None:
                proc.stdin.close()
            else:
                proc.stdin.flush()
        except BrokenPipeError:
            pass
        out, err, msgs, forged, timed_out = _pump(
            proc, proto_r, timeout_s, max_wall_s, nonce, tail_bytes, check, answer
        )
        rc = proc.wait()
        oom = cg.out_of_memory()
        if not proc.stdin.closed:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, UnboundLocalError, PermissionError):
            pass
        cg.kill_all()
        cg.remove()
        for fd in (proto_r, proto_w):
            if fd is not None:
                os.close(fd)
    return Outcome(
        returncode=rc,
        timed_out=timed_out,
        messages=msgs,
        stdout_tail=out.decode(errors="replace"),
        stderr_tail=err.decode(errors="replace"),
        wall_s=time.monotonic() - t0,
        forged=forged,
        out_of_memory=oom,
        process_limit=_rlimit_gap(cg, sandboxed),
    )


def _protocol_line(line: bytes, nonce: str, check) -> tuple[dict | None, str]:
    """One protocol line -> (the message without its nonce, "") or (None, why it is forged)."""
    try:
        m = json.loads(line)
    except ValueError:
        return None, "a protocol line that is not JSON"
    if not isinstance(m, dict) or m.pop("nonce", None) != nonce:
        return None, "a protocol line without the evaluation's nonce"
    if m.get("event") == "deadline":
        s = m.get("seconds")
        if not isinstance(s, (int, float)) or isinstance(s, bool) or not 0 < s < float("inf"):
            return None, f"a deadline message with seconds={s!r}"
        return m, ""
    why = check(m) if check is not None else ""
    return (None, why) if why else (m, "")


def _pump(proc, proto_r, timeout_s, max_wall_s, nonce, tail_bytes, check, answer=None):
    """Drains stdout/stderr (keeping tails) and the protocol pipe until the child exits,
    or kills it on timeout or a forged protocol line; writes ``answer``'s replies to its
    stdin (see ``run``)."""
    streams = {proc.stdout.fileno(): bytearray(), proc.stderr.fileno(): bytearray()}
    if proto_r is not None:
        streams[proto_r] = bytearray()
    open_fds = set(streams)
    msgs, forged = [], ""
    hard_stop = time.monotonic() + max_wall_s
    deadline = min(time.monotonic() + timeout_s, hard_stop)
    timed_out = False
    pending = bytearray()
    # until the child exits, not only until its pipes close: a child that closed them
    # (or handed them away) and spins is still under the watchdog
    while (open_fds or proc.poll() is None) and not forged:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        if not open_fds:
            time.sleep(min(left, 0.01))
            continue
        ready, _, _ = select.select(list(open_fds), [], [], min(left, 0.5))
        for fd in ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                open_fds.discard(fd)
                continue
            if fd != proto_r:
                buf = streams[fd]
                buf += chunk
                if len(buf) > tail_bytes:
                    del buf[: len(buf) - tail_bytes]
                continue
            start = len(pending)
            pending += chunk
            # only the new bytes can hold a line's end: no rescans of a long partial line
            while not forged and (nl := pending.find(b"\n", start)) >= 0:
                m, forged = _protocol_line(bytes(pending[:nl]), nonce, check)
                del pending[: nl + 1]
                start = 0
                if forged:
                    break
                if m.get("event") == "deadline":
                    deadline = min(time.monotonic() + float(m["seconds"]), hard_stop)
                else:
                    msgs.append(m)
                    asked = time.monotonic()
                    reply = answer(m) if answer is not None else None
                    if reply is not None:
                        # the child waited on this process: not its time
                        hard_stop += time.monotonic() - asked
                        try:
                            proc.stdin.write(reply)
                            proc.stdin.flush()
                        except BrokenPipeError:
                            pass
                    deadline = min(time.monotonic() + timeout_s, hard_stop)
            if not forged and len(pending) > MAX_PROTOCOL_LINE:
                forged = f"a protocol line longer than {MAX_PROTOCOL_LINE} bytes"
            if forged:
                break
    if timed_out or forged:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.kill()
    return (bytes(streams[proc.stdout.fileno()]), bytes(streams[proc.stderr.fileno()]), msgs, forged, timed_out)
