"""The hand form: per side, the fields its variant uses; one "who went out" choice per hand.

The form only reads what was typed (whole numbers, a side or nobody); what the rules allow is the
engine's to say. Its errors and the engine's are both shown at the field they name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import sheet as sheets
from scoring.rules_text import label_text, problem_text
from tournament.common.typed_points import problem_message, read_points

NOBODY = "nobody"
MAX_TYPED = 12  # longer than any real figure; beyond it a number is a typo
MAX_VERSION = 100_000  # far more corrections than a hand gets; keeps the number inside every database's integer
OLD_PAGE = gettext_lazy("This form came from an old or damaged page; reload the page and enter it again.")


class DigitsField(forms.IntegerField):
    """A whole number in the digits 0–9 only. Python's int() also reads other scripts' digits, and
    "²" passes str.isdigit(); neither is what a scorer meant to type, so both get the field's message."""

    default_error_messages = {"too_long": gettext_lazy("That number is far too long.")}

    def to_python(self, value):
        if isinstance(value, str):
            if not value.isascii():
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            if len(value.strip()) > MAX_TYPED:  # past any real figure, and past some databases' integers
                raise forms.ValidationError(self.error_messages["too_long"], code="too_long")
        return super().to_python(value)


def page_number(**kwargs) -> DigitsField:
    """A number the page itself sent (a hidden field): any fault means the page is old or damaged."""
    messages = {k: OLD_PAGE for k in ("invalid", "too_long", "min_value", "max_value", "required")}
    return DigitsField(widget=forms.HiddenInput, error_messages=messages, **kwargs)


class LooseIntegerField(forms.Field):
    """Points as people type them on a phone: "10.000", "10,000", "10 000", " 45 " and "" (= 0) are
    fine; "10.5" is refused with the reading offered (tournament.common.typed_points)."""

    def __init__(self, *, side_name: str, label: str, attrs: dict | None = None, **kwargs):
        self.side_name = side_name
        # The widget class, not an instance: Field deep-copies an instance, and a hand form has
        # a field per side and figure on every preview.
        super().__init__(required=False, label=label, widget=forms.TextInput, **kwargs)
        self.widget.attrs.update(attrs or {})

    def to_python(self, value):
        typed = read_points(value)
        if typed.problem:
            where = _("%(side)s: %(field)s") % {"side": self.side_name, "field": str(self.label).lower()}
            named = {"side": self.side_name, "field": str(self.label).lower()}
            if typed.problem == "invalid":
                message = _("%(side)s: %(field)s must be a whole number.") % named
            elif typed.problem == "too_long":
                digits = sum(c.isdigit() for c in str(value))
                message = _("%(side)s: %(field)s is far too long a number (%(digits)s digits).") % {**named, "digits": digits}
            else:
                message = problem_message(typed, value, where=where)
            raise forms.ValidationError(message, code=typed.problem)
        return 0 if typed.value is None else typed.value


def field_name(slot: int, field: str) -> str:
    return f"s{slot}_{field}"


