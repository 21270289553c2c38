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


def bdi_join(names, separator: str | None = None):
    """Each name in its own <bdi> (a right-to-left name must not reorder the text around it), the separator between."""
    from django.utils.html import format_html_join
    from django.utils.translation import pgettext

    if separator is None:  # partners: joined as the page's language joins them ("Ana e Inés")
        from django.utils.html import format_html
        from django.utils.safestring import mark_safe

        word = pgettext("between two partners' names", "&")
        people = [str(name) for name in names or () if name]
        parts = [format_html("<bdi>{}</bdi>", people[0])] if people else []
        for name in people[1:]:
            parts.append(format_html(" {} <bdi>{}</bdi>", _partner_word(word, name), name))
        return mark_safe("".join(parts))
    return format_html_join(separator, "<bdi>{}</bdi>", ((name,) for name in names or ()))


def conjunction(word: str, following: str) -> str:
    """The joining word as it is written before `following`: Spanish writes "e" for "y" before a word
    sounding /i/ ("Ana e Inés", "Ana e Hilda", but "agua y hielo") and "u" for "o" before /o/ ("Ana u
    Olga"). Every list of names on a page, in a message or a PDF is joined through here."""
    lower = str(following).casefold().lstrip("¡¿\"'“«(")
    if word == "y":
        sounds_i = lower[:1] in "iíï" or (lower[:2] in ("hi", "hí") and lower[2:3] not in ("e", "a"))
        return "e" if sounds_i else word
    if word == "o":
        return "u" if lower[:1] in "oóö" or lower[:2] in ("ho", "hó") else word
    return word


_partner_word = conjunction


def listed(items, word: str) -> str:
    """“Ana, Luis e Íñigo”: items joined by commas and `word` (the page language's "and" or "or")."""
    items = [str(item) for item in items if item not in (None, "")]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction(word, items[-1])} {items[-1]}"


def and_list(items) -> str:
    """“Ana, Luis and Inés” / “Ana, Luis e Inés”."""
    return listed(items, _("and"))


def or_list(items) -> str:
    """“Ana or Olga” / “Ana u Olga”."""
    return listed(items, _("or"))


# ---- partners' names: stored once, shown in the page's language --------------------------------

# How a name made of its players' names is stored (language-neutral: backups, search, history).
STORED_JOINER = " & "
# At most three players make a team's name (two partners, or a substitute's side): 3 × 80 + joiners.
PLAYER_NAME_LONGEST = 80
TEAM_NAME_LONGEST = 255


def joined(people) -> str:
    """Partners' names as the page's language joins them: "Ana & Hank", "Ana y Hank", "Ana e Inés"."""
    from django.utils.translation import pgettext

    people = [str(p) for p in people if p]
    word = pgettext("between two partners' names", "&")
    text = people[0] if people else ""
    for name in people[1:]:
        text += f" {_partner_word(word, name)} {name}"
    return text


class Partners(str):
    """A team's name made of its players' names: the stored text is joined by STORED_JOINER, and
    wherever it is shown (templates, messages, PDFs, all through str()) it is joined in the page's
    language. Comparisons, search keys and the database see the stored text."""

    __slots__ = ()

    def __str__(self) -> str:
        return joined(self.split(STORED_JOINER))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def names_all(name, people) -> bool:
    """Whether a shown name already says every one of these people's names (“Ann & Bob” for Ann
    and Bob), so a page need not list them again under it."""
    return all(str(person) in str.__str__(name) for person in people)


def people_in(name) -> int:
    """How many people a shown name stands for, so a verb agrees with it: a pair named by its
    players (“Ann y Bob llegaron”) two; a player, or a team with a name of its own (“Foxes llegó”), one."""
    return 2 if isinstance(name, Partners) else 1


def partners_name(people) -> str:
    """The stored name of a team made of these players (never cut: TEAM_NAME_LONGEST holds three)."""
    return STORED_JOINER.join(clean(p) for p in people if p)


# ---- finding and sorting as people expect ----------------------------------------------------

def _bare(text: str) -> str:
    """Without accents: "Ñúñez" → "Nunez" (the letters' marks dropped after decomposing)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def search_key(value: str | None) -> str:
    """What a search compares: case and accents ignored, so "maria pena" finds "María Peña"."""
    return unicodedata.normalize("NFC", _bare(key(value)))


# In Spanish "ñ" is a letter of its own between "n" and "o"; U+10FFFF sorts after every letter.
_AFTER_N = "n\U0010ffff"


def sort_key(value: str | None, language: str | None = None):
    """How a list of names is ordered in the page's language (or `language`): accents and case are
    second to the letters ("Ángela" with the A's); in Spanish "Ñúñez" comes after every "N…" and
    before "O". Equal letters fall back to the accented form, then to the text itself."""
    from django.utils.translation import get_language

    language = (language or get_language() or "en").split("-")[0]
    folded = key(value)
    if language == "es":
        letters = unicodedata.normalize("NFD", folded).replace("n\u0303", _AFTER_N)
        letters = "".join(ch for ch in letters if not unicodedata.combining(ch))
    else:
        letters = _bare(folded)
    return (letters, folded, value or "")


def sorted_by_name(items, name=lambda item: item.name, language: str | None = None) -> list:
    return sorted(items, key=lambda item: sort_key(str(name(item)), language))


def order_by_name(queryset, is_descending: bool = False, attribute: str = "name"):
    """The queryset in the page language's alphabetical order of `attribute` (a list table's
    "sort by name"): the order is computed here, the database only follows it."""
    from django.db.models import Case, IntegerField, Value, When

    rows = sorted(queryset, key=lambda row: sort_key(str(getattr(row, attribute))), reverse=is_descending)
    if not rows:
        return queryset
    place = Case(*(When(pk=row.pk, then=Value(i)) for i, row in enumerate(rows)), output_field=IntegerField())
    return queryset.order_by(place)


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


def same_person_key(value: str | None) -> str:
    """What one event tells its players apart by (one player, one team): the name without accents,
    case or spaces, so "jose nunez", "JOSÉ NÚÑEZ" and "José  Núñez" are the one José Núñez."""
    return person_key(value).replace(" ", "")


def find_person(objects: Iterable, name: str, attribute: str = "name"):
    """The first of `objects` whose `attribute` names the same person as `name` (same_person_key), or None."""
    wanted = same_person_key(name)
    return next((obj for obj in objects if same_person_key(getattr(obj, attribute)) == wanted), None)


def same_person(a: str | None, b: str | None) -> bool:
    return same_person_key(a) == same_person_key(b)

