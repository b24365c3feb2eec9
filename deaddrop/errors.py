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


class Unavailable(InputError):
    """The database cannot be used just now: busy past the wait, the disk full, the file damaged
    (exit 2; `deaddrop serve` answers 503)."""


class Refused(DeadDropError):
    """The rules forbid the action or the check failed (exit 1)."""

    exit_code = 1


def located(file: str, line: int | None, path: str, what: str, expected: str | None = None) -> str:
    """Format one problem as `file:line: key.path: what (expected)`."""
    where = f"{file}:{line}" if line else file
    text = f"{where}: {path}: {what}" if path else f"{where}: {what}"
    return f"{text} ({expected})" if expected else text


def shown(value: object) -> str:
    """`value` as text safe to echo inside a one-line message: control characters (newlines,
    escapes, DEL, C1) and bytes that are not UTF-8 (surrogate escapes from the command line or a
    file name) are written as Python escapes, so an error never spreads over lines or changes
    the terminal."""
    text = value if isinstance(value, str) else str(value)
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char.isprintable() or char == " ":
            out.append(char)
        elif 0xDC80 <= ord(char) <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append(f"\\x{ord(char) - 0xDC00:02x}")
        else:
            out.append(char.encode("unicode_escape").decode("ascii"))
    return "".join(out)


def os_problem(error: OSError, path: object, doing: str) -> InputError:
    """One line for an operating-system error on a path the user gave: `<path>: cannot <doing>:
    <reason>` (for example "cannot write: is a directory"). `doing` is a verb phrase."""
    reason = error.strerror or type(error).__name__
    if error.errno is not None:
        import errno as codes

        reason = {
            codes.EISDIR: "is a directory",
            codes.ENOTDIR: "a part of the path is not a directory",
            codes.ENOENT: "no such file or directory",
            codes.EACCES: "permission denied",
            codes.EPERM: "operation not permitted",
            codes.ENAMETOOLONG: "file name too long",
            codes.ELOOP: "too many levels of symbolic links",
            codes.EROFS: "read-only file system",
            codes.ENOSPC: "no space left on device",
        }.get(error.errno, reason.lower() if reason else "failed")
    name = shown(path) if str(path) else "''"
    if not str(path):
        reason = "the name is empty"
    return InputError(f"{name}: cannot {doing}: {reason}")


class path_errors:  # noqa: N801 - used as a context manager, like contextlib's
    """`with path_errors(path, "write the PDF"):` turns any OSError (and a name the system cannot
    encode) raised inside into one InputError line naming `path` (exit 2)."""

    __slots__ = ("path", "doing")

    def __init__(self, path: object, doing: str) -> None:
        self.path = path
        self.doing = doing

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, OSError):
            raise os_problem(error, self.path, self.doing) from None
        if isinstance(error, (UnicodeEncodeError, ValueError)) and "null" in str(error).lower():
            raise InputError(f"{shown(self.path)}: cannot {self.doing}: the name holds a NUL byte")


def quoted(value: object, limit: int = 40) -> str:
    """`value` quoted for a one-line message, `shown` escaped and cut to `limit` characters
    (`'1234567890...' (5,000 characters)`), so that a huge argument does not flood the line."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return f"'{shown(text)}'"
    return f"'{shown(text[:limit])}...' ({len(text):,} characters)"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`1 cell`, `0 cells`, `2,048 cells`: a count with its noun in agreement (`plural` when an
    added s will not do)."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def empty_name(what: str, expected: str) -> InputError:
    """One line for an empty file name where a file is wanted: `<what>: the file name is empty
    (expected <expected>)`; `what` names the option or argument (`--pdf`, `FILE`)."""
    return InputError(f"{what}: the file name is empty (expected {expected})")
