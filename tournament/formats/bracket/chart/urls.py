from django.urls import path

from tournament.formats.bracket.chart import views

app_name = "brackets"
urlpatterns = [
    path("t/<slug:slug>/bracket/", views.overview, name="overview"),
    path("t/<slug:slug>/bracket/<str:kind>/", views.division, name="division"),
]
