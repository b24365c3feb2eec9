"""Small games written to tmp_path (the tests run there, so messages show `bad/cards.yaml`),
and the environment every test here runs in: its own database and cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

GAME_YAML = """\
game: bad
styles:
  body: {size: 9pt, min_size: 6pt}
boxes:
  full: {x: 0mm, y: 0mm, w: 100%, h: 100%}
"""


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Write `<tmp>/<name>/` with a default game.yaml and the given files (text or bytes)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEADDROP_DB", str(tmp_path / "db.sqlite"))
    monkeypatch.setenv("DEADDROP_CACHE", str(tmp_path / "cache"))

    def make(files: dict[str, str | bytes], name: str = "bad") -> Path:
        folder = tmp_path / name
        folder.mkdir(parents=True, exist_ok=True)
        files = {"game.yaml": GAME_YAML.replace("bad", name), **files}
        for file, text in files.items():
            target = folder / file
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):
                target.write_bytes(text)
            else:
                target.write_text(text, encoding="utf-8")
        return folder

    return make
