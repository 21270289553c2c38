"""`manage.py translations`: the Spanish catalogue brought up to date with the code, then compiled.

`--check` changes nothing: it extracts every marked string into a scratch folder and fails naming
each one the committed catalogue lacks, leaves untranslated or marks fuzzy, and a compiled
catalogue that does not say what the .po says. The suite runs the check (tests/i18n).
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

LANGUAGE = "es"
# Only the app's own code and templates: not the virtualenv, the tests, or what the app writes.
IGNORE = [".venv/*", "tests/*", "bench/*", "var/*", "node_modules/*", "docs/*", "staticfiles/*"]


def catalogue_path(root: Path) -> Path:
    return root / LANGUAGE / "LC_MESSAGES" / "django.po"


# What `--check` copies to extract from: makemessages writes beside the code it reads.
SOURCES = ["manage.py", "config", "tournament", "scoring", "rules", "templates", "static"]


def extract() -> None:
    call_command("makemessages", locale=[LANGUAGE], add_location="file", no_obsolete=True,
                 ignore_patterns=IGNORE, verbosity=0)


def extract_copy(base: Path, scratch: Path) -> Path:
    """Extract from a copy of the code into the copy's own locale folder; returns its .po."""
    for name in SOURCES:
        source = base / name
        if source.is_dir():
            shutil.copytree(source, scratch / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, scratch / name)
    (scratch / "locale").mkdir()
    subprocess.run([sys.executable, "manage.py", "translations", "--extract-only"], cwd=scratch,
                   check=True, capture_output=True)
    return catalogue_path(scratch / "locale")


def key(entry) -> tuple[str | None, str]:
    return entry.msgctxt, entry.msgid


def problems(committed: polib.POFile, extracted: polib.POFile, compiled: polib.MOFile | None) -> list[str]:
    found = []
    known = {key(e) for e in committed if not e.obsolete}
    found += [f"not in the catalogue: {e.msgid!r} ({', '.join(f for f, _ in e.occurrences)})"
              for e in extracted if key(e) not in known]
    found += [f"no Spanish: {e.msgid!r}" for e in committed.untranslated_entries() if not e.obsolete]
    found += [f"fuzzy (check it, then remove the flag): {e.msgid!r}" for e in committed.fuzzy_entries()]
    if compiled is None:
        found.append("no compiled catalogue (.mo): run `make messages`")
    else:
        in_mo = {key(e): (e.msgstr, tuple(sorted(e.msgstr_plural.items()))) for e in compiled}
        for entry in committed.translated_entries():
            wanted = (entry.msgstr, tuple(sorted(entry.msgstr_plural.items())))
            if in_mo.get(key(entry)) != wanted:
                found.append(f"the .mo is older than the .po ({entry.msgid!r}): run `make messages`")
                break
    return found


class Command(BaseCommand):
    help = "Update locale/es from the code and compile it; --check only reports what is missing."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Change nothing; fail on anything missing.")
        parser.add_argument("--extract-only", action="store_true", help="Update the .po without compiling.")

    def handle(self, *args, check=False, extract_only=False, **options):
        root = Path(settings.LOCALE_PATHS[0])
        if extract_only:
            extract()
            return
        if not check:
            extract()
            call_command("compilemessages", locale=[LANGUAGE], ignore_patterns=IGNORE, verbosity=0)
            self.stdout.write(f"Updated and compiled {catalogue_path(root)}")
            return
        with tempfile.TemporaryDirectory() as scratch:
            extracted = polib.pofile(str(extract_copy(Path(settings.BASE_DIR), Path(scratch))))
        po_path = catalogue_path(root)
        committed = polib.pofile(str(po_path)) if po_path.exists() else polib.POFile()
        mo_path = po_path.with_suffix(".mo")
        found = problems(committed, extracted, polib.mofile(str(mo_path)) if mo_path.exists() else None)
        if found:
            raise CommandError(f"{len(found)} translation problem(s):\n" + "\n".join(found))
        self.stdout.write("The Spanish catalogue is complete and compiled.")
