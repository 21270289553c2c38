"""Event formats are plug-ins (tournament.core.formats): found through their registry line alone."""

import inspect

import pytest
from django.template.loader import get_template
from django.test import override_settings

from tests.factories import TournamentFactory
from tournament.core import formats
from tournament.core.formats import EventFormat
from tournament.events.forms import TournamentForm
from tournament.formats.tables.plugin import TableRoundsFormat


class QuizNightFormat(TableRoundsFormat):
    """A third format for the test: one class and one registry line."""

    key = "quiz"
    label = "Quiz night"


THREE = {
    "bracket": "tournament.formats.bracket.plugin.BracketFormat",
    "tables": "tournament.formats.tables.plugin.TableRoundsFormat",
    "quiz": "tests.core.test_formats.QuizNightFormat",
}


@pytest.mark.parametrize("key", formats.keys())
def test_every_format_implements_the_whole_interface(key):
    event_format = formats.by_key(key)
    assert event_format.key == key and str(event_format.label)
    for name, member in inspect.getmembers(EventFormat, inspect.isfunction):
        if "raise NotImplementedError" in inspect.getsource(member):
            assert getattr(type(event_format), name) is not member, f"{key} does not implement {name}"
    templates = [name for name in vars(EventFormat) if name.endswith("_template")]
    assert len(templates) >= 8  # the pages' parts, the live home and TV, the print menu's parts
    for name in templates:
        get_template(getattr(event_format, name))  # exists and compiles
    assert event_format.division_kinds and event_format.moves


def test_each_division_kind_belongs_to_one_format():
    owners = [kind for key in formats.keys() for kind in formats.by_key(key).division_kinds]
    assert len(owners) == len(set(owners))
    for key in formats.keys():
        for kind in formats.by_key(key).division_kinds:
            assert formats.of_division_kind(kind).key == key
    assert formats.of_division_kind("no such kind") is None


def test_an_unknown_format_is_named_in_the_error():
    with pytest.raises(LookupError, match="bracket, tables"):
        formats.by_key("swiss")


@pytest.mark.django_db
def test_a_third_format_is_one_registry_line_away():
    with override_settings(MELDBOARD_FORMATS=THREE):
        assert ("quiz", "Quiz night") in TournamentForm().fields["format"].choices
        event = TournamentFactory(format="quiz", variant="rummikub")
        assert isinstance(formats.of(event), QuizNightFormat)
        event.full_clean()  # the model accepts the new key
