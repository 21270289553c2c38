"""The game log is put in words when a page shows it, in the reader's language (issue 24): every kind
an app writes reads in Spanish with no English left, and the English sentences older entries kept in
their note ("Not checked in by …", "… plays for …") never reach the page; what a person typed does."""

import datetime as dt

import pytest
from django.utils import timezone, translation

from tests.gameday.test_game_log import SAMPLES
from tests.gameday_setup import publish_division
from tests.i18n.test_no_english_in_spanish import english_in
from tournament.core import game_log_words
from tournament.models import GameEvent

pytestmark = pytest.mark.django_db
# The samples as the app writes them (the schema test's own samples make up some reasons).
WRITTEN = {**SAMPLES, "not_needed": {"reason": "same team won both divisions", "winner": {"team": 1}},
           "double_forfeit": {"reason": "no team reached this game", "winner": None}}

OLD_NOTES = {  # kind -> (the note an older version stored, what of it a person typed)
    "no_show": ("Not checked in by 10:05 AM: Sharks (no show)", ""),
    "substitute": ("Dora Diaz plays for Ann Lee (Sharks)", ""),
    "table_bonus": ("First table to finish: +400 to each side", ""),
    "playoff_posted": ("Play-off for the win: table 9, starts Sat 6 Mar, 10:00 AM, no-show after 2 min", ""),
    "await_decision": ("tie on the score sheet", ""),
    "time_limit_tie": ("level again after one more hand", ""),
    "correction": ("Hand 2 corrected: the red threes were counted twice", "the red threes were counted twice"),
    "table_bonus_override": ("First-table bonus moved to table 3: table 1 misread its sheet", "table 1 misread its sheet"),
    "event_finished": ("Event finished: the play-off decided every medal", ""),
    "event_reopened": ("Event reopened: a score to correct", "a score to correct"),
    "clock_paused": ("fire alarm", "fire alarm"),
}


@pytest.fixture
def game(tournament):
    _division, first = publish_division(tournament)
    return first[0]


def entries(game, notes=None):
    at = timezone.now()
    return [GameEvent(game=game, kind=kind, data=data, note=(notes or {}).get(kind, ("", ""))[0],
                      at=at + dt.timedelta(seconds=n)) for n, (kind, data) in enumerate(WRITTEN.items())]


def test_every_kind_reads_in_spanish_with_no_english_left(game):
    with translation.override("es"):
        lines = game_log_words.lines(game, entries(game, OLD_NOTES), game.sides.all())
    assert len(lines) == len(SAMPLES)
    left = {line.words: english_in(line.words) for line in lines if english_in(line.words)}
    assert left == {}
    notes = {line.note for line in lines} - {""}
    assert notes == {typed for _old, typed in OLD_NOTES.values() if typed}


def test_the_words_follow_the_reader(game):
    with translation.override("en"):
        english = {line.words for line in game_log_words.lines(game, entries(game), game.sides.all())}
    with translation.override("es"):
        spanish = {line.words for line in game_log_words.lines(game, entries(game), game.sides.all())}
    assert "Not checked in by" in " ".join(english) and "Llegada no registrada" in " ".join(spanish)
    assert "Rosa" not in english and english != spanish
