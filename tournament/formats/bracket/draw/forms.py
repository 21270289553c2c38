"""What the draw and schedule pages read from a request: the preview's seed, the preview to publish
(one of this division's own), and each round's start and each game's table."""

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.form_fields import RowField, SeedField
from tournament.models import DrawRecord

LOCAL_INPUT = "%Y-%m-%dT%H:%M"  # what a datetime-local input sends


class PreviewForm(forms.Form):
    seed = SeedField()
    override = forms.BooleanField(required=False)
    seeded = forms.BooleanField(required=False)


class PublishForm(forms.Form):
    draw = RowField(
        DrawRecord.objects.none(), label=gettext_lazy("Draw"),
        error_messages={"required": gettext_lazy("choose the preview to publish."),
                        "invalid_choice": gettext_lazy("that is not a preview of this division; draw again and publish that.")},
    )
    override = forms.BooleanField(required=False)

    def __init__(self, data, *, tournament, kind: str):
        super().__init__(data)
        self.fields["draw"].queryset = DrawRecord.objects.filter(division__tournament=tournament, division__kind=kind)


class LocalStartField(forms.CharField):
    """A round's start typed in the tournament's local time (the picker's “2026-03-11T10:00”)."""

    def __init__(self, *, tz, **kwargs):
        super().__init__(error_messages={"required": gettext_lazy("a start time is required.")}, **kwargs)
        self.tz = tz

    def clean(self, value):
        text = self.to_python(value)
        self.validate(text)
        self.run_validators(text)  # on the text (NUL bytes, max_length), not on the number
        if not text:
            return None
        try:
            naive = dt.datetime.strptime(text, LOCAL_INPUT)
        except ValueError:
            raise ValidationError(_("“%(text)s” is not a date and time (use the picker, e.g. 2026-03-11 10:00).")
                                  % {"text": text}, code="invalid")
        return naive.replace(tzinfo=self.tz).astimezone(dt.timezone.utc)


class TableNumberField(forms.IntegerField):
    """A game's table: empty (none yet) or a whole number from 1 to 999; a refusal repeats what was typed."""

    def __init__(self, **kwargs):
        super().__init__(required=False, min_value=1, max_value=999, **kwargs)

    def clean(self, value):
        try:
            return super().clean(value)
        except ValidationError:
            raise ValidationError(_("the table number must be a whole number from 1 to 999, not “%(value)s”.")
                                  % {"value": value}, code="invalid")


class ScheduleForm(forms.Form):
    """One start per round and one table per game still to be played, named as the page shows them."""

    def __init__(self, data, *, tournament, rounds):
        super().__init__(data)
        for rnd in rounds:
            label = f"{rnd.division.title}, {rnd}"
            self.fields[f"round-{rnd.pk}"] = LocalStartField(tz=tournament.tz, label=label)
            for game in rnd.game_rows:
                if game.editable:
                    game_label = _("%(round)s, game %(number)s") % {"round": label, "number": game.number}
                    self.fields[f"table-{game.pk}"] = TableNumberField(label=game_label)
