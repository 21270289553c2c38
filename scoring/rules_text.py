"""The rules engine's words in the page's language.

rules/ is pure Python and answers in English (its JSON stays English); each refusal carries a stable
`code` and its `params`. Here each code has a sentence to translate, and `problem_text` says a
refusal in the active language, falling back to the engine's own English message for a code it
does not know or a language without the sentence (so English pages read exactly as before).

The English labels rules/ hands to pages and PDFs (card values, meld bands, preset titles, field
names) are declared here too, so `gettext(label)` on them works anywhere."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext, gettext_noop, ngettext

from tournament.common.names import and_list
from tournament.common.numbers import points_text

# One sentence per rules.errors.CODES entry (tests/scoring/test_rules_text.py checks there is one).
SENTENCES: dict[str, str] = {
    "not-a-hand": gettext_noop("A hand must be an object with variant and sides, got %(value)s"),
    "unknown-field": gettext_noop("Unknown field %(key)s (expected %(expected)s)"),
    "variant-missing": gettext_noop("The variant is missing (one of %(variants)s)"),
    "unknown-variant": gettext_noop("Unknown variant %(variant)s (one of %(variants)s)"),
    "hand-number-invalid": gettext_noop("The hand number must be a whole number from 1, got %(value)s"),
    "hand-number-missing": gettext_noop("The hand number is missing (%(variant)s counts hands)"),
    "sides-missing": gettext_noop("The sides are missing"),
    "sides-not-list": gettext_noop("The sides must be a list, got %(value)s"),
    "side-count": gettext_noop("%(variant)s is scored for %(wanted)s sides, got %(count)s"),
    "side-not-object": gettext_noop("%(side)s: a side must be an object with name, total before and its fields, "
                                    "got %(value)s"),
    "side-unknown-field": gettext_noop("%(side)s: unknown field %(key)s"),
    "name-missing": gettext_noop("%(side)s: the name is missing"),
    "name-invalid": gettext_noop("%(side)s: the name must be a non-empty text of at most %(most)s characters, "
                                 "got %(value)s"),
    "total-missing": gettext_noop("%(side)s: the total before this hand is missing"),
    "total-not-whole": gettext_noop("%(side)s: the total before the hand must be a whole number, got %(value)s"),
    "total-not-multiple": gettext_noop("%(side)s: the total before the hand must be a multiple of %(step)s, "
                                       "got %(value)s"),
    "field-missing": gettext_noop("%(side)s: %(field)s is missing"),
    "not-true-or-false": gettext_noop("%(side)s: %(field)s must be yes or no, got %(value)s"),
    "not-whole": gettext_noop("%(side)s: %(field)s must be a whole number, got %(value)s"),
    "negative": gettext_noop("%(side)s: %(field)s cannot be negative, got %(value)s"),
    "out-of-range": gettext_noop("%(side)s: %(field)s is out of range, got %(value)s"),
    "not-multiple": gettext_noop("%(side)s: %(field)s must be a multiple of %(step)s, got %(value)s"),
    "field-not-used": gettext_noop("%(side)s: %(field)s is not used in %(variant)s; leave it out or give 0"),
    "duplicate-name": gettext_noop("%(side)s: another side has the same name; each side needs its own"),
    "absent-played": gettext_noop("%(side)s is absent, so it plays no part in the hand: leave %(field)s empty"),
    "several-went-out": gettext_noop("%(side)s: went out, but so did %(others)s; at most one side goes out in a hand"),
    "went-out-short": gettext_noop("%(side)s: went out with %(have)s %(books)s; going out needs %(need)s"),
    "went-out-with-cards-left": gettext_noop("%(side)s: went out, so nothing is left in hand or feet, "
                                             "but %(field)s is %(value)s"),
    "melded-below-books": gettext_noop("%(side)s: melded points %(melded)s are less than its books alone hold "
                                       "(at least %(least)s)"),
    "rack-not-empty": gettext_noop("%(side)s: went out, so the rack is empty, but %(field)s is %(value)s"),
    "rack-empty": gettext_noop("%(side)s: the rack is empty (no points, no jokers), which only happens to the "
                               "player who went out"),
    "too-many-naturals": gettext_noop("%(side)s: red books, black books and runs need at least %(amount)s natural "
                                      "cards, but %(decks)s decks hold %(limit)s"),
    "too-many-wilds": gettext_noop("%(side)s: black books and books of twos need at least %(amount)s wild cards, "
                                   "but %(decks)s decks hold %(limit)s"),
    "too-many-card-points": gettext_noop("%(side)s: melded + left points come to %(amount)s, but %(decks)s decks "
                                         "hold %(limit)s card points in all"),
    "too-many-red-threes": gettext_noop("%(side)s: %(amount)s red 3s left, but %(decks)s decks hold %(limit)s"),
    "too-many-books-of-twos": gettext_noop("%(side)s: %(amount)s books of twos, but %(decks)s decks hold enough "
                                           "for %(limit)s"),
    "too-many-black-threes": gettext_noop("%(side)s: %(amount)s black 3s left, but %(decks)s decks hold %(limit)s"),
    "too-many-jokers-charged": gettext_noop("%(side)s: %(amount)s jokers charged, but %(decks)s decks hold "
                                            "%(limit)s"),
    "too-many-rack-jokers": gettext_noop("%(side)s: %(amount)s jokers on racks, but the game has %(limit)s"),
    "too-many-rack-points": gettext_noop("%(side)s: rack points come to %(amount)s, but all the numbered tiles add "
                                         "up to %(limit)s"),
    "too-many-exact-deals": gettext_noop("%(side)s: %(amount)s exact deals, but a side has %(players)s players and "
                                         "each can deal exactly once a hand"),
    "settings-not-object": gettext_noop("The settings must be an object of preset numbers, got %(value)s"),
    "setting-unknown": gettext_noop("Settings: %(key)s is not a number of %(variant)s"),
    "setting-not-whole": gettext_noop("Settings: %(key)s must be a whole number, got %(value)s"),
    "setting-out-of-range": gettext_noop("Settings: %(key)s must be between 0 and %(most)s, got %(value)s"),
    "settings-min-sides": gettext_noop("Settings: min_sides must be at least 2 and at most max_sides"),
    "settings-max-sides": gettext_noop("Settings: max_sides must be at most 12"),
    "settings-book-cards": gettext_noop("Settings: book_cards must be between 3 and 11"),
    "settings-black-book-max-wild": gettext_noop("Settings: black_book_max_wild must be at least 1 and fewer than "
                                                 "book_cards"),
    "settings-players-per-side": gettext_noop("Settings: players_per_side must be at least 1"),
    "settings-decks": gettext_noop("Settings: decks must be between 1 and 100"),
    "settings-no-decks": gettext_noop("Settings: the game needs at least one deck"),
    "settings-too-many-decks": gettext_noop("Settings: decks_per_player and extra_decks must be at most 10"),
    "settings-meld-bands": gettext_noop("Settings: meld band maxima must rise from band to band"),
    "settings-hands": gettext_noop("Settings: hands must be at least 1"),
    "settings-target-or-rounds": gettext_noop("Settings: set a target or a number of rounds"),
    "settings-no-tiles": gettext_noop("Settings: the game needs tiles: tile_max, tile_colours and tile_sets must be "
                                      "at least 1"),
    "settings-too-many-tiles": gettext_noop("Settings: tile_max must be at most 100, tile_colours and tile_sets at "
                                            "most 20"),
    "invalid-json": gettext_noop("The input is not valid JSON: %(reason)s"),
    "usage": gettext_noop("usage: python -m rules score < hand.json | python -m rules presets [variant]"),
    "internal-error": gettext_noop("Internal error while scoring (%(error)s); nothing was scored, please report "
                                   "this hand"),
}

# The engine's names of the input fields (rules/entry.py LABELS), as a sentence says them.
FIELD_WORDS: dict[str, str] = {
    "red_books": gettext_noop("red books"),
    "black_books": gettext_noop("black books"),
    "runs": gettext_noop("runs"),
    "books_of_twos": gettext_noop("books of twos"),
    "went_out": gettext_noop("went out"),
    "exact_deals": gettext_noop("exact deals"),
    "melded_points": gettext_noop("melded points"),
    "left_points": gettext_noop("left points"),
    "left_red_threes": gettext_noop("red 3s left"),
    "left_black_threes": gettext_noop("black 3s left"),
    "jokers_charged": gettext_noop("jokers charged"),
    "rack_points": gettext_noop("rack points"),
    "rack_jokers": gettext_noop("jokers on the rack"),
    "total_before": gettext_noop("total before the hand"),
}

# Labels from rules.card_values / rules.meld_bands / presets' titles that pages and PDFs show.
# Figures such as "4–7" or "≤ 5,000" need no translation; these words do.
LABELS = (
    gettext_noop("Joker"),
    gettext_noop("Black 3"),
    gettext_noop("Red 3"),
    gettext_noop("Red book"),
    gettext_noop("Black book"),
    gettext_noop("Run"),
    gettext_noop("Book of twos"),
    gettext_noop("Going out"),
    gettext_noop("Exact deal (per player)"),
    gettext_noop("Joker left on rack"),
    gettext_noop("Every round"),
    gettext_noop("Hand 1"),
    gettext_noop("Hand 2"),
    gettext_noop("Hand 3"),
    gettext_noop("Hand 4"),
    gettext_noop("Hand 5"),
    gettext_noop("Hand 6"),
    gettext_noop("Baja Rummy, partners (Bayfest 2018)"),
    gettext_noop("Baja Rummy, cutthroat (sheet 001, numbers from Bayfest)"),
    gettext_noop("Fiji Rummy, individuals (sheet 002)"),
    gettext_noop("Fiji Rummy, teams (sheet 002)"),
    gettext_noop("Club 4-deck partners game (sheet 003)"),
    gettext_noop("Rummikub / Rummy Q (sheet 004)"),
)


def label_text(label: str) -> str:
    """A label from rules/ in the active language (itself when it has no translation)."""
    return gettext(label)


def problem_text(problem: object) -> str:
    """One refusal (a rules.Problem, or a dict of the engine's JSON or of scoring.hands) in the
    active language; the English message itself for an unknown code or an untranslated sentence."""
    if isinstance(problem, Mapping):
        code, params, message = problem.get("code"), problem.get("params") or {}, str(problem.get("message", ""))
    else:
        code, params, message = getattr(problem, "code", None), getattr(problem, "params", {}), str(problem.message)
    sentence = SENTENCES.get(code) if isinstance(code, str) else None
    if sentence is None or gettext(sentence) == sentence:
        return message
    try:
        return gettext(sentence) % _words(code, params)
    except (KeyError, TypeError, ValueError):
        return message  # params not as the sentence expects: the English still says it right


def _words(code: str, params: Mapping) -> dict[str, object]:
    words: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, bool) or not isinstance(value, int):
            words[key] = value
        else:
            words[key] = points_text(value)
    if "side" in params and params["side"] is None:
        words["side"] = gettext("All sides together")
    if isinstance(params.get("field"), str):
        words["field"] = gettext(FIELD_WORDS.get(params["field"], params["field"]))
    if isinstance(params.get("others"), list):
        words["others"] = and_list([str(o) for o in params["others"]])
    if code == "side-count":
        low, high = params.get("low"), params.get("high")
        words["wanted"] = low if low == high else gettext("%(low)s to %(high)s") % {"low": low, "high": high}
    if code == "went-out-short":
        words["books"] = _books(params.get("field"), params.get("have"))
    return words


def _books(field: object, count: object) -> str:
    many = count != 1
    names = {
        "red_books": ngettext("red book", "red books", 2 if many else 1),
        "black_books": ngettext("black book", "black books", 2 if many else 1),
        "runs": ngettext("run", "runs", 2 if many else 1),
        "books_of_twos": ngettext("book of twos", "books of twos", 2 if many else 1),
    }
    return names.get(str(field), str(field))
