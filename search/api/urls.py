from django.urls import path, re_path

from .exports import SearchExportApi
from .limits import SearchLimitsApi
from .living import SearchChangesApi, SearchRerunApi, SearchScheduleApi
from .views import SearchCreateApi, SearchDetailApi

urlpatterns = [
    path("", SearchCreateApi.as_view(), name="search-create"),
    path("limits/", SearchLimitsApi.as_view(), name="search-limits"),  # before <search_id>/, which would match it
    path("<str:search_id>/", SearchDetailApi.as_view(), name="search-detail"),
    re_path(r"^(?P<search_id>[^/]+)/export/?$", SearchExportApi.as_view(), name="search-export"),
    path("<str:search_id>/rerun/", SearchRerunApi.as_view(), name="search-rerun"),
    path("<str:search_id>/changes/", SearchChangesApi.as_view(), name="search-changes"),
    path("<str:search_id>/schedule/", SearchScheduleApi.as_view(), name="search-schedule"),
]
