"""Routes of the accounts app, mounted by medseba/urls.py under /api/accounts/, /api/history/, /api/folders/, /api/notes/."""
from django.urls import path

from .auth_views import CsrfApi, LoginApi, LogoutApi, MeApi, PasswordApi, SignupApi
from .folder_views import FolderDetailApi, FolderListApi
from .history_views import HistoryDetailApi, HistoryListApi
from .note_views import NoteDetailApi, NoteListApi
from .preference_views import PreferencesApi
from .session_views import SessionApi
from .topic_views import TopicListApi

accounts_urls = [
    path("csrf/", CsrfApi.as_view(), name="accounts-csrf"),
    path("signup/", SignupApi.as_view(), name="accounts-signup"),
    path("login/", LoginApi.as_view(), name="accounts-login"),
    path("logout/", LogoutApi.as_view(), name="accounts-logout"),
    path("me/", MeApi.as_view(), name="accounts-me"),
    path("session/", SessionApi.as_view(), name="accounts-session"),
    path("password/", PasswordApi.as_view(), name="accounts-password"),
    path("topics/", TopicListApi.as_view(), name="accounts-topics"),
    path("preferences/", PreferencesApi.as_view(), name="accounts-preferences"),
]
history_urls = [
    path("", HistoryListApi.as_view(), name="history-list"),
    path("<str:search_id>/", HistoryDetailApi.as_view(), name="history-detail"),
]
folder_urls = [
    path("", FolderListApi.as_view(), name="folder-list"),
    path("<str:folder_id>/", FolderDetailApi.as_view(), name="folder-detail"),
]
note_urls = [
    path("", NoteListApi.as_view(), name="note-list"),
    path("<str:note_id>/", NoteDetailApi.as_view(), name="note-detail"),
]
