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


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "random_input: fed random values of any type (not held to words_check)"
    )
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
