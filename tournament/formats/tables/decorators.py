import functools

from django.http import Http404

from tournament.core.decorators import tournament_view
from tournament.formats.tables import formats


def table_event_view(view):
    """tournament_view for table-round events only: a bracket event has no players or rounds pages."""

    @tournament_view
    @functools.wraps(view)
    def wrapper(request, tournament, *args, **kwargs):
        if not formats.is_table_event(tournament):
            raise Http404(f"{tournament.name} plays two divisions and a final, not table rounds.")
        return view(request, tournament, *args, **kwargs)

    return wrapper
