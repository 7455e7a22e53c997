"""`manage.py evaluate`: data it cannot use is refused with one clear sentence, never a traceback."""
from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import DATA


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ('{"a": 1}\n', "unrecognised stance data: the first row has fields ['a']"),
        ('{"prompt_id": 1, "intervention": "x", "majority_label": "no significant difference"}\n',
         "Evidence Inference prompts need their abstracts"),  # scored as the comparison task, with abstracts.jsonl
        ("", "has 0 examples; need at least 10 for 5-fold CV"),
    ],
)
def test_unusable_stance_data_is_refused_with_a_sentence(tmp_path, rows, message):
    path = tmp_path / "data.jsonl"
    path.write_text(rows)
    with pytest.raises(CommandError, match="^evaluate stance: ") as err:
        call_command("evaluate", "stance", "--data", str(path))
    assert message in str(err.value)


def test_a_folder_without_a_stance_file_names_what_it_looked_for(tmp_path):
    with pytest.raises(CommandError, match="holds none of dev.jsonl, corpus.jsonl.gz"):
        call_command("evaluate", "stance", "--data", str(tmp_path))


def test_a_missing_path_and_an_unknown_evaluation_are_refused():
    with pytest.raises(CommandError, match="does not exist"):
        call_command("evaluate", "stance", "--data", "/nonexistent/dev.jsonl")
    with pytest.raises(CommandError, match="unknown evaluation 'nothing'"):
        call_command("evaluate", "nothing", "--data", str(DATA))


def test_a_data_folder_is_read_through_the_file_it_holds(tmp_path):
    import gzip

    with gzip.open(tmp_path / "corpus.jsonl.gz", "wt") as fh:
        fh.write('{"b": 2}\n')
    with pytest.raises(CommandError, match="fields \\['b'\\]"):  # the folder's corpus file was opened and read
        call_command("evaluate", "stance", "--data", str(tmp_path))
