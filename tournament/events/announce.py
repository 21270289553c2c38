"""The organizer's announcement: one message to every entrant of the event who asked for e-mail at
sign-up (and has not stopped announcements), each with its own unsubscribe link, sent by the worker
(tournament.mail.entrants). Sent once however often the form is posted (its one-time key)."""

import secrets

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from tournament.core.decorators import organizer_required, tournament_view
from tournament.mail import entrants


class AnnouncementForm(forms.Form):
    """An announcement's subject and message; its one-time key makes a second post of it (a double tap,
    a retry) no second message. An event's and a club's (tournament.clubs.club_announce)."""

    subject = forms.CharField(label=gettext_lazy("Subject"), max_length=150)
    message = forms.CharField(label=gettext_lazy("Message"), max_length=5000, widget=forms.Textarea(attrs={"rows": 8}))
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["key"] = secrets.token_urlsafe(16)


@organizer_required
@require_http_methods(["GET", "POST"])
@tournament_view
def page(request, tournament):
    count = entrants.recipients(tournament, entrants.Kind.ANNOUNCEMENT)
    form = AnnouncementForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if count == 0:
            form.add_error(None, _("Nobody would get it: no entrant of this event asked for e-mail at sign-up (or all "
                                   "stopped announcements). Nothing was sent."))
        else:
            data = form.cleaned_data
            queued = entrants.announce(tournament, subject=f"{tournament.name}: {data['subject']}", message=data["message"],
                                       number=data["key"])
            messages.success(request, ngettext("Announcement queued for %(count)d person.",
                                               "Announcement queued for %(count)d people.", queued) % {"count": queued}
                             if queued else _("This announcement was sent already."))
            return redirect("organizer:mail_log", tournament.slug)
    return render(request, "organizer/announce.html", {"tournament": tournament, "form": form, "count": count},
                  status=400 if form.errors else 200)
