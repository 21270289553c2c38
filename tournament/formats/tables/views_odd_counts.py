"""The partner draw's way forward for an odd player out: the organizer adds a substitute to pair
with them (tournament.formats.tables.odd_counts says who is left over and why)."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournament.core.decorators import organizer_required
from tournament.formats.tables import signups
from tournament.formats.tables.decorators import table_event_view
from tournament.formats.tables.views_rounds import _partners_page


class SubstituteForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Substitute's name"), max_length=200, required=False)
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)


@organizer_required
@require_POST
@table_event_view
def add_substitute(request, tournament):
    form = SubstituteForm(request.POST)
    form.is_valid()
    data = form.cleaned_data
    try:
        added = signups.register(tournament, name=data.get("name", ""), submission_key=data.get("submission_key") or None,
                                 late=True)
    except ValidationError as exc:
        words = exc.message_dict if hasattr(exc, "error_dict") else {"name": exc.messages}
        return _partners_page(request, tournament, error=" ".join(m for ms in words.values() for m in ms), status=400)
    messages.success(request, _("Added %(name)s as a substitute: everyone waiting can now be paired. Draw the partners.")
                     % {"name": added[0].name})
    return redirect("tables:partners", slug=tournament.slug)
