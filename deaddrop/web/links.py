"""The join links: one secret code for each seat of each table, and one for its spectators.

A code is the first 128 bits of HMAC-SHA256(key, "<table>\\0<seat>\\0<identity>") in lower-case
base32 (26 letters and digits); the spectator's seat is "". The identity is the table's row
number and creation time in the database (`identity`): a table deleted and made again under the
same name gets new codes, so the links to the old one die with it. The key is 32 random bytes in
a file beside the database (`<db>.links-key`, mode 0600, written whole or not at all), so links
survive a restart; `deaddrop serve --new-links` draws a new key, and every old link stops
working.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from deaddrop.errors import InputError, os_problem

KEY_BYTES = 32
SPECTATOR = ""


@dataclass(frozen=True)
class Link:
    """What a code opens: a table, and a seat at it (None: the spectator)."""

    table: str
    seat: str | None


def key_path(db: Path) -> Path:
    """The key file of the database `db`."""
    return db.with_name(db.name + ".links-key")


def identity(row_id: int, created: str, nonce: str | None = None) -> str:
    """A table's identity: its row number, creation time and the random nonce drawn when it was
    made (a table made again under the same name has another, even in the same second)."""
    return f"{row_id}/{created}/{nonce or ''}"


def code(key: bytes, table: str, seat: str | None, ident: str) -> str:
    """The code of `seat` (None: the spectator) at `table`, whose identity is `ident`."""
    message = f"{table}\0{seat or SPECTATOR}\0{ident}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()[:16]
    return base64.b32encode(digest).decode("ascii").rstrip("=").lower()


def load_key(db: Path, *, new: bool = False) -> bytes:
    """The key beside `db`: read, or drawn and written when there is none (or when `new`)."""
    path = key_path(db)
    if not new:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            data = b""
        except OSError as error:
            raise os_problem(error, path, "read the link key") from None
        if len(data) == KEY_BYTES:
            return data
        if data:
            raise InputError(
                f"{path}: not a link key ({len(data)} bytes; expected {KEY_BYTES}: "
                "delete it or pass --new-links for new links)"
            )
    return _write_key(path, secrets.token_bytes(KEY_BYTES), replace=new)


def _write_key(path: Path, key: bytes, *, replace: bool) -> bytes:
    """Write `key` to `path` with mode 0600 from the start: into a temporary file, then linked
    into place (a key another process wrote first wins) or renamed over the old one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, key)
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
            return key
        try:
            os.link(tmp, path)
        except FileExistsError:
            return load_key(path.with_name(path.name.removesuffix(".links-key")))
        return key
    except OSError as error:
        raise os_problem(error, path, "write the link key") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
