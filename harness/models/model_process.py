"""Where the ``local/...`` models are served: the run's own model process, or a server
started by hand.

Every call to a ``local/<spec>`` agent goes through litellm to an OpenAI-compatible
endpoint (``openai/<model>`` with ``api_base``), exactly like a user's vLLM or ollama
server. Which endpoint:

* ``$HARNESS_MODEL_SERVER`` (e.g. ``http://127.0.0.1:8077/v1``, from ``python -m harness
  serve-model``): that server, shared by several runs; it must serve the same model file
  (its SHA-256, from ``GET /v1/models``). Nothing is started or restarted.
* otherwise the process starts its own ``python -m harness serve-model --port 0`` per
  model on first use (:class:`ModelProcess`), waits until it has loaded the model and
  listens, and stops it at exit (and when the parent dies: the child exits when its
  stdin closes).

A crash of the own process (it exits while calls are in flight) fails those calls with
:class:`ModelProcessRestarted` (a one-line ModelCallError: the caller retries the call
once); the process is restarted once. A second crash raises :class:`ModelProcessLost`
(a HarnessError with exit code 3): the run stops, ``--resume`` continues it.
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from typing import Any

from harness.core.errors import HarnessError
from harness.models import local_model
from harness.models.errors import ModelCallError, ModelConfigError
from harness.models.model_server import decoding_id

SERVER_ENV = "HARNESS_MODEL_SERVER"
START_TIMEOUT_S = 600.0  # seconds to load the model and listen (assembly of the weights included)
STOP_TIMEOUT_S = 10.0  # seconds between SIGTERM and SIGKILL at shutdown
EXIT_WAIT_S = 3.0  # seconds to wait, after a failed call, for the process to be seen dead


class ModelProcessRestarted(ModelCallError):
    """The model process died while this call was in flight and has been restarted;
    the same call may be sent again (once). The message is one line."""


class ModelProcessLost(HarnessError):
    """The model process died a second time: the run stops (exit code 3) and
    ``--resume`` continues it."""

    exit_code = 3


def _describe_exit(rc: int) -> str:
    if rc < 0:
        try:
            return f"killed by {signal.Signals(-rc).name}"
        except ValueError:
            return f"killed by signal {-rc}"
    return f"exit code {rc}"


def _get_json(url: str, timeout_s: float = 5.0) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=timeout_s) as r:  # noqa: S310 - loopback URL
        return json.loads(r.read())


class ModelProcess:
    """The run's own model server process for one ``local/...`` model.

    Attributes:
        model: the model name served.
        url: its ``http://127.0.0.1:<port>/v1`` while running, else None.
        generation: how many times it was started (the first start is 1).
        crashes: how many times it died unasked.
        info: the server's description of itself (``GET /v1/models``'s ``harness`` record).
    """

    external = False

    def __init__(self, model: str):
        self.model = model
        self.url: str | None = None
        self.generation = 0
        self.crashes = 0
        self.info: dict[str, Any] = {}
        self._proc: subprocess.Popen | None = None
        self._err: Any = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The process id while it runs, else None."""
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def ensure(self) -> tuple[str, int]:
        """(url, generation) of the running process, starting it if needed.

        Raises:
            ModelProcessLost: it died twice already.
            harness.models.local_model.LocalModelError: it cannot start (the server's one-line reason).
        """
        with self._lock:
            if self.crashes >= 2:
                raise ModelProcessLost(self._lost_message())
            if self._proc is None:
                self._start()
            assert self.url is not None
            return self.url, self.generation

    def _lost_message(self) -> str:
        return (
            f"the model process for {self.model} died twice (last: {self._last_exit}); "
            "the run stops here, continue it with --resume"
        )

    def _start(self) -> None:
        err = tempfile.TemporaryFile()
        cmd = [sys.executable, "-m", "harness", "serve-model", "--port", "0", "--model", self.model, "--watch-stdin"]
        proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env={**os.environ, "PYTHONUNBUFFERED": "1"}
        )
        assert proc.stdout is not None
        line = b""
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            deadline = time.monotonic() + START_TIMEOUT_S
            while b"\n" not in line and time.monotonic() < deadline:
                if sel.select(timeout=max(0.0, deadline - time.monotonic())):
                    chunk = os.read(proc.stdout.fileno(), 4096)
                    if not chunk:
                        break
                    line += chunk
        text = line.decode(errors="replace").strip()
        if not text.startswith("serving ") or " at http://" not in text:
            if proc.poll() is None:
                proc.kill()
            rc = proc.wait()
            err.seek(0)
            lines = [ln for ln in err.read().decode(errors="replace").splitlines() if ln.strip()]
            why = lines[-1].removeprefix("error: ") if lines else f"no reply within {START_TIMEOUT_S:.0f} s"
            raise local_model.LocalModelError(
                f"the model process for {self.model} did not start ({_describe_exit(rc)}): {why}"
            )
        self.url = text.split(" at ", 1)[1].split()[0]
        self._proc = proc
        self._err = err
        self.generation += 1
        try:
            self.info = _get_json(self.url + "/models")["data"][0].get("harness", {})
        except (OSError, ValueError, KeyError, IndexError):
            self.info = {}

    def recover(self, generation: int) -> None:
        """Called after a call to generation ``generation`` failed. Returns when the
        process is alive (the failure was something else); otherwise restarts it once.

        Raises:
            ModelProcessRestarted: it had died and now runs again (retry the call).
            ModelProcessLost: it died a second time.
        """
        with self._lock:
            if self.crashes >= 2:
                raise ModelProcessLost(self._lost_message())
            if generation != self.generation:  # another call saw the crash and restarted it
                raise ModelProcessRestarted(
                    f"{self.model}: the model process died during the call ({self._last_exit}); it was restarted"
                )
            proc = self._proc
            if proc is None or (proc.poll() is None and self._answers()):
                return
            try:
                rc = proc.wait(timeout=EXIT_WAIT_S)
            except subprocess.TimeoutExpired:
                return
            self._last_exit = _describe_exit(rc)
            self.crashes += 1
            self._proc, self.url = None, None
            for f in (proc.stdin, proc.stdout, self._err):
                if f is not None:
                    f.close()
            if self.crashes >= 2:
                raise ModelProcessLost(self._lost_message())
            self._start()
            raise ModelProcessRestarted(
                f"{self.model}: the model process died during the call "
                f"({self._last_exit}); restarted it (pid {self._proc.pid})"
            )

    _last_exit = "?"

    def _answers(self) -> bool:
        """True when the process answers ``/health`` within a second."""
        try:
            _get_json(str(self.url).removesuffix("/v1") + "/health", timeout_s=1.0)
            return True
        except (OSError, ValueError):
            return False

    def stop(self) -> None:
        """Stops the process (SIGTERM, then SIGKILL after STOP_TIMEOUT_S s) if it runs."""
        with self._lock:
            proc, self._proc, self.url = self._proc, None, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for f in (proc.stdin, proc.stdout, self._err):
            if f is not None:
                f.close()


