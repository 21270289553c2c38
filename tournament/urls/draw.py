from django.urls import path

from tournament.views import draw, results

app_name = "draw"
urlpatterns = [
    path("t/<slug:slug>/draw/", draw.page, name="page"),
    path("t/<slug:slug>/draw/<str:kind>/preview/", draw.make_preview, name="preview"),
    path("t/<slug:slug>/draw/<str:kind>/publish/", draw.publish, name="publish"),
    path("t/<slug:slug>/schedule/", draw.schedule, name="schedule"),
    path("t/<slug:slug>/games/<int:game_id>/", results.game_page, name="game"),
]
