"""The core asks the event's format; it never names it. Outside the formats' own folders no code or
template branches on which format an event has (`== "tables"`, `== "bracket"`, `.format ==`, a
division's kind "tables" or "final", `has_bracket`/`is_bracket`): each such question is an attribute
or method of the format interface (tournament.core.formats.EventFormat), and a template asks it
through `{% event_format tournament as event_format %}` (tournament.templatetags.format_tags).
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Where a format keeps its own code and templates: it may name itself there.
OWN = ("tournament/formats/", "templates/tables/", "templates/brackets/", "templates/draw/", "tournament/migrations/")

BRANCH = re.compile(
    r"""[!=]=\s*["'](tables|bracket|final)["']"""  # == "tables", != "bracket", kind == "final"
    r"""|["'](tables|bracket)["']\s*[!=]="""  # "tables" == x
    r"""|\.format\s*[!=]="""  # tournament.format == …
    r"""|Kind\.(TABLES|FINAL)\b"""  # Division.Kind.TABLES / FINAL
    r"""|\b(has_bracket|is_bracket)\b"""
)


def sources():
    for folder, pattern in (("tournament", "*.py"), ("scoring", "*.py"), ("config", "*.py"), ("templates", "*.html")):
        for path in sorted((ROOT / folder).rglob(pattern)):
            relative = path.relative_to(ROOT).as_posix()
            if not relative.startswith(OWN):
                yield relative, path


def branches() -> list[str]:
    found = []
    for relative, path in sources():
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if BRANCH.search(line):
                found.append(f"{relative}:{number}: {line.strip()[:120]}")
    return found


def test_no_code_outside_the_formats_branches_on_the_format():
    assert branches() == []
