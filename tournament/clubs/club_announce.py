"""The club's announcement, written by one of its organizers to every member who asked for e-mail at
sign-up to any of the club's events (tournament.mail.club_mail): each in their own language, once
each, sent by the worker; the page lists what the club's announcements sent, to whom, and what
failed. Nobody to send to is said, and nothing is sent. The one-click unsubscribe page is public."""


from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from tournament.clubs.views_organizer import club_organizer
from tournament.events import mail_log
from tournament.events.announce import AnnouncementForm
from tournament.mail import club_mail
from tournament.models import Club


@require_http_methods(["GET", "POST"])
@club_organizer
def page(request, club):
    count = len(club_mail.recipients(club))
    form = AnnouncementForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if count == 0:
            form.add_error(None, _("Nobody would get it: no member asked for e-mail when signing up to one of the club's "
                                   "events (or all stopped the club's announcements). Nothing was sent."))
        else:
            data = form.cleaned_data
            queued = club_mail.announce(club, subject=data["subject"], message=data["message"], number=data["key"],
                                        request=request)
            messages.success(request, ngettext("Announcement queued for %(count)d member.",
                                               "Announcement queued for %(count)d members.", queued) % {"count": queued}
                             if queued else _("This announcement was sent already."))
            return redirect("clubs_organizer:announce", club.slug)
    return render(request, "clubs/announce.html", {
        "club": club, "form": form, "count": count, **mail_log.listing(club_mail.sent(club)),
    }, status=400 if form.errors else 200)


@require_POST
@club_organizer
def retry(request, club, message_id: int):
    """A message the mail server refused for good, sent again (the address corrected at the server, say)."""
    if mail_log.send_again(club_mail.sent(club), message_id):
        messages.success(request, _("The message will be sent again in a moment."))
    else:
        messages.error(request, _("That message is not a failed one of this club (it may be on its way already)."))
    return redirect("clubs_organizer:announce", club.slug)


# The token is the key (signed: one club, one address): a mail program's one-click POST (RFC 8058)
# carries no CSRF cookie. A GET only asks, so a link scanner unsubscribes nobody.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, slug, token: str):
    club = get_object_or_404(Club, slug=slug)
    found = club_mail.read_token(token)
    if found is None or found[0] != club.pk:
        return render(request, "clubs/unsubscribe.html", {"club": club, "damaged": True}, status=400)
    email = found[1]
    if request.method == "POST":
        club_mail.stop(club, email)
    return render(request, "clubs/unsubscribe.html", {
        "club": club, "email": email, "damaged": False, "done": not club_mail.wanted(club, email)})
