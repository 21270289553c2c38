"""Names people type: team, player and tournament names.

Two forms of one name:
- `clean(value)` is what is stored and shown: NFKC-normalised, with zero-width and bidirectional
  control characters removed (a U+202E in one name must not turn its neighbours round on a page),
  other control characters dropped and runs of spaces collapsed.
- `key(value)` is what two names are compared by: the clean form case-folded, so “Ana”, “ANA”,
  “Ana\u200b” and a full-width “Ａｎａ” are one name and the second is refused as a duplicate.
"""

import re
import unicodedata
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
# Marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–E, U+2066–9).
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_INVISIBLE = re.compile(f"[{ZERO_WIDTH}{BIDI_CONTROLS}]")


def clean(value: str | None) -> str:
    """The name as stored and shown (see the module docstring)."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", value or ""))
    # Other control characters (NUL, escape, …) never belong in a name; whitespace ones become spaces.
    text = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch) != "Cc")
    return " ".join(text.split())


def key(value: str | None) -> str:
    """What two names are compared by: equal keys are the same name."""
    # Case folding can leave text that is not NFKC (e.g. “ẞ” → “ss” is fine, some ligatures are not).
    return " ".join(unicodedata.normalize("NFKC", clean(value).casefold()).split())


def same(a: str | None, b: str | None) -> bool:
    return key(a) == key(b)


def entered(value: str | None, what: str, max_length: int) -> str:
    """The clean form of a name someone typed, or ValidationError naming `what` is wrong with it
    (`what` in the page's language: the caller translates it)."""
    name = clean(value)
    if not name:
        raise ValidationError(_("%(what)s is required.") % {"what": what})
    if len(name) > max_length:
        raise ValidationError(_("%(what)s is too long: at most %(max)s characters (this one has %(length)s).")
                              % {"what": what, "max": max_length, "length": len(name)})
    return name


def find(objects: Iterable, name: str, attribute: str = "name"):
    """The first of `objects` whose `attribute` is the same name as `name`, or None.

    A tournament holds at most a few hundred teams and players, so the comparison runs here in
    Python on the normalised keys (the database's own lower() does not know them)."""
    wanted = key(name)
    return next((obj for obj in objects if key(getattr(obj, attribute)) == wanted), None)


def bdi_join(names, separator: str = " & "):
    """Each name in its own <bdi> (a right-to-left name must not reorder the text around it), the separator between."""
    from django.utils.html import format_html_join

    return format_html_join(separator, "<bdi>{}</bdi>", ((name,) for name in names or ()))


def person_key(value: str | None) -> str:
    """What a club matches a person by across its events: the name key without accents, so “Ana
    López”, “ANA LOPEZ” and “Ana Lopez” are one name (tournament.clubs.members)."""
    decomposed = unicodedata.normalize("NFKD", key(value))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def contact_key(value: str | None) -> str:
    """A contact as compared: a phone number by its digits (the last ten), an e-mail address case-folded."""
    text = clean(value).casefold()
    digits = "".join(ch for ch in text if ch.isdigit())
    if "@" not in text and len(digits) >= 7:
        return digits[-10:]
    return text
