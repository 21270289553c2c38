"""The club's pages speak Spanish with usted, as the rest of the app does (issue 35)."""

import re
from pathlib import Path

import polib

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "es" / "LC_MESSAGES" / "django.po"
# Words that only tú uses (a tú possessive, pronoun or present), and a sentence opening with a tú
# imperative ("Escribe …", where usted says "Escriba …"; inside a sentence the same word is "he writes").
TU = re.compile(r"\b(tú|tu|tus|te|ti|contigo|eres|puedes|tienes|quieres|organizas|dale|haz)\b|"
                r"(^|[.:;¿¡]\s*)(Escribe|Elige|Agrega|Revisa|Guarda|Cambia|Quita|Marca|Usa|Mira|Sube|Da|Pon|Saca)\b")


def test_the_clubs_spanish_uses_usted():
    club_strings = [e for e in polib.pofile(str(CATALOGUE))
                    if any("clubs" in path for path, _line in e.occurrences) and not e.obsolete]
    assert club_strings
    tu = [(e.msgid, e.msgstr) for e in club_strings if TU.search(e.msgstr)]
    assert tu == []
