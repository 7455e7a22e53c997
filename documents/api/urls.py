from django.urls import path

from .views import DocumentDetailApi, DocumentPdfApi

urlpatterns = [
    path("<str:pmid>/", DocumentDetailApi.as_view(), name="document-detail"),
    path("<str:pmid>/pdf", DocumentPdfApi.as_view(), name="document-pdf"),
]
