"""Shared pytest options: `pytest --update-golden` rewrites golden drawing-op logs on purpose."""

from __future__ import annotations


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/*.log from the current drawing code",
    )


def pytest_configure(config) -> None:
    # tests/unprivileged.py (the command line held to file modes, even as root) for any test
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
