"""The question length limit is one value: the API, ``ask``, the limits endpoint, the parser's cut and the LLM prompts."""
from __future__ import annotations

import re
from pathlib import Path

from search import scope, validation
from search.api.serializers import SearchCreateInputSerializer
from search.pipeline import concepts
from search.prompts import answer as answer_prompt
from search.prompts import stance as stance_prompt

ROOT = Path(__file__).resolve().parents[2]


def test_every_copy_is_the_validation_limit():
    limit = validation.MAX_QUESTION_CHARS
    assert validation.input_limits()["question_max_chars"] == limit
    assert concepts.MAX_QUESTION_CHARS == limit
    assert scope.MAX_QUESTION_CHARS == limit
    assert answer_prompt.MAX_QUESTION_CHARS == limit
    assert stance_prompt.MAX_QUESTION_CHARS == limit
    assert SearchCreateInputSerializer().fields["question"].help_text == f"at most {limit} characters"


def test_no_other_number_is_written_for_it():
    """A literal limit next to a question in the prompts, or a front-end constant, would drift again."""
    for path in (ROOT / "search" / "prompts").glob("*.py"):
        assert not re.search(r"as_data\(question, \d+\)", path.read_text()), path
    assert not re.search(r"MAX_QUESTION_CHARS\s*=\s*\d", (ROOT / "search" / "pipeline" / "concepts.py").read_text())


def test_a_question_the_api_accepts_is_never_cut_by_the_parser():
    limit = validation.MAX_QUESTION_CHARS
    # "ﬁ" (one character) becomes "fi" under NFKC: the cut comes first, so nothing accepted is lost.
    question = validation.clean_question("ﬁ" + "x" * (limit - 2) + "z")
    assert len(question) == limit
    assert concepts.clean_question(question).endswith("z")