class HandForm(forms.Form):
    number = page_number(min_value=1, max_value=10_000)
    key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False,
                          error_messages={"max_length": OLD_PAGE, "null_characters_not_allowed": OLD_PAGE})
    version = page_number(required=False, min_value=1, max_value=MAX_VERSION)
    entered_by = forms.ChoiceField(label=gettext_lazy("Who is entering"), widget=forms.RadioSelect)
    went_out = forms.ChoiceField(label=gettext_lazy("Who went out"), widget=forms.RadioSelect)

    def __init__(self, *args, sheet: sheets.Sheet | sheets.Entry, correction: bool = False, organizer: bool = False,
                 absent: list[bool] | None = None, **kwargs):
        """`absent`: which sides took no part in the hand (a correction: as the hand was saved);
        by default the sides seat_state says take no part in the next hand. An absent side is asked
        nothing, keeps no score and does not go out (RULES-DECISIONS S1)."""
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        self.correction = correction
        self.absent = list(absent) if absent is not None else [v.absent for v in sheet.sides]
        self.absent += [False] * (len(sheet.sides) - len(self.absent))
        playing = [v for v, away in zip(sheet.sides, self.absent) if not away]
        choices = [(str(v.side.slot), v.name) for v in playing]
        self.fields["went_out"].choices = choices + [(NOBODY, _("Nobody"))]
        self.fields["went_out"].error_messages["required"] = _("Choose who went out (or nobody).")
        if organizer:
            del self.fields["entered_by"]
        else:
            self.fields["entered_by"].choices = choices
            self.fields["entered_by"].error_messages["required"] = _("Choose which side is entering the hand.")
        if correction:
            self.fields["reason"] = forms.CharField(
                label=_("Why the correction"), max_length=200,
                error_messages={"required": _("Say why the hand is corrected (a reason is required).")},
                widget=forms.TextInput(attrs={"placeholder": _("e.g. left points miscounted")}),
            )
        self.side_rows = []
        labels = {f: str(sheets.FIELD_LABELS.get(f, f.replace("_", " "))) for f in sheet.fields}
        for view in playing:
            names = []
            for f in sheet.fields:
                name = field_name(view.side.slot, f)
                point = f in sheets.POINT_FIELDS
                attrs = {"inputmode": "numeric", "autocomplete": "off", "class": "points" if point else "count"}
                if point:
                    attrs["placeholder"] = "0"
                self.fields[name] = LooseIntegerField(side_name=view.name, label=labels[f], attrs=attrs,
                                                      initial=None if point else 0)
                names.append(name)
            self.side_rows.append((view, names))

    def side_fields(self):
        """[(side view, [bound fields])] for the template, with the field kind for its widget."""
        return [
            (view, [(self[n], n.split("_", 1)[1]) for n in names]) for view, names in self.side_rows
        ]

    def absent_views(self) -> list:
        """The sides absent from this hand (listed on the form, asked nothing)."""
        return [v for v, away in zip(self.sheet.sides, self.absent) if away]

    def _every_side(self, entries: dict) -> list[dict]:
        """One entry per side of the sheet, in slot order: an absent side's is {"absent": True}."""
        return [{"absent": True} if away else entries[view.side.slot] for view, away in zip(self.sheet.sides, self.absent)]

    def values(self) -> list[dict]:
        """Per side (in slot order) the engine's fields; call after is_valid()."""
        data = self.cleaned_data
        out = data.get("went_out")
        entries = {}
        for view, names in self.side_rows:
            entry = {n.split("_", 1)[1]: data.get(n, 0) for n in names}
            entry["went_out"] = out == str(view.side.slot)
            entries[view.side.slot] = entry
        return self._every_side(entries)

    def readable_values(self) -> list[dict]:
        """Like values(), on a form with typing errors: a field the form refused is left out (the
        engine then says it is missing, which problems_besides_typing drops), so the engine can
        report every other problem of the hand at the same time (RULES §7)."""
        data = self.cleaned_data
        out = data.get("went_out")
        entries = {}
        for view, names in self.side_rows:
            entry = {n.split("_", 1)[1]: data[n] for n in names if n in data}
            entry["went_out"] = out == str(view.side.slot)
            entries[view.side.slot] = entry
        return self._every_side(entries)

    def problems_besides_typing(self, errors: list[dict]) -> list[dict]:
        """The engine's errors about what the form has not refused already."""
        return [e for e in errors if self._target(e) not in self.errors]

    def entered_by_name(self) -> str:
        slot = self.cleaned_data.get("entered_by")
        view = next((v for v in self.sheet.sides if str(v.side.slot) == slot), None)
        return view.name if view else ""

    def entered_by_slot(self) -> int | None:
        """The side the phone says is entering (a choice among the sides' slots), None for the organizer."""
        slot = self.cleaned_data.get("entered_by")
        return int(slot) if slot else None

    def add_engine_errors(self, errors: list[dict]) -> None:
        """Show each refusal at the field it names (the side's own input), else above the form."""
        for error in errors:
            target = self._target(error)
            message = problem_text(error)
            if target and target in self.errors and message in self.errors[target]:
                continue
            self.add_error(target, message)

    def live_names(self) -> list[str]:
        """The fields a live problem may be shown next to (each has its slot in the form)."""
        names = [n for _view, ns in self.side_rows for n in ns] + ["went_out"]
        return names + (["reason"] if "reason" in self.fields else [])

    def target(self, error: dict) -> str | None:
        return self._target(error)

    def _target(self, error: dict) -> str | None:
        """The form field an engine error names (None: the hand as a whole)."""
        slot = next((v.side.slot for v in self.sheet.sides if v.name == error.get("side")), None)
        field = error.get("field")
        if field == "went_out":
            return "went_out"
        if field == "reason" and "reason" in self.fields:
            return "reason"
        if slot is not None and field and field_name(slot, field) in self.fields:
            return field_name(slot, field)
        return None


