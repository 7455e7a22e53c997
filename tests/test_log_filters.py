import logging

from medseba.log_filters import RedactAnonymousIds


def test_anonymous_id_in_a_request_path_is_blanked():
    token = "Abc_-" * 8 + "xyz"  # 43 characters, like secrets.token_urlsafe(32)
    record = logging.LogRecord("django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/api/searches/{token}/",), None)
    RedactAnonymousIds().filter(record)
    assert token not in record.getMessage()
    assert record.getMessage() == "Not Found: /api/searches/<anonymous>/"


def test_uuid_paths_are_left_alone():
    path = "/api/searches/0b6f2c1e-8f7a-4a59-9a77-1f7f1d6c2b10/"
    record = logging.LogRecord("django.request", logging.WARNING, __file__, 1, "Not Found: %s", (path,), None)
    RedactAnonymousIds().filter(record)
    assert record.getMessage() == f"Not Found: {path}"
