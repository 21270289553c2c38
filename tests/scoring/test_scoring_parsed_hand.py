"""The preview and the submit read the hand with ParsedHand, the refusal page with HandForm: both must
accept, refuse and word every input the same, or a hand could preview fine and then be refused
(or be saved with a figure the page would have called wrong)."""

from types import SimpleNamespace

from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import sheet as sheets
from scoring.forms import NOBODY, HandForm, ParsedHand, field_name

FIELDS = sheets.entry_fields("baja-partners")
SHEET = SimpleNamespace(
    fields=FIELDS,
    sides=[SimpleNamespace(side=SimpleNamespace(slot=slot), name=name) for slot, name in ((1, "Ana & Bo"), (2, "Cy & Di"))],
)
NAMES = ["number", "key", "version", "entered_by", "went_out", "reason"] + [
    field_name(slot, f) for slot in (1, 2) for f in FIELDS
]
typed = st.one_of(
    st.sampled_from(["", " ", "0", "45", " 45 ", "1,235", "1_000", "45.0", "45.5", "-20", "+3", "abc", "1e3",
                     "1" * 13, "12345678901", "0.00 ", "٣", "1", "2", "3", NOBODY, "x" * 65, "10000", "10001"]),
    st.text(alphabet="0123456789 ,._-+a", max_size=14),
)


def _both(data: dict, **options):
    query = QueryDict(mutable=True)
    for name, value in data.items():
        query[name] = value
    form = HandForm(query, sheet=SHEET, **options)
    form.is_valid()
    return form, ParsedHand(query, sheet=SHEET, **options)


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(st.sampled_from(NAMES), typed), correction=st.booleans(), organizer=st.booleans())
def test_parsed_hand_reads_every_input_as_the_form_does(data, correction, organizer):
    form, parsed = _both(data, correction=correction, organizer=organizer)
    assert {k: list(v) for k, v in form.errors.items()} == parsed.errors
    assert form.cleaned_data == parsed.cleaned_data
    if not parsed.errors:
        assert parsed.values() == form.values()
        assert parsed.entered_by_name() == form.entered_by_name()


def test_a_typo_is_refused_with_the_side_and_field_named():
    data = {"number": "3", "key": "k", "entered_by": "1", "went_out": "2", field_name(2, "left_points"): "4o"}
    _, parsed = _both(data)
    assert parsed.errors == {field_name(2, "left_points"): ["Cy & Di: left points must be a whole number."]}


def test_a_clean_hand_gives_the_engine_every_field_of_every_side():
    data = {"number": "1", "key": "k", "entered_by": "2", "went_out": "1",
            field_name(1, "melded_points"): "1,235", field_name(2, "left_points"): " 45 "}
    _, parsed = _both(data)
    values = parsed.values()
    assert values[0]["melded_points"] == 1235 and values[0]["went_out"] is True
    assert values[1]["left_points"] == 45 and values[1]["went_out"] is False
    assert set(values[0]) == set(FIELDS) | {"went_out"}
    assert parsed.entered_by_name() == "Cy & Di"