def initial_from_hand(hand, sheet: sheets.Sheet) -> dict:
    """Form data that shows a saved hand as it stands (for a correction)."""
    initial = {"number": hand.number, "version": hand.version, "went_out": NOBODY}
    for view, entry in zip(sheet.sides, hand.entries):
        for f in sheet.fields:
            initial[field_name(view.side.slot, f)] = entry.get(f, 0)
        if entry.get("went_out"):
            initial["went_out"] = str(view.side.slot)
    return initial


class ConfirmForm(forms.Form):
    """A confirmation from the sheet: the hand's version as the page showed it and, at the table, the
    side that confirms and whether the phone was handed over to it (see scoring.hands.confirm)."""

    version = page_number(min_value=1, max_value=MAX_VERSION)
    side = forms.ChoiceField(error_messages={"required": gettext_lazy("Choose which side confirms the hand."),
                                             "invalid_choice": gettext_lazy("Choose which side confirms the hand.")})
    handover = forms.BooleanField(required=False)

    def __init__(self, *args, sheet: sheets.Sheet, organizer: bool = False, absent: list[bool] | None = None, **kwargs):
        """`absent`: the sides that took no part in the hand: an absent player never confirms it."""
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        if organizer:
            del self.fields["side"]
        else:
            away = list(absent or []) + [False] * len(sheet.sides)
            self.fields["side"].choices = [(str(v.side.slot), v.name) for v, a in zip(sheet.sides, away) if not a]

    def side_view(self) -> sheets.SideView | None:
        slot = self.cleaned_data.get("side")
        return next((v for v in self.sheet.sides if str(v.side.slot) == slot), None)

    def message(self) -> str:
        """The first thing wrong, in words for the table (call after is_valid())."""
        return next(m for ms in self.errors.values() for m in ms)


class CountForm(forms.Form):
    """The card-count helper: counts per card class for one side's melded or left points."""

    MAX = sheets.MAX_CARD_COUNT

    def __init__(self, *args, classes: list[tuple[str, int]], **kwargs):
        super().__init__(*args, **kwargs)
        self.classes = classes
        for i, (label, _value) in enumerate(classes):
            named = {"label": label_text(label)}
            too_many = _("Count of %(label)s is more cards than the decks hold.") % named
            self.fields[f"c{i}"] = DigitsField(
                required=False, min_value=0, max_value=self.MAX, label=label_text(label),
                error_messages={"invalid": _("Count of %(label)s must be a whole number.") % named,
                                "min_value": _("Count of %(label)s cannot be negative.") % named,
                                "max_value": too_many, "too_long": too_many},
            )

    def counts(self) -> list[int]:
        return [self.cleaned_data.get(f"c{i}") or 0 for i in range(len(self.classes))]
