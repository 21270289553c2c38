"""rules/ is pure standard-library Python: no Django, so it runs anywhere the JSON command does."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def test_importing_rules_loads_no_django() -> None:
    code = (
        "import sys, rules; rules.score({}); rules.describe_presets(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'tournament', 'scoring', 'config')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=RULES.parent, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_rules_source_never_mentions_django() -> None:
    for path in RULES.rglob("*.py"):
        assert "django" not in path.read_text().lower(), path


def test_rules_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
