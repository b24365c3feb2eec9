"""Issue 17, fuzz tests of the command line: random arguments for every Spy! command and for the
root (option values of every kind: huge numbers, empty strings, bytes that are not UTF-8 as the
command line gives them, control characters, paths to folders, to nothing, names too long),
random network texts and observation logs on standard input.

The property, for every run: exit 0, 1 or 2; no traceback (no exception but SystemExit); on an
error, one `deaddrop: ...` line per problem (or click's usage error, exit 2); nothing but
printable text and newlines in what is printed; nothing written in the folder on exit 2.

Bounded for the suite (DEADDROP_FUZZ_EXAMPLES sets the examples per test; the default keeps the
whole file to about half a minute). A longer run by hand:
`DEADDROP_FUZZ_EXAMPLES=3000 pytest tests/cli_input/test_fuzz.py`.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from deaddrop.commands.main import SUBCOMMANDS, app

EXAMPLES = int(os.environ.get("DEADDROP_FUZZ_EXAMPLES", "300"))
STATS = os.environ.get("DEADDROP_FUZZ_STATS")  # a file: one line a run, its exit code
SETTINGS = settings(
    max_examples=EXAMPLES,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
LEGAL = "2B 2D 5D 5H 10H 10B 9B"

# --- values -------------------------------------------------------------------------------------

not_utf8 = st.binary(min_size=1, max_size=6).map(lambda b: b.decode("utf-8", "surrogateescape"))
controls = st.sampled_from(["\n", "\r", "\t", "\x1b[2J", "\x07", "\x7f", "\x85", "\u2028", "\x00"])
small = st.integers(-3, 70).map(str)
huge = st.one_of(
    st.integers(10**6, 10**40).map(str),
    st.integers(300, 6000).map(lambda n: "9" * n),
    st.sampled_from(["1e9", "0x10", "-0", "+5", "\u00b2", "\u0663", "1_000", " 7 ", "007"]),
)
numbers = st.one_of(small, small, huge)
number_lists = st.lists(st.one_of(st.integers(0, 8).map(str), numbers), max_size=9).map(",".join)
paths = st.sampled_from(
    [
        "",
        ".",
        "..",
        "folder",
        "folder/",
        "nothing.txt",
        "a-file/x",
        "n" * 300,
        "/proc/x.pdf",
        "-",
        "mine.txt",
        "out.pdf",
        "out.svg",
        "x/y/z.pdf",
        "/",
        "a-file",
    ]
)
texts = st.one_of(
    st.text(max_size=12),
    not_utf8,
    st.tuples(st.text(max_size=4), controls, st.text(max_size=4)).map("".join),
)
observation_forms = st.one_of(
    st.builds(
        lambda r, c, a: f"{r}{c}={a}",
        st.integers(0, 12),
        st.sampled_from("ABCDEFGHIJKLZ"),
        st.sampled_from(["hot", "h", "w", "cold", "c", "x", ""]),
    ),
    st.builds(
        lambda r1, c1, r2, c2, answers: f"{r1}{c1}-{r2}{c2}={','.join(answers)}",
        st.integers(1, 11),
        st.sampled_from("ABCDEFGHIJK"),
        st.integers(1, 11),
        st.sampled_from("ABCDEFGHIJK"),
        st.lists(st.sampled_from(["h", "w", "c", "warm", "?"]), max_size=6),
    ),
)
observation = st.one_of(observation_forms, texts)
value = st.one_of(numbers, number_lists, paths, texts, observation)

# --- commands -----------------------------------------------------------------------------------

sizes = st.one_of(st.integers(1, 11).map(str), numbers)
good_lengths = st.lists(st.integers(1, 6), min_size=1, max_size=6).map(
    lambda ns: ",".join(map(str, ns))
)
good_observation = st.builds(
    lambda r, c, a: f"{r}{c}={a}",
    st.integers(1, 8),
    st.sampled_from("ABCDEFGH"),
    st.sampled_from(["hot", "h", "w", "cold", "c"]),
)
# option: (a usual value, any value)
FIELD = {
    "--rows": (st.integers(3, 10).map(str), sizes),
    "--cols": (st.integers(3, 10).map(str), sizes),
    "--lengths": (good_lengths, st.one_of(good_lengths, number_lists, value)),
}
PICTURES = {
    "--pdf": (st.just("out.pdf"), paths),
    "--svg": (st.just("out.svg"), paths),
}
network_file = (st.sampled_from(["mine.txt", "-"]), paths)
COMMANDS = {
    "check": ({**FIELD, **PICTURES}, ["--json"], [network_file]),
    "answer": (
        FIELD,
        ["--json", "--map"],
        [network_file, *[(st.sampled_from(["5E", "1A", "e5"]), st.one_of(paths, value))] * 3],
    ),
    "same": (FIELD, ["--json"], [network_file, network_file]),
    "random": (
        {**FIELD, "--seed": (st.integers(-100, 100).map(str), st.one_of(numbers, texts))},
        ["--json"],
        [],
    ),
    "deduce": (
        {
            **FIELD,
            **PICTURES,
            "--squares": (st.sampled_from(["2,3,5", "none", "4"]), st.one_of(number_lists, texts)),
            "--log": (st.sampled_from(["a-file", "-"]), paths),
        },
        ["--json"],
        [(good_observation, st.one_of(observation, value))] * 4,
    ),
}


@st.composite
def spy_argv(draw) -> list[str]:
    """A Spy! command line: usual values but for a few wild ones (any value at all)."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    options, flags, positional = COMMANDS[name]
    wild = draw(st.floats(0.0, 1.0))  # the share of wild values in this command line

    def pick(choices):
        usual, anything = choices
        return draw(anything if draw(st.floats(0.0, 1.0)) < wild else usual)

    argv: list[str] = ["spy", name]
    count = draw(st.integers(1 if name in ("check", "answer") else 0, len(positional)))
    argv += [pick(choices) for choices in positional[:count]]
    for option in draw(st.lists(st.sampled_from(sorted(options)), max_size=4, unique=True)):
        if draw(st.booleans()):
            argv += [option, pick(options[option])]
        else:
            argv.append(f"{option}={pick(options[option])}")
    argv += draw(st.lists(st.sampled_from(flags), max_size=1))
    if draw(st.integers(0, 19)) == 0:  # now and then an option that does not exist, or a bare one
        argv.append(draw(st.sampled_from(["--nosuch", "--rows", "--", "-x", "--json=1"])))
    return argv


