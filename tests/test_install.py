"""A regular install works anywhere (issue 36): the wheel `pip wheel --no-deps` makes of the
repository, and the sdist `python -m build --sdist` makes of it, each installed into a fresh
virtual environment outside the repository, run the README's commands from an empty folder: the
game definitions, fonts and phone page travel in them, and nothing is read from the clone.

Offline and quick: no build isolation (this environment's setuptools builds), and the new
environment sees this one's installed dependencies through a .pth line (the project itself is
installed into the new environment's own site-packages, which comes first). The sources are
copied out first (the files git has or would add), so no build writes into the clone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
NETWORK = "2B 2D 5D 5H 10H 10B 9B"  # README.md, "Spy!"


def _sources(into: Path) -> Path:
    """A copy of the repository's files as a clone has them (and any new file not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, (os.fsdecode(n) for n in listed)):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the work tree is left out
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def _run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, args))}: exit {done.returncode}\n{done}"
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _built(kind: str, tmp: Path) -> Path:
    """The wheel or the sdist of a copy of the repository."""
    source = _sources(tmp / "source")
    dist = tmp / "dist"
    if kind == "wheel":
        tool = ["pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w"]
    else:
        tool = ["build", "--sdist", "--no-isolation", "--outdir"]
    _run([sys.executable, "-m", *tool, str(dist), str(source)], cwd=tmp)
    (made,) = dist.iterdir()
    return made


def _venv(tmp: Path) -> Path:
    """A fresh virtual environment that sees this one's dependencies (after its own packages)."""
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site.stdout.strip(), "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return venv


