"""URLs split by audience: public pages, organizer pages (login), table pages (secret token)."""

from django.contrib import admin
from django.urls import include, path

import config.converters  # noqa: F401  (registers the id and token converters first)
from tournament.accounts import urls as account_urls
from tournament.clubs import urls as club_urls
from tournament.core.language import switch_language
from tournament.live import views as live_views
from tournament.signups import urls as signup_urls
from tournament.site import health
from tournament.site.favicon import favicon

# The public pages of every event: the live home (whatever the format) and the sign-up pages.
public_pages = [path("t/<slug:slug>/", live_views.home, name="home"), *signup_urls.urlpatterns]

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("language/<str:code>/", switch_language, name="switch_language"),
    path("admin/", admin.site.urls),
    path("accounts/", include(account_urls.reset_patterns)),
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/", include("tournament.accounts.urls")),
    # organizer (login required)
    path("organizer/", include("tournament.events.urls")),
    path("organizer/", include("tournament.formats.bracket.draw.urls")),
    path("organizer/", include("tournament.gameday.urls")),
    path("organizer/", include("tournament.printing.urls")),
    path("organizer/", include("tournament.signups.urls_organizer")),
    path("organizer/clubs/", include(club_urls.organizer_patterns)),
    # table-round events: organizer pages under organizer/ and the public sign-up
    path("", include("tournament.formats.tables.urls")),
    # table (the token in the URL is the key)
    path("table/", include("scoring.urls_table")),
    path("table/", include("tournament.gameday.urls_table")),
    # public
    path("", include("scoring.urls_public")),
    path("", include("tournament.formats.bracket.chart.urls")),
    path("", include("tournament.live.urls")),
    path("clubs/<slug:slug>/", include("tournament.clubs.urls")),
    path("", include((public_pages, "public"))),
]

handler404 = "tournament.site.errors.not_found"  # the site's layout, and the way back to the tournament when known