cells = st.builds(lambda r, c: f"{r}{c}", st.integers(0, 12), st.sampled_from("ABCDEFGHIJKL"))
vertex_lists = st.lists(cells, min_size=1, max_size=9).map(lambda cs: " ".join(cs) + "\n")
drawings = st.lists(
    st.text(alphabet="..#", min_size=10, max_size=10), min_size=10, max_size=10
).map(lambda rows: "\n".join(rows) + "\n")
stdin = st.one_of(
    st.none(),
    st.just(LEGAL + "\n"),
    vertex_lists,
    drawings,
    st.binary(max_size=200),
    st.lists(observation, max_size=6).map(lambda lines: "\n".join(lines) + "\n"),
    st.lists(
        st.sampled_from(["#", ".", "X", "#.", "..##", "2B", " ", "\n", "10J", "-", ","]),
        max_size=60,
    ).map("".join),
)


# --- the property -------------------------------------------------------------------------------


def _setup(folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    (folder / "mine.txt").write_text(LEGAL + "\n", encoding="utf-8")
    (folder / "a-file").write_text("5E=hot\n", encoding="utf-8")
    (folder / "folder").mkdir()


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    found = {}
    for path in folder.rglob("*"):
        stat = path.lstat()
        found[str(path.relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found


def _printable(text: str) -> bool:
    return all(char.isprintable() or char == "\n" for char in text)


def check_run(argv: list[str], input: str | bytes | None, folder: Path) -> None:
    before = _snapshot(folder)
    if isinstance(input, str):  # text with bytes that are not UTF-8, given as bytes
        input = input.encode("utf-8", "surrogateescape")
    result = CliRunner().invoke(app, argv, input=input)
    if STATS is not None:
        with open(STATS, "a", encoding="utf-8") as handle:
            handle.write(f"{result.exit_code} {argv[:2]} {result.stderr[:70]!r}\n")
    where = f"deaddrop {argv!r} input={input!r}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{where}: {result.exception!r}"
    )
    assert result.exit_code in (0, 1, 2), (where, result.exit_code, result.output)
    assert "Traceback" not in result.output, where
    assert _printable(result.stdout) and _printable(result.stderr), (where, result.output)
    if result.exit_code and result.stderr:
        lines = result.stderr.splitlines()
        usage = result.exit_code == 2 and lines[0].startswith(("Usage: ", "╭─ Error"))
        assert usage or all(line.startswith("deaddrop: ") for line in lines), (where, lines)
    if result.exit_code == 2:
        assert _snapshot(folder) == before, f"{where}: wrote something and failed"


@SETTINGS
@given(argv=spy_argv(), input=stdin)
def test_spy_commands_with_random_arguments(tmp_path, argv, input):
    folder = tmp_path / "fuzz"
    _setup(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        check_run(argv, input, folder)
    finally:
        os.chdir(cwd)


root_tokens = st.one_of(
    st.sampled_from(["--version", "--help", "--nosuch", "-h", "--", "spy", "--db", "help"]),
    texts.filter(lambda t: t not in SUBCOMMANDS),
)


@SETTINGS
@given(argv=st.lists(root_tokens, max_size=4))
def test_the_root_with_random_arguments(tmp_path, argv):
    folder = tmp_path / "fuzz"
    _setup(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        check_run(argv, None, folder)
    finally:
        os.chdir(cwd)


@SETTINGS
@given(text=stdin, command=st.sampled_from([["check", "-"], ["answer", "-", "--map"]]))
def test_random_network_texts(tmp_path, text, command):
    folder = tmp_path / "fuzz"
    _setup(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        check_run(["spy", *command], text, folder)
    finally:
        os.chdir(cwd)


@SETTINGS
@given(
    lines=st.lists(
        st.one_of(
            *[good_observation] * 8,
            observation_forms,
            st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=12),
            st.just("# a comment"),
            st.just(""),
        ),
        max_size=8,
    ),
    rows=st.sampled_from(["8", "10"]),
)
def test_random_observation_logs(tmp_path, lines, rows):
    folder = tmp_path / "fuzz"
    _setup(folder)
    cwd = os.getcwd()
    os.chdir(folder)
    log = "\n".join(lines).encode("utf-8", "surrogateescape")
    try:
        check_run(["spy", "deduce", "--rows", rows, "--cols", rows, "--log", "-"], log, folder)
    finally:
        os.chdir(cwd)
