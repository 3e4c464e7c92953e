"""A real OpenAI-compatible HTTP server on 127.0.0.1 for tests of the remote-model path.

:class:`OpenAIServer` serves ``POST /v1/chat/completions`` (non-streaming) with scripted
replies in the OpenAI response format, usage counts included, and ``GET /v1/models``.
Every chat request body is recorded (thread-safe) so a test can count the requests and
read the sampling parameters the harness sent. The :func:`openai_server` fixture starts
one on an ephemeral port and stops it at teardown; it serves only the test's requests.

Usage (import the fixture into the test module)::

    from openai_server import OpenAIServer, openai_server  # noqa: F401

    def test_x(openai_server):
        openai_server.reply = lambda request: "text"     # or an Error(...)
        ... api_base = openai_server.api_base ...        # http://127.0.0.1:<port>/v1
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

import pytest


@dataclass(frozen=True)
class Error:
    """An error reply: HTTP ``status`` and the OpenAI error object's message/type/code."""

    status: int
    message: str
    type: str = "invalid_request_error"
    code: str | None = None


def context_overflow(limit: int = 4096) -> Error:
    """The 400 reply OpenAI gives when a request does not fit the context window
    (litellm maps it to ContextWindowExceededError)."""
    return Error(
        400,
        f"This model's maximum context length is {limit} tokens. However, your "
        f"messages resulted in {limit + 1000} tokens. Please reduce the length of the "
        "messages.",
        code="context_length_exceeded",
    )


# an instruction not to write code (e.g. the lesson prompt's "Do not write code blocks")
NO_CODE = re.compile(
    r"\b(?:do not|don't|never|no|without)\s+(?:write\s+|include\s+|give\s+)?"
    r"(?:any\s+)?code\b",
    re.I,
)


def asks_for_code(request: dict) -> bool:
    """True unless the request's messages tell the model not to write code."""
    return not NO_CODE.search("\n".join(str(m.get("content", "")) for m in request.get("messages", [])))


def code_or_text(code: str, text: str = "The attempt keeps the original algorithm.") -> Callable:
    """A reply function: ``code`` in a ```cpp fence for requests that ask for code
    (:func:`asks_for_code`), the short ``text`` for the others."""

    def reply(request: dict) -> str:
        if asks_for_code(request):
            return f"Here is a faster version.\n```cpp\n{code.strip()}\n```\n"
        return text

    return reply


def tokens(text: str) -> int:
    """A stand-in token count: one token per 4 characters (at least 1)."""
    return max(1, len(text) // 4)


class OpenAIServer:
    """The server. ``reply(request) -> str | Error`` scripts the answers (``request`` is
    the decoded JSON body); ``requests`` holds every chat request body in arrival order,
    ``usage`` the (prompt, completion) token counts returned for each successful one."""

    def __init__(self, reply: Callable[[dict], "str | Error"] | None = None):
        self.reply = reply or (lambda request: "ok")
        self.requests: list[dict] = []
        self.usage: list[tuple[int, int]] = []
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path.rstrip("/") == "/v1/models":
                    self._send(200, {"object": "list", "data": []})
                else:
                    self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    self._send(400, {"error": {"message": "body is not JSON", "type": "invalid_request_error"}})
                    return
                with server.lock:
                    server.requests.append(body)
                    n = len(server.requests)
                out = server.reply(body)
                if isinstance(out, Error):
                    self._send(
                        out.status,
                        {"error": {"message": out.message, "type": out.type, "param": None, "code": out.code}},
                    )
                    return
                prompt = "".join(str(m.get("content", "")) for m in body.get("messages", []))
                p, c = tokens(prompt), tokens(out)
                with server.lock:
                    server.usage.append((p, c))
                self._send(
                    200,
                    {
                        "id": f"chatcmpl-{n}",
                        "object": "chat.completion",
                        "created": 1_700_000_000,
                        "model": body.get("model", ""),
                        "system_fingerprint": None,
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": out},
                                "logprobs": None,
                                "finish_reason": "stop",
                            }
                        ],
                        "usage": {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c},
                    },
                )

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.api_base = f"http://127.0.0.1:{self.port}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="openai-test-server", daemon=True)

    def start(self) -> "OpenAIServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stops serving and closes the socket (waits for the serving thread)."""
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


@pytest.fixture
def openai_server(monkeypatch):
    """An :class:`OpenAIServer` on 127.0.0.1 (ephemeral port), a dummy OPENAI_API_KEY and
    no HTTP proxy for it; stopped at teardown."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    server = OpenAIServer().start()
    yield server
    server.stop()
