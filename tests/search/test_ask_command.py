"""manage.py ask: bad input exits non-zero with a sentence; no hits is a clear result, not an exception."""
import json

import pytest
from django.core.management import CommandError, call_command


@pytest.mark.parametrize(
    "args, message",
    [
        (["   "], "empty"),
        (["a" * 501], "limit is 500"),
        (["aspirin\x00"], "control characters"),
        (["aspirin", "--from-year", "2010", "--to-year", "2000"], "after the end year"),
        (["aspirin", "--pub-type", "horoscope"], "Unknown publication type"),
        (["aspirin", "--limit", "0"], "--limit"),
    ],
)
def test_bad_input_is_a_command_error(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("ask", *args)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_no_studies_found_is_a_done_result(capsys):
    call_command("ask", "Does zzqxv cure blorft?", "--source", "local", "--json")
    doc = json.loads(capsys.readouterr().out)
    assert doc["status"] == "done" and doc["source"] == "local"
    assert doc["papers"] == [] and doc["query"]["attempts"]
    assert doc["answer"]["verdict"]["label"] == "insufficient"
    assert doc["answer"]["text"] == (
        "The studies found don't settle this. No studies in this library look at zzqxv and blorft.")

    call_command("ask", "Does zzqxv cure blorft?", "--source", "local")
    assert "No studies found for" in capsys.readouterr().out
