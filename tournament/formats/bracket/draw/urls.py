from django.urls import path

from tournament.formats.bracket.draw import views

app_name = "draw"
urlpatterns = [
    path("t/<slug:slug>/draw/", views.page, name="page"),
    path("t/<slug:slug>/draw/<str:kind>/preview/", views.make_preview, name="preview"),
    path("t/<slug:slug>/draw/<str:kind>/publish/", views.publish, name="publish"),
    path("t/<slug:slug>/schedule/", views.schedule, name="schedule"),
]
