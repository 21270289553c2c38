"""Form fields shared by the organizer's forms, in the words a club secretary uses.

A length of time (a game's limit, the wait for a late team) is typed as hours and minutes in two
boxes, never as “02:30:00”: one field and one widget for every form that asks for one.

Every id and number a view reads from a request goes through the fields at the end (a bounded
whole number, a row's id, a list of ids, a row among a queryset's), so no text reaches int() or a
query unchecked.
"""

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.common import seeds
from tournament.common.typed_points import problem_message, read_points

UNITS = ("hours", "minutes")
UNIT_WORDS = {"hours": gettext_lazy("hours"), "minutes": gettext_lazy("minutes")}


class HoursMinutesWidget(forms.MultiWidget):
    """Two number boxes, each with its own visible label (“2 hours 30 minutes”)."""

    use_fieldset = True  # the field's label becomes the legend of the two boxes

    def __init__(self, *, max_hours: int, attrs=None):
        boxes = {
            "hours": forms.NumberInput(attrs={"min": 0, "max": max_hours, "step": 1, "inputmode": "numeric"}),
            "minutes": forms.NumberInput(attrs={"min": 0, "max": 59, "step": 1, "inputmode": "numeric"}),
        }
        super().__init__(boxes, attrs={"class": "hm-box", **(attrs or {})})

    def decompress(self, value):
        if isinstance(value, dt.timedelta):
            whole_minutes = int(value.total_seconds() // 60)
            return [whole_minutes // 60, whole_minutes % 60]
        return [None, None]

    def render(self, name, value, attrs=None, renderer=None):
        boxes = self.get_context(name, value, attrs)["widget"]["subwidgets"]
        parts = (
            (widget.render(box["name"], box["value"], box["attrs"], renderer), box["attrs"].get("id", ""), UNIT_WORDS[unit])
            for widget, box, unit in zip(self.widgets, boxes, UNITS)
        )
        return format_html(
            '<span class="hours-minutes">{}</span>',
            format_html_join(" ", '<span class="hm-part">{} <label for="{}">{}</label></span>', parts),
        )


class HoursMinutesField(forms.MultiValueField):
    """A length of time typed as hours and minutes; every refusal names the field (“Game length: …”)."""

    widget = HoursMinutesWidget

    def __init__(self, *, max_hours: int = 24, min_minutes: int = 0, **kwargs):
        self.max_hours, self.min_minutes = max_hours, min_minutes
        kwargs.setdefault("widget", HoursMinutesWidget(max_hours=max_hours))
        parts = (forms.IntegerField(required=False), forms.IntegerField(required=False))
        super().__init__(parts, require_all_fields=False, **kwargs)

    def clean(self, value):
        if isinstance(value, dt.timedelta):
            return value  # a disabled (locked) field: the browser sends nothing and it keeps its length
        hours_text, minutes_text = (list(value) + ["", ""])[:2] if isinstance(value, (list, tuple)) else ("", "")
        hours_text, minutes_text = (str(text if text is not None else "").strip() for text in (hours_text, minutes_text))
        if not hours_text and not minutes_text:
            if self.required:
                raise ValidationError(_("%(field)s: type the hours and the minutes (e.g. 2 and 30).") % {"field": self.label},
                                      code="required")
            return None
        hours = self._whole_number(hours_text, "hours", self.max_hours)
        minutes = self._whole_number(minutes_text, "minutes", 59)
        length = dt.timedelta(hours=hours, minutes=minutes)
        if length < dt.timedelta(minutes=self.min_minutes):
            raise ValidationError(
                ngettext("%(field)s: at least %(count)s minute.", "%(field)s: at least %(count)s minutes.", self.min_minutes)
                % {"field": self.label, "count": self.min_minutes}, code="too_short"
            )
        self.run_validators(length)
        return length

    def _whole_number(self, text: str, unit: str, largest: int) -> int:
        if not text:
            return 0  # “2 hours” with the minutes left empty is 2 hours
        number = whole_number(text, smallest=0, largest=largest)
        if number is None:
            values = {"field": self.label, "largest": largest, "text": shown(text)}
            if unit == "hours":
                message = _("%(field)s: hours must be 0–%(largest)s, not “%(text)s”.")
            else:
                message = _("%(field)s: minutes must be 0–%(largest)s, not “%(text)s”.")
            raise ValidationError(message % values, code="invalid")
        return number

    def compress(self, data_list):  # clean() above builds the value itself
        raise NotImplementedError


# ---- ids and numbers from a request -------------------------------------------------------------
# Every id and number a view reads goes through one of these. The text is checked before Python
# reads it: int() takes other scripts' digits ("١٢" is 12), refuses more than 4,300 digits with an
# error of its own, and a number past 64 bits overflows the database's integer columns.

BIGGEST_ID = 2**63 - 1  # the largest 64-bit primary key (as config.converters.IdConverter)
SHOWN_CHARACTERS = 24  # how much of a refused text a message repeats


def shown(text) -> str:
    """What was typed, as a message repeats it: cut short if it is long, a control character (a NUL
    byte) as “�”."""
    text = "".join(c if c.isprintable() else "�" for c in str(text)[:SHOWN_CHARACTERS + 1])
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "…"


def whole_number(text, *, smallest: int, largest: int) -> int | None:
    """`text` as a whole number from `smallest` to `largest` (digits 0–9, an optional minus sign),
    or None when it is anything else; never reads more digits than `largest` has."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if smallest <= text <= largest else None
    text = str(text).strip() if isinstance(text, str) else ""
    digits = text[1:] if text.startswith("-") else text
    if not digits or not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(max(abs(smallest), largest))):
        return None
    number = int(text)
    return number if smallest <= number <= largest else None


def refuse_nul(value) -> None:
    """Django's own refusal of a NUL byte (PostgreSQL cannot store one), the same words as every text field."""
    if "\x00" in str(value):
        validator = ProhibitNullCharactersValidator()
        raise ValidationError(validator.message, code=validator.code)


class WholeNumberField(forms.IntegerField):
    """A whole number from `min_value` to `max_value`, typed in the digits 0–9; one message for any
    fault, naming the range and repeating (the start of) what was typed."""

    default_error_messages = {"invalid": gettext_lazy("a whole number from %(smallest)s to %(largest)s, not “%(text)s”.")}

    def __init__(self, *, min_value: int, max_value: int, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        refuse_nul(value)
        number = whole_number(value, smallest=self.min_value, largest=self.max_value)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid", params={
                "smallest": self.min_value, "largest": self.max_value, "text": shown(value)})
        return number


class PointsField(WholeNumberField):
    """Points in a form box, read as people write them (tournament.common.typed_points): "10.000",
    "10,000" and "10 000" are ten thousand; "10.5" is refused with the reading offered."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        refuse_nul(value)
        typed = read_points(value)
        if typed.problem not in ("", "invalid", "too_long"):  # a reason to name: "10k", "1.000,5", "10.5"
            raise ValidationError(problem_message(typed, value, where=str(self.label)), code=typed.problem)
        if typed.value is None or not self.min_value <= typed.value <= self.max_value:
            raise ValidationError(self.error_messages["invalid"], code="invalid", params={
                "smallest": self.min_value, "largest": self.max_value, "text": shown(value)})
        return typed.value


class IdField(WholeNumberField):
    """A row's id the page sent (a hidden field or a button's value): 1 to 2**63 - 1."""

    default_error_messages = {"invalid": gettext_lazy("“%(text)s” is not one of the ids this page offers; reload the page.")}

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.HiddenInput)
        super().__init__(min_value=1, max_value=BIGGEST_ID, **kwargs)


class IdListField(forms.Field):
    """Several rows' ids (checkboxes or repeated hidden fields), each as IdField reads it."""

    widget = forms.MultipleHiddenInput
    default_error_messages = IdField.default_error_messages

    def to_python(self, value):
        if value in self.empty_values:
            return []
        values = value if isinstance(value, (list, tuple)) else [value]
        found = []
        for text in values:
            refuse_nul(text)
            number = whole_number(text, smallest=1, largest=BIGGEST_ID)
            if number is None:
                raise ValidationError(self.error_messages["invalid"], code="invalid", params={"text": shown(text)})
            found.append(number)
        return found


