from django.urls import path

from .limits import SearchLimitsApi
from .views import SearchCreateApi, SearchDetailApi

urlpatterns = [
    path("", SearchCreateApi.as_view(), name="search-create"),
    path("limits/", SearchLimitsApi.as_view(), name="search-limits"),  # before <search_id>/, which would match it
    path("<str:search_id>/", SearchDetailApi.as_view(), name="search-detail"),
]
