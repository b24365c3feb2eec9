"""Issue 17, paths the user gives to the Spy! commands and to --db: every problem is one line
naming the path and what could not be done (exit 2), never a traceback, never a file written."""

from __future__ import annotations

import os

import pytest
from cli_helpers import LEGAL, one_line, run

LONG = "n" * 300  # past NAME_MAX (255) on every common file system


@pytest.fixture
def network():
    with open("mine.txt", "w", encoding="utf-8") as handle:
        handle.write(LEGAL + "\n")
    open("a-file", "w").close()
    os.mkdir("folder")
    return "mine.txt"


@pytest.mark.parametrize(
    ("option", "path", "message"),
    [
        ("--pdf", "folder", "folder: is a directory (expected the name of the file to write)"),
        ("--svg", "folder", "folder: is a directory (expected the name of the file to write)"),
        ("--pdf", "", "--pdf: the file name is empty (expected the name of the PDF file to write)"),
        ("--svg", "", "--svg: the file name is empty (expected the name of the SVG file to write)"),
        (
            "--pdf",
            "a-file/x.pdf",
            "a-file/x.pdf: cannot write the PDF: a part of the path is not a directory",
        ),
        ("--svg", f"{LONG}.svg", f"{LONG}.svg: cannot write the SVG: file name too long"),
        ("--pdf", "/proc/x.pdf", "/proc/x.pdf: cannot write the PDF: no such file or directory"),
    ],
)
@pytest.mark.parametrize("command", ["deduce", "check"])
def test_a_picture_that_cannot_be_written_is_one_line(
    network, tmp_path, command, option, path, message
):
    before = sorted(os.listdir())
    args = ["5E=hot"] if command == "deduce" else [network]
    result = run("spy", command, *args, option, path)
    assert one_line(result) == f"deaddrop: {message}"
    assert result.stdout == ""
    assert sorted(os.listdir()) == before  # nothing written, not even a temporary


def test_check_with_an_empty_picture_name_is_refused_not_ignored(network):
    """Before: `spy check --pdf ""` drew nothing and exited 0."""
    result = run("spy", "check", network, "--pdf", "")
    assert one_line(result).endswith(
        "--pdf: the file name is empty (expected the name of the PDF file to write)"
    )


def test_an_empty_network_name_says_so():
    """Before: `spy check ""` said ": is a directory"."""
    for args in (["check", ""], ["answer", "", "5E"], ["same", "", "x"]):
        assert one_line(run("spy", *args)) == (
            "deaddrop: FILE: the file name is empty "
            "(expected a network file, or - for standard input)"
        )


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (
            "",
            "--log: the file name is empty "
            "(expected a file of observations, or - for standard input)",
        ),
        ("folder", "folder: cannot read the log: is a directory"),
        ("nothing.log", "nothing.log: cannot read the log: no such file or directory"),
        (LONG, f"{LONG}: cannot read the log: file name too long"),
    ],
)
def test_an_observation_log_that_cannot_be_read_is_one_line(network, path, message):
    assert one_line(run("spy", "deduce", "--log", path)) == f"deaddrop: {message}"


def test_a_network_that_cannot_be_read_is_one_line(network):
    assert one_line(run("spy", "check", LONG)) == (
        f"deaddrop: {LONG}: cannot read the network: file name too long"
    )
    assert one_line(run("spy", "check", "a-file/x")) == (
        "deaddrop: a-file/x: cannot read the network: a part of the path is not a directory"
    )


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "--db: the file name is empty (expected the path of a database file)"),
        ("folder", "folder: cannot open the database: is a directory (expected a database file)"),
        (LONG, f"{LONG}: cannot open the database: file name too long"),
        (f"{LONG}/t.sqlite", f"{LONG}/t.sqlite: cannot open the database: file name too long"),
        (
            "a-file/t.sqlite",
            "a-file/t.sqlite: cannot open the database: a part of the path is not a directory",
        ),
    ],
)
@pytest.mark.parametrize(
    "command",
    [["table", "list"], ["table", "new", "tally"], ["spy", "referee", "new"], ["table", "show"]],
    ids=" ".join,
)
def test_a_database_path_that_cannot_be_used_is_one_line(network, tmp_path, command, path, message):
    before = sorted(os.listdir())
    result = run(*command, "--db", path)
    assert one_line(result) == f"deaddrop: {message}"
    assert sorted(os.listdir()) == before


def test_the_database_from_the_environment_is_checked_too(network, monkeypatch):
    monkeypatch.setenv("DEADDROP_DB", "folder")
    assert one_line(run("table", "list")) == (
        "deaddrop: folder: cannot open the database: is a directory (expected a database file)"
    )


@pytest.mark.parametrize(
    ("svg", "pdf", "message"),
    [
        (
            "out.svg",
            "",
            "--pdf: the file name is empty (expected the name of the PDF file to write)",
        ),
        ("out.svg", "/proc/x.pdf", "/proc/x.pdf: cannot write the PDF: no such file or directory"),
        (
            "x/y/out.svg",
            "/proc/x.pdf",
            "/proc/x.pdf: cannot write the PDF: no such file or directory",
        ),
        ("out.svg", "./out.svg", "--svg and --pdf: both name ./out.svg (expected a file for each)"),
    ],
)
def test_deduce_writes_both_pictures_or_neither(network, svg, pdf, message):
    """Found by the fuzz test: the SVG was written, then the empty PDF name refused (exit 2)."""
    before = sorted(os.listdir())
    result = run("spy", "deduce", "1A=hot", "--svg", svg, "--pdf", pdf)
    assert one_line(result) == f"deaddrop: {message}"
    assert sorted(os.listdir()) == before  # no SVG, no temporary, no folder x/


def test_deduce_writes_both_pictures(network):
    result = run("spy", "deduce", "1A=hot", "--svg", "x/y/out.svg", "--pdf", "out.pdf")
    assert result.exit_code == 0
    assert sorted(os.listdir()) == ["a-file", "folder", "mine.txt", "out.pdf", "x"]
    assert os.listdir("x/y") == ["out.svg"]
    with open("out.pdf", "rb") as handle:
        assert handle.read(5) == b"%PDF-"
