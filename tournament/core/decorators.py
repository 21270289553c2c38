import functools

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import Tournament


def tournament_view(view):
    """Look the tournament up by `slug` (404 if unknown) and render in its time zone.

    Every date a template or table prints then reads in the tournament's local time.
    """

    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        with timezone.override(tournament.tz):
            return view(request, tournament, *args, **kwargs)

    return wrapper


def not_an_organizer(name: str) -> PermissionDenied:
    """The refusal templates/403.html shows: whose tournament it is not."""
    return PermissionDenied(
        _("You are not an organizer of “%(name)s”. Ask one of its organizers to add you.") % {"name": name})


def require_organizer(user, tournament: Tournament) -> None:
    """For views that find the tournament through a game or a token rather than the URL's slug."""
    if not tournament.is_run_by(user):
        raise not_an_organizer(tournament.name)


def organizer_required(view):
    """Every organizer page and action of one tournament (the URL's `slug`): log-in first (anonymous
    visitors go to the log-in page), then the user must run it (Tournament.objects.run_by), else 403.

    Stack it outermost, in place of login_required, so a refusal comes before anything is read
    or written; `tournament_view` below it still hands the view the tournament."""

    @login_required
    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not Tournament.objects.run_by(request.user).filter(slug=slug).exists():
            name = Tournament.objects.filter(slug=slug).values_list("name", flat=True).first()
            if name is None:
                raise Http404(_("No such tournament."))
            raise not_an_organizer(name)
        return view(request, slug, *args, **kwargs)

    wrapper.organizer_only = True  # read by tests/test_organizer_urls.py; functools.wraps carries it outwards
    return wrapper
