"""`deaddrop build` reads a templates folder's definitions again only when an input changed
(pnp/kit_cache.py), and a build into another folder that took them from the cache still
records them as its inputs (pnp/uptodate.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from deaddrop.commands.main import app
from pnp import kit_cache

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("isolated")


@pytest.fixture
def reads(monkeypatch):
    """How many times the definitions were read from their files."""
    import pnp.definitions

    count = [0]
    real = pnp.definitions.load_kits

    def counting(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(pnp.definitions, "load_kits", counting)
    return count


def _build(templates, out: str, *extra: str):
    args = ["build", "sample", "--templates", str(templates), "--out", out, *extra]
    return runner.invoke(app, args)


def test_unchanged_definitions_are_read_once_and_build_the_same_bytes(tmp_path, templates, reads):
    assert _build(templates, "a").exit_code == 0
    assert reads[0] == 1
    assert kit_cache.record_path(templates, ["sample"]).is_file()
    assert _build(templates, "b").exit_code == 0  # another folder: a build, not "up to date"
    assert reads[0] == 1
    for made in (tmp_path / "a").rglob("*.pdf"):
        twin = tmp_path / "b" / made.relative_to(tmp_path / "a")
        assert made.read_bytes() == twin.read_bytes(), made
    assert _build(templates, "c", "--force").exit_code == 0
    assert reads[0] == 2


@pytest.mark.parametrize("change", ["edited", "new file", "removed file"])
def test_a_changed_template_is_read_again_even_by_a_build_that_had_it_from_the_cache(
    tmp_path, templates, reads, change
):
    game = templates / "sample"
    if change == "removed file":
        (game / "extra.yaml").write_text("components: {}\n", encoding="utf-8")
    assert _build(templates, "a").exit_code == 0
    assert _build(templates, "b").exit_code == 0  # from the cache
    if change == "edited":
        path = game / "cards.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("Agent", "Agnt"), "utf-8")
    elif change == "new file":
        (game / "extra.yaml").write_text("components: {}\n", encoding="utf-8")
    else:
        (game / "extra.yaml").unlink()
    again = _build(templates, "b")
    assert again.exit_code == 0, again.output
    assert "(up to date)" not in again.output  # b's record named the cached inputs
    assert reads[0] == 2


def test_definitions_with_a_problem_are_never_kept(templates, reads):
    path = templates / "sample" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "nonsense: [\n", encoding="utf-8")
    for _ in range(2):
        failed = _build(templates, "a")
        assert failed.exit_code == 2
        assert "game.yaml" in failed.output
    assert reads[0] == 2
    assert not kit_cache.record_path(templates, ["sample"]).exists()


@pytest.mark.parametrize("damage", [b"", b"\x80\x05garbage", b"not a pickle at all"])
def test_a_damaged_record_counts_as_none(tmp_path, templates, reads, damage):
    assert _build(templates, "a").exit_code == 0
    kit_cache.record_path(templates, ["sample"]).write_bytes(damage)
    again = _build(templates, "b")
    assert again.exit_code == 0, again.output
    assert reads[0] == 2
    for made in (tmp_path / "a").rglob("*.pdf"):
        assert made.read_bytes() == (tmp_path / "b" / made.relative_to(tmp_path / "a")).read_bytes()


def test_another_choice_of_games_is_kept_apart(templates):
    assert kit_cache.record_path(templates, ["sample"]) != kit_cache.record_path(templates, None)
    assert kit_cache.record_path(templates, None) != kit_cache.record_path(
        templates / "sample", None
    )


def test_a_build_that_fails_keeps_nothing(tmp_path, templates, reads):
    """A failed command changes nothing, the cache included."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "sample").write_text("x")  # where the kit's folder goes: read, then fails
    failed = _build(templates, "out")
    assert failed.exit_code == 2, failed.output
    assert reads[0] == 1
    assert not kit_cache.record_path(templates, ["sample"]).exists()


def test_a_record_others_may_write_to_is_not_read(tmp_path, templates, reads):
    """A pickle can run code: a record in a folder others may write is not trusted."""
    assert _build(templates, "a").exit_code == 0
    record = kit_cache.record_path(templates, ["sample"])
    record.chmod(0o666)
    assert _build(templates, "b").exit_code == 0
    assert reads[0] == 2
    assert not record.stat().st_mode & 0o022  # b kept a record of its own, which c reads
    assert _build(templates, "c").exit_code == 0
    assert reads[0] == 2


def test_a_record_is_kept_for_the_user_alone_whatever_the_umask(templates, reads):
    """With umask 002 (user private groups) a record others could write would never be read."""
    import os

    old = os.umask(0o002)
    try:
        assert _build(templates, "a").exit_code == 0
    finally:
        os.umask(old)
    assert kit_cache.record_path(templates, ["sample"]).stat().st_mode & 0o777 == 0o600
    assert _build(templates, "b").exit_code == 0
    assert reads[0] == 1
