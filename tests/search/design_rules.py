"""The design rules alone (``learned=False``), as the per-round tests read them: one definition for every round."""
from __future__ import annotations

from search.design import classify_design, sample_size


def rules_design(title: str, abstract: str):
    """The rules' design of a record with no publication types or MeSH, as a round's abstracts are given."""
    return classify_design(title=title, abstract=abstract, publication_types=[], mesh=[], learned=False)


def rules_size(abstract: str) -> int | None:
    """The rules' sample size, or None when they find no count of people."""
    found = sample_size(abstract, learned=False)
    return found.n if found else None


def assert_text_design(title: str, abstract: str, expected: str) -> None:
    """The rules give ``expected`` from the text, with the words that decided it."""
    result = rules_design(title, abstract)
    assert result.label == expected, result
    assert result.source == "text" and result.evidence
