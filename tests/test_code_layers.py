"""The code's shape, checked with the suite: the packages in layers (import-linter's contracts in
pyproject.toml: no package imports one above it, so no two packages import each other, directly or
round a loop; the formats are independent plug-ins; rules/ is pure Python) and ruff clean."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent


def _run(*command) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_packages_keep_their_layers():
    result = _run(str(BIN / "lint-imports"), "--no-cache")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_ruff_finds_nothing():
    result = _run(str(BIN / "ruff"), "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
