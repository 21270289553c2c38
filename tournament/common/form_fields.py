"""Form fields shared by the organizer's forms, in the words a club secretary uses.

A length of time (a game's limit, the wait for a late team) is typed as hours and minutes in two
boxes, never as “02:30:00”: one field and one widget for every form that asks for one.
"""

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

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
        if not (text.isascii() and text.isdigit()) or int(text) > largest:
            values = {"field": self.label, "largest": largest, "text": text}
            if unit == "hours":
                message = _("%(field)s: hours must be 0–%(largest)s, not “%(text)s”.")
            else:
                message = _("%(field)s: minutes must be 0–%(largest)s, not “%(text)s”.")
            raise ValidationError(message % values, code="invalid")
        return int(text)

    def compress(self, data_list):  # clean() above builds the value itself
        raise NotImplementedError
