"""Shared pytest options: `pytest --update-golden` rewrites golden drawing-op logs on purpose."""

from __future__ import annotations

import pytest


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*.log from the current drawing code",
    )


# The slow tier: whole kits built and read, browsers, processes killed, long random games and
# the other property tests. `pytest -m "not slow"` is the fast tier, for the edit-test loop.
SLOW = (
    "tests/web_browser/",
    "tests/web/test_noninterference_",
    "_kit/test_kit_pdf.py",
    "tests/test_print_quality.py",
    "tests/test_readme_examples.py",
    "tests/test_install.py",
    "tests/table/test_real_games.py",
    "tests/table/test_processes.py",
    "tests/table/test_state_machine.py",
    "tests/table/test_apply_pure.py",
    "tests/table/test_properties.py",
    "/test_random_play.py",
    "/test_properties.py",
    "/test_fuzz",
    "tests/fuzz_definitions/",
    "tests/spy_deduce/test_enumerate.py",
    "tests/spy/test_counts.py",
    "tests/pnp_render/test_cli_build.py",
    "tests/pnp_render/test_shared_art.py",
    "tests/spies_map/test_map_print.py",
    "tests/spy/test_layouts.py",
    "tests/spy_deduce/test_deduce.py",
    "tests/table/test_store_threads.py",
    "tests/spy_photo/",
)


def _bytecode_cached() -> None:
    """Where the environment asks Python to write no bytecode (PYTHONDONTWRITEBYTECODE, as on the
    project's shared machine), every test run, every xdist worker and every process a test starts
    would compile the project and rewrite the test modules' asserts from source again: about 7 s
    of CPU a worker before the first test, and 40-100 ms a `deaddrop` process. The tests keep
    their bytecode in a folder of their own outside the tree instead (DEADDROP_TESTS_PYCACHE, by
    default deaddrop-tests-pycache in the temporary folder; empty: none), for this process and
    the ones it starts. Python checks each copy against its source's time and size."""
    import os
    import sys
    import tempfile

    if not sys.dont_write_bytecode:
        return  # bytecode is written as usual (and read from __pycache__)
    folder = os.environ.get("DEADDROP_TESTS_PYCACHE")
    if folder is None:
        folder = os.path.join(tempfile.gettempdir(), "deaddrop-tests-pycache")
    if not folder:
        return
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_configure(config) -> None:
    _bytecode_cached()
    config.addinivalue_line(
        "markers", "random_input: fed random values of any type (not held to words_check)"
    )
    config.addinivalue_line("markers", "slow: the slow tier (tests/conftest.py SLOW)")
    # tests/unprivileged.py (the command line held to file modes, even as root) for any test
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    # no test reads the printer profiles of the user running it (a profile in use would change
    # every build): a file that does not exist, unless a test names its own (DEADDROP_CONFIG)
    import os
    import tempfile

    nowhere = Path(tempfile.gettempdir()) / f"deaddrop-tests-{os.getpid()}" / "printers.toml"
    os.environ["DEADDROP_CONFIG"] = str(nowhere)


def pytest_sessionstart(session) -> None:
    # every refusal and error message made while the tests run is held to the rules of
    # assistant/words.py (tests/words_check.py; issue 23): the test that made it fails
    import words_check

    words_check.install()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    import words_check

    words_check.take()
    result = yield
    made = words_check.take()
    # a test that feeds random values of every type (a fuzz test) gets messages that echo them
    # in every form; their sentences are the same ones the other tests check
    bad = [] if item.get_closest_marker("random_input") else words_check.bad_messages(made)
    if bad:
        raise AssertionError("a message reads wrong (assistant/words.py):\n" + "\n".join(bad))
    return result


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if any(part in item.nodeid for part in SLOW):
            item.add_marker(pytest.mark.slow)
