"""HandForm, the one reading of a typed hand (the preview, the submit and the correction all use it):
what it accepts, how it words a typo, what it gives the engine."""

from types import SimpleNamespace

import pytest
from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import sample_hands as td
from scoring import sheet as sheets
from scoring.forms import NOBODY, HandForm, field_name
from scoring.models import Hand
from tests.scoring.games import make_game

FIELDS = sheets.entry_fields("baja-partners")
SIDES = [sheets.SideView(side=SimpleNamespace(slot=slot), name=name, players=[])
         for slot, name in ((1, "Ana & Bo"), (2, "Cy & Di"))]
SHEET = sheets.Entry(game=None, tournament=None, sides=SIDES, fields=FIELDS, saved=0)
NAMES = ["number", "key", "version", "entered_by", "went_out", "reason"] + [
    field_name(slot, f) for slot in (1, 2) for f in FIELDS
]
typed = st.one_of(
    st.sampled_from(["", " ", "0", "45", " 45 ", "1,235", "1_000", "45.0", "45.5", "-20", "+3", "abc", "1e3",
                     "1" * 13, "12345678901", "0.00 ", "٣", "1", "2", "3", NOBODY, "x" * 65, "10000", "10001"]),
    st.text(alphabet="0123456789 ,._-+a", max_size=14),
)


def bound(data: dict, **options) -> HandForm:
    query = QueryDict(mutable=True)
    for name, value in data.items():
        query[name] = value
    form = HandForm(query, sheet=SHEET, **options)
    form.is_valid()
    return form


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(st.sampled_from(NAMES), typed), correction=st.booleans(), organizer=st.booleans())
def test_any_typing_is_read_or_refused_with_a_message_never_an_exception(data, correction, organizer):
    form = bound(data, correction=correction, organizer=organizer)
    assert all(messages for messages in form.errors.values())
    if not form.errors:
        values = form.values()
        assert [set(v) for v in values] == [set(FIELDS) | {"went_out"}] * 2
        assert all(isinstance(v[f], int) for v in values for f in FIELDS)
        assert sum(v["went_out"] for v in values) <= 1


def test_a_typo_is_refused_with_the_side_and_field_named():
    data = {"number": "3", "key": "k", "entered_by": "1", "went_out": "2", field_name(2, "left_points"): "4o"}
    assert bound(data).errors == {field_name(2, "left_points"): ["Cy & Di: left points must be a whole number."]}


def test_a_clean_hand_gives_the_engine_every_field_of_every_side():
    data = {"number": "1", "key": "k", "entered_by": "2", "went_out": "1",
            field_name(1, "melded_points"): "1,235", field_name(2, "left_points"): " 45 "}
    form = bound(data)
    values = form.values()
    assert values[0]["melded_points"] == 1235 and values[0]["went_out"] is True
    assert values[1]["left_points"] == 45 and values[1]["went_out"] is False
    assert values[1]["melded_points"] == 0  # left blank
    assert form.entered_by_name() == "Cy & Di"


def test_the_organizer_is_not_asked_who_enters_and_a_correction_needs_a_reason():
    data = {"number": "1", "key": "k", "went_out": NOBODY}
    assert not bound(data, organizer=True).errors
    assert bound(data, organizer=True, correction=True).errors == {
        "reason": ["Say why the hand is corrected (a reason is required)."]
    }


@pytest.mark.django_db
def test_the_preview_and_the_submit_word_a_typo_alike(client, tournament, template_context):
    game = make_game(tournament)
    side = game.sides.get(slot=2).team.name
    data = td.form(1, [td.W1, dict(td.W2, left="14,5,")], out="1")
    data[field_name(2, "left_points")] = "1e3"
    message = f"{side}: left points must be a whole number."
    preview = client.post(f"/table/{game.table_token}/preview/", data, headers={"HX-Request": "true"})
    assert message in preview.content.decode()
    submitted = client.post(f"/table/{game.table_token}/hands/", data)
    assert submitted.status_code == 400 and submitted.context["form"].errors[field_name(2, "left_points")] == [message]
    assert not Hand.objects.exists()
