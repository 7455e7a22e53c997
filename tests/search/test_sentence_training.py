"""Training and evaluating the sentence scorer on small slices of the real shared sets (real embedding model)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from search.evaluation.sentence import evaluate
from search.quote.data import EVIDENCE_INFERENCE, PUBMEDQA, evidence_inference, pubmedqa
from search.quote.model import SentenceScorer, run_path
from search.quote.train import train
from tests.conftest import DATA

EI = DATA / "evidence-inference-v2"
PQA = DATA / "pubmedqa-labeled" / "dev.jsonl"


def _slice(tmp_path: Path, prompts: int, rows: int) -> Path:
    """A data folder with the first prompts (evidence in the abstract) and PubMedQA rows (tmp only, never the repo)."""
    ei = tmp_path / "data" / "evidence-inference-v2"
    ei.mkdir(parents=True)
    kept, pmcids = [], set()
    for line in (EI / "prompts.jsonl").open(encoding="utf-8"):
        if json.loads(line)["any_evidence_in_abstract"]:
            kept.append(line)
            pmcids.add(json.loads(line)["pmcid"])
        if len(kept) == prompts:
            break
    (ei / "prompts.jsonl").write_text("".join(kept), encoding="utf-8")
    abstracts = [line for line in (EI / "abstracts.jsonl").open(encoding="utf-8")
                 if json.loads(line)["pmcid"] in pmcids]
    (ei / "abstracts.jsonl").write_text("".join(abstracts), encoding="utf-8")
    pq = tmp_path / "data" / "pubmedqa-labeled"
    pq.mkdir(parents=True)
    with PQA.open(encoding="utf-8") as fh:
        (pq / "dev.jsonl").write_text("".join(next(fh) for _ in range(rows)), encoding="utf-8")
    return tmp_path / "data"


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_the_same_data_give_the_same_artifact_bytes(tmp_path):
    data = _slice(tmp_path, prompts=10, rows=6)

    first = train(data_dir=data, out=tmp_path / "a" / "scorer.json")
    second = train(data_dir=data, out=tmp_path / "b" / "scorer.json")

    assert (tmp_path / "a" / "scorer.json").read_bytes() == (tmp_path / "b" / "scorer.json").read_bytes()
    assert first["version"] == second["version"] and first["bytes"] == second["bytes"]
    assert first["trained_on"][EVIDENCE_INFERENCE]["questions"] == 10
    assert first["trained_on"][PUBMEDQA]["questions"] == 6
    assert "train_seconds" in json.loads(run_path(tmp_path / "a" / "scorer.json").read_text())
    assert SentenceScorer.load(tmp_path / "a" / "scorer.json").version == first["version"]


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_grouped_cross_validation_beats_the_last_sentence_baseline():
    items = evidence_inference(EI, limit=40)

    figures = evaluate(items, pubmedqa(PQA, limit=10), folds=2)

    rates = figures["hit_rate"]
    assert figures["n"] == 40 and figures["grouped_by"] == "article"
    assert set(rates) >= {"learned_cv", "learned_cv_avoiding_summary", "baseline_cosine_only",
                          "baseline_last_sentence", "baseline_first_results_sentence"}
    assert rates["learned_cv"] > rates["baseline_last_sentence"]
    assert all(0.0 <= r <= 1.0 for r in rates.values() if r is not None)


def test_unusable_data_and_folders_are_refused_with_a_sentence(tmp_path):
    empty = tmp_path / "dev.jsonl"
    empty.write_text("")
    with pytest.raises(CommandError, match="^evaluate sentence: .*no question with both abstract sentences"):
        call_command("evaluate", "sentence", "--data", str(empty))
    (tmp_path / "nothing").mkdir()
    with pytest.raises(CommandError, match="expected the evidence-inference folder"):
        call_command("evaluate", "sentence", "--data", str(tmp_path / "nothing"))
    with pytest.raises(CommandError, match="--folds must be at least 2"):
        call_command("evaluate", "sentence", "--data", str(PQA), "--folds", "1")
    with pytest.raises(CommandError, match="not found; pass --data-dir"):
        call_command("train_sentence", "--data-dir", str(tmp_path), "--out", str(tmp_path / "x.json"))
