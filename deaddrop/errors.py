"""Errors that reach the user. Core code raises these; the CLI turns each into a message
and an exit code.

Exit codes, the same for every command: 0 ok, 1 refused (an illegal action or setup, a failed
check), 2 unusable input. Messages follow
`<file>:<line>: <key path>: <what is wrong> (<what is expected>)`.
"""

from __future__ import annotations


class DeadDropError(Exception):
    """Base of every error shown to the user as `deaddrop: <message>`."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def lines(self) -> list[str]:
        """The message, a line each (a definition error may list many problems)."""
        return self.message.splitlines() or [""]


class InputError(DeadDropError):
    """The input cannot be used: a malformed file, an unknown name, a bad option (exit 2)."""

    exit_code = 2


class Refused(DeadDropError):
    """The rules forbid the action or the check failed (exit 1)."""

    exit_code = 1


def located(file: str, line: int | None, path: str, what: str, expected: str | None = None) -> str:
    """Format one problem as `file:line: key.path: what (expected)`."""
    where = f"{file}:{line}" if line else file
    text = f"{where}: {path}: {what}" if path else f"{where}: {what}"
    return f"{text} ({expected})" if expected else text
