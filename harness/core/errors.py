"""Errors a user can cause. The CLI prints their message on one line and exits with code 2."""


class HarnessError(Exception):
    """A problem with the user's input or environment (bad id, missing compiler, bad file).

    The message is one line and says what to do; the CLI turns it into exit code 2.
    """
