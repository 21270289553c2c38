"""Reading a request through a Django form, the one way views take ids, numbers and text from it.

The forms look ids up among the tournament's own rows and bound numbers with the fields of
tournament.common.form_fields (RowField, IdField, IdListField, WholeNumberField: digits 0–9 only,
checked before int() and within the database's integers) and refuse text with a NUL byte
(PostgreSQL cannot store one), so no input reaches a query it can break. A form that does not validate becomes one ValidationError
whose messages each name their field — the same exception the services raise when they refuse
something, so a view answers both the same way and changes nothing.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def error_messages(form: forms.Form, only=None) -> list[str]:
    """Every error of a bound form (of the fields named in `only`, if given), each led by its
    field's label (“Team: pick one of …”)."""
    found = []
    for name, errors in form.errors.items():
        if only is not None and name not in only:
            continue
        label = form[name].label if name in form.fields else ""
        found += [_("%(field)s: %(message)s") % {"field": label, "message": message} if label else message
                  for message in errors]
    return found


def cleaned(form: forms.Form) -> dict:
    """The form's cleaned data, or a ValidationError naming what is wrong."""
    if not form.is_valid():
        raise ValidationError(error_messages(form))
    return form.cleaned_data
