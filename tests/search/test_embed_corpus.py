"""embed_corpus fills the cache once; a second run embeds nothing."""
import pytest
from django.core.management import call_command

from documents.models import Embedding, Paper, SentenceEmbedding
from search import embeddings


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_embed_corpus_caches_papers_and_sentences_once(monkeypatch, capsys):
    for i in range(3):
        Paper.objects.create(pmid=f"99{i}", title=f"Trial {i}", abstract="Aspirin was given. Pain fell by half. No harm was seen.")
    call_command("embed_corpus", "--sentences", "--no-progress")
    assert Embedding.objects.filter(pmid__in=["990", "991", "992"]).count() == 3
    assert SentenceEmbedding.objects.filter(pmid__in=["990", "991", "992"]).count() == 3
    assert "all 3 papers and their sentences" in capsys.readouterr().out

    calls = []
    monkeypatch.setattr(embeddings, "encode", lambda texts: calls.append(texts))
    call_command("embed_corpus", "--sentences", "--no-progress")
    assert calls == []  # everything was cached


@pytest.mark.django_db
def test_embed_corpus_on_an_empty_corpus_says_what_to_do(capsys):
    call_command("embed_corpus", "--no-progress")
    assert "load_corpus" in capsys.readouterr().out