def _environment(tmp: Path, venv: Path) -> dict[str, str]:
    """A user's environment: the new environment's bin first, this one's off the PATH, no
    PYTHONPATH, no DEADDROP_* of the test run; a home, table database and cache of its own."""
    mine = str(Path(sys.executable).parent)
    path = [str(venv / "bin"), *(p for p in os.environ["PATH"].split(os.pathsep) if p != mine)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DEADDROP_"))}
    env.pop("VIRTUAL_ENV", None)
    (tmp / "home").mkdir()
    return {
        **env,
        "PATH": os.pathsep.join(path),
        "HOME": str(tmp / "home"),
        "DEADDROP_DB": str(tmp / "home" / "tables.sqlite"),
        "DEADDROP_CACHE": str(tmp / "home" / "cache"),
        "DEADDROP_CONFIG": str(tmp / "home" / "printers.toml"),
        "COLUMNS": "100",
    }


@pytest.mark.parametrize("kind", ["wheel", "sdist"])
def test_an_install_from_the_package_runs_the_readme_outside_the_repository(kind, tmp_path):
    made = _built(kind, tmp_path)
    if kind == "sdist":  # what builds the wheel, templates/ with it; not the tests
        with tarfile.open(made) as sdist:
            names = {name.split("/", 1)[-1] for name in sdist.getnames()}
        assert {"setup.py", "pyproject.toml", "templates/spies/kit.yaml"} <= names
        assert not any(name.startswith("tests/") for name in names)
    venv = _venv(tmp_path)
    python = str(venv / "bin" / "python")
    # pip of this environment, run by the new one's Python (it builds an sdist with its setuptools)
    _run(
        [python, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index"]
        + ["--ignore-installed", "--no-warn-script-location", str(made)],
        cwd=tmp_path,
    )
    env = _environment(tmp_path, venv)
    work = tmp_path / "work"  # an empty folder
    work.mkdir()

    def sh(line: str, **kwargs) -> str:
        return _run(["bash", "-c", line], cwd=work, env=env, **kwargs).stdout

    # the installed copy runs, not the clone: its modules, its templates
    where = sh(
        "python -c 'import sys, deaddrop, deaddrop.paths as p, importlib.resources as r; "
        'print(deaddrop.__file__, p.templates_dir(), r.files("deaddrop") / "templates", '
        "*sys.path, sep=chr(10))'"
    )
    package, templates, resource, *path = where.splitlines()
    site = Path(package).parent.parent
    assert site.is_relative_to(venv) and Path(package) == site / "deaddrop" / "__init__.py"
    assert Path(templates) == Path(resource) == site / "deaddrop" / "templates"
    holding = [entry for entry in path if (Path(entry or work) / "deaddrop").exists()]
    assert holding == [str(site)], path  # the clone is not on the path
    # every module travels, every file of templates/, and the fonts with their licence
    for top in ("deaddrop", "pnp", "assistant"):
        modules = {p.relative_to(ROOT) for p in (ROOT / top).rglob("*.py")}
        assert {m for m in modules if not (site / m).is_file()} == set()
    wanted = {p.relative_to(ROOT / "templates") for p in (ROOT / "templates").rglob("*")}
    installed = {p.relative_to(templates) for p in Path(templates).rglob("*")}
    assert wanted - installed == set()
    fonts = site / "pnp" / "fonts"
    assert (fonts / "RedHatDisplay-Regular.ttf").is_file()
    assert (fonts / "RedHatDisplay-OFL.txt").is_file()
    assert (site / "deaddrop" / "web" / "static" / "index.html").is_file()
    (info,) = site.glob("deaddrop-*.dist-info")
    assert list(info.rglob("RedHatDisplay-OFL.txt")), "the fonts' licence in the metadata"

    assert sh("deaddrop --version") == f"deaddrop {VERSION}\n"
    assert sh("python -m deaddrop --version") == f"deaddrop {VERSION}\n"

    # Printing a kit: output/<game>.pdf and output/<game>/<component>.pdf (README, Quick start)
    assert sh("deaddrop build spy") == "wrote output/spy.pdf and 1 file under output/spy/\n"
    assert sh("deaddrop build spy").endswith("(up to date)\n")  # the build's record, installed
    assert sh("deaddrop build spies").startswith("wrote output/spies.pdf and ")
    for pdf in ("spy.pdf", "spy/sheet.pdf", "spies.pdf"):
        assert len(PdfReader(work / "output" / pdf).pages) >= 1, pdf
    assert len(list((work / "output" / "spies").glob("*.pdf"))) >= 10

    # At the table (README, "At the table"): the tracker reads the installed kit
    assert sh("deaddrop table new spies --players 3").startswith("new table 'spies-1' (Spies!")
    assert sh("deaddrop table do hand power=Germany").startswith("1. Germany takes its 7 Event")
    assert Path(env["DEADDROP_DB"]).is_file()
    # the kit's facts cached, keyed on the installed code that reads them (spies/data.py MAP_CODE)
    assert list((Path(env["DEADDROP_CACHE"]) / "spies").glob("facts-*.json"))
    assert sh(f"echo {NETWORK} | deaddrop spy check -").startswith("legal network")
    assert "Usage: deaddrop serve" in sh("deaddrop serve --help")

    # DEADDROP_TEMPLATES and --templates still choose other definitions
    mine = tmp_path / "mine"
    shutil.copytree(ROOT / "templates" / "spy", mine / "spy")
    assert sh(f"DEADDROP_TEMPLATES={mine} deaddrop list").startswith("spy: Spy!\n")
    assert sh(f"deaddrop list --templates {mine}").startswith("spy: Spy!\n")
    assert "spies: " in sh("deaddrop list")

    # shell completion: installed for bash, then asked as bash asks it
    sh("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION=1 deaddrop --install-completion bash")
    script = tmp_path / "home" / ".bash_completions" / "deaddrop.sh"
    assert script.is_file() and str(script) in (tmp_path / "home" / ".bashrc").read_text()
    asked = f"source {script}; COMP_WORDS=(deaddrop table n); COMP_CWORD=2; "
    asked += '_deaddrop_completion deaddrop; echo "${COMPREPLY[@]}"'
    assert sh(asked).split() == ["new"]
