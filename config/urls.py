"""URLs split by audience: public pages, organizer pages (login), table pages (secret token)."""

from django.contrib import admin
from django.urls import include, path

from tournament.views import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    # organizer (login required)
    path("organizer/", include("tournament.urls.organizer")),
    path("organizer/", include("tournament.urls.draw")),
    path("organizer/", include("tournament.urls.gameday")),
    path("organizer/", include("tournament.urls.printing")),
    path("organizer/", include("tournament.urls.operations")),
    # table (the token in the URL is the key)
    path("table/", include("scoring.urls")),
    path("table/", include("tournament.urls.gameday_table")),
    # public
    path("", include("scoring.urls_public")),
    path("", include("tournament.urls.brackets")),
    path("", include("tournament.urls.public")),
]