class RowField(forms.ModelChoiceField):
    """One of the rows in `queryset`, named by its id. Text that cannot be an id is refused before any
    query (ModelChoiceField alone would read "١٢" as 12) with the field's "invalid" message, else its
    "invalid_choice" one, which also answers an id that names no row of the queryset."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        refuse_nul(value)
        if whole_number(value, smallest=1, largest=BIGGEST_ID) is None and not isinstance(value, self.queryset.model):
            message = self.error_messages.get("invalid", self.error_messages["invalid_choice"])
            raise ValidationError(message, code="invalid", params={"value": shown(value)})
        return super().to_python(value)


# ---- draw numbers ---------------------------------------------------------------------------------

def seed_refusal(exc: seeds.SeedError) -> str:
    """The refusal of a typed draw number (tournament.common.seeds), in the page's language."""
    params = {**exc.params}
    if "largest" in params:
        params["largest"] = number_format(params["largest"], force_grouping=True)
    refusals = {
        "empty": _("Type a draw number (a whole number) or leave the box empty for a new one by lot."),
        "negative": _("The draw number must not be negative: “%(seed)s”."),
        "not_number": _("The draw number must be a whole number such as 48213; “%(seed)s” is not."),
        "not_whole": _("The draw number must be a whole number, not %(seed)s."),
        "out_of_range": _("The draw number must be a whole number from 0 to %(largest)s; %(seed)s is not."),
    }
    return refusals[exc.code] % params if exc.code in refusals else str(exc)


class SeedField(forms.CharField):
    """A draw number as typed ("48,213"), read by the draw's own rules: a whole number from 0 to
    seeds.MAX_SEED, or None (empty) for a new one by lot. Every refusal is the draw's words."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", gettext_lazy("Draw number"))
        super().__init__(required=False, **kwargs)

    def clean(self, value):
        text = self.to_python(value)
        self.validate(text)
        self.run_validators(text)  # on the text (NUL bytes, max_length), not on the number
        if not text:
            return None
        try:
            return seeds.parse_seed(text)
        except seeds.SeedError as exc:
            raise ValidationError(seed_refusal(exc), code=exc.code) from None