class ExternalServer:
    """A model server started by hand (``$HARNESS_MODEL_SERVER``): checked once to
    serve the same model file, never started, stopped or restarted."""

    external = True
    generation = 1
    crashes = 0
    pid = None

    def __init__(self, model: str, url: str):
        self.model, self.url = model, url.rstrip("/")
        self.info: dict[str, Any] = {}
        self._lock = threading.Lock()

    def ensure(self) -> tuple[str, int]:
        """(url, 1) once the server answered and serves ``model``'s file.

        Raises:
            ModelConfigError: unreachable, or it serves another model file.
        """
        with self._lock:
            if not self.info:
                want = local_model.resolve(self.model).sha256
                try:
                    data = _get_json(self.url + "/models")["data"]
                except (OSError, ValueError, KeyError) as e:
                    raise ModelConfigError(
                        f"{SERVER_ENV}={self.url}: no model server answers there ({getattr(e, 'reason', None) or e})"
                    ) from None
                served = [d.get("harness", {}) for d in data]
                match = next((h for h in served if h.get("sha256") == want), None)
                if match is None:
                    names = ", ".join(str(h.get("model", "?")) for h in served) or "nothing"
                    raise ModelConfigError(
                        f"{SERVER_ENV}={self.url} serves {names}, not {self.model} (SHA-256 {want[:12]}...)"
                    )
                if match.get("server_id") != decoding_id():
                    raise ModelConfigError(
                        f"{SERVER_ENV}={self.url} serves {self.model} with another decoding "
                        f"({match.get('server_id') or 'an older harness'}; this harness's is "
                        f"{decoding_id()}): restart it with this version's `python -m harness "
                        "serve-model` and the same HARNESS_LOCAL_DRAFT"
                    )
                self.info = {**match, "external": True}
            return self.url, 1

    def recover(self, generation: int) -> None:
        """Nothing to restart: the failed call stays a failed call."""

    def stop(self) -> None:
        """Leaves the server running (it belongs to whoever started it)."""


_servers: dict[str, ModelProcess | ExternalServer] = {}
_servers_lock = threading.Lock()


def server_for(model: str) -> ModelProcess | ExternalServer:
    """The endpoint holder for ``local/...`` model ``model`` in this process (one each)."""
    with _servers_lock:
        s = _servers.get(model)
        if s is None:
            url = os.environ.get(SERVER_ENV)
            s = ExternalServer(model, url) if url else ModelProcess(model)
            _servers[model] = s
        return s


def stop_all() -> None:
    """Stops every model process this process started (servers started by hand stay)."""
    with _servers_lock:
        servers = list(_servers.values())
        _servers.clear()
    for s in servers:
        s.stop()


atexit.register(stop_all)
