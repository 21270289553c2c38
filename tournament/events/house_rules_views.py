"""The house-rules page: the tournament's numbers, changed before the first hand is saved."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tournament.core import house_rules as numbers
from tournament.core.decorators import organizer_required, tournament_view
from tournament.events import house_rules


def _frozen_message():
    return _("A hand has been saved in this event, so its numbers are frozen: every game is scored by the "
             "numbers it started with. Nothing was changed.")


@organizer_required
@require_http_methods(["GET", "POST"])
@tournament_view
def page(request, tournament):
    frozen = numbers.is_frozen(tournament)
    form = house_rules.HouseRulesForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST":
        if frozen:
            messages.error(request, _frozen_message())
            status = 400
        elif form.is_valid():
            try:
                changes = house_rules.save(tournament, form.cleaned_data, request.user)
            except house_rules.Frozen:
                messages.error(request, _frozen_message())
                status = 400
            else:
                if changes:
                    messages.success(request, ngettext("House rules saved: %(count)s number changed.",
                                                       "House rules saved: %(count)s numbers changed.", len(changes))
                                     % {"count": len(changes)})
                else:
                    messages.info(request, _("Nothing was changed: every number is as it was."))
                return redirect("organizer:house_rules", slug=tournament.slug)
        else:
            status = 400
    context = {
        "tournament": tournament, "form": form, "frozen": frozen, "groups": numbers.groups(tournament),
        "has_borrowed": numbers.has_borrowed(tournament), "history": house_rules.history(tournament),
    }
    return render(request, "organizer/house_rules.html", context, status=status)
