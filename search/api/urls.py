from django.urls import path

from .views import SearchCreateApi, SearchDetailApi

urlpatterns = [
    path("", SearchCreateApi.as_view(), name="search-create"),
    path("<str:search_id>/", SearchDetailApi.as_view(), name="search-detail"),
]
