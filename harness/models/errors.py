"""The errors of model configuration and model calls, shared by the team and call layer
(harness.models.llm), the embedded model (harness.models.local_model) and its process
(harness.models.model_process)."""

from __future__ import annotations

from ..core.errors import HarnessError


class ModelConfigError(HarnessError, ValueError):
    """A user-fixable model configuration problem: bad team file, unknown provider,
    missing API key, unreachable endpoint, missing local model.  One-line message;
    as a :class:`~harness.core.errors.HarnessError` the CLI turns it into exit code 2."""


class ModelCallError(RuntimeError):
    """A model call failed for good (non-retryable error, or retries exhausted).
    One-line message naming the model and the litellm error class."""


class ContextWindowExceeded(ModelCallError):
    """A request did not fit the model's context window (litellm's
    ContextWindowExceededError from a remote provider, or the local model's "exceed
    context window"). A strategy may retry such a call with a shorter prompt
    (``RunContext.generate``'s ``fallbacks``)."""
