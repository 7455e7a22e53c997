"""What BMRetriever-410M costs on this CPU, measured on a model of its exact shape with random weights.

The weights cannot be downloaded here, but speed does not depend on their values: a GPT-NeoX
model built from the Pythia-410M configuration (24 layers, width 1024, 16 heads, MLP 4096,
rotary on a quarter of each head, vocabulary 50,304: the backbone of BMRetriever-410M) does
exactly the arithmetic the real one does. Batches go through the same left padding, position
ids and last-token pooling as ``search/bmretriever.py``, in the precision the backend would
choose (bfloat16 where the CPU computes it natively), under ``torch.inference_mode``.

Token counts of a search are an assumption, printed with the figures: an abstract of ~250 words
is ~384 tokens of Pythia's BPE with the passage prefix and EOS, a sentence ~40, a question ~40.

Opt-in (it builds a 410M model and runs for a few minutes on 2 cores):
``manage.py bench --only bmretriever-cost``.
"""
from __future__ import annotations

import statistics
import time
from typing import Any

NAME = "bmretriever-cost"
ORDER = 35

# Pythia-410M (EleutherAI), the backbone of BMRetriever-410M.
PYTHIA_410M = dict(vocab_size=50304, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16,
                   intermediate_size=4096, rotary_pct=0.25, max_position_embeddings=2048)
ABSTRACT_TOKENS = 384  # assumption: ~250 words of biomedical text, prefix and EOS
SENTENCE_TOKENS = 40  # assumption: one abstract sentence, prefix and EOS
QUERY_TOKENS = 40  # assumption: task sentence + question
BATCH = 8  # BMRetrieverEncoder's default batch size
ABSTRACTS, SENTENCES = 50, 250  # one cold rerank, one cold best-sentence pass


def _timed(model: Any, rows: int, length: int, repeats: int) -> float:
    """Median seconds of one forward pass over ``rows`` texts of ``length`` tokens (random ids), as the encoder runs it."""
    import torch

    from search.bmretriever import last_token_pool, left_pad

    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(0, PYTHIA_410M["vocab_size"], (rows, length), generator=generator).tolist()
    batch = left_pad(ids, pad_id=0)
    samples = []
    with torch.inference_mode():
        for _ in range(repeats):
            started = time.perf_counter()
            hidden = model(input_ids=batch.input_ids, attention_mask=batch.attention_mask,
                           position_ids=batch.position_ids).last_hidden_state
            last_token_pool(hidden, batch.attention_mask).float()
            samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def run(options: dict[str, Any]) -> dict[str, Any]:
    if NAME not in (options.get("only") or []):
        return {"skipped": f"opt-in: manage.py bench --only {NAME} (builds a 410M model, minutes on 2 cores)"}
    import torch
    from transformers import GPTNeoXConfig, GPTNeoXModel

    from search import embeddings
    from search.bmretriever import choose_dtype

    dtype = choose_dtype("cpu", cpu_bf16=embeddings.uses_bf16())
    started = time.perf_counter()
    torch.manual_seed(0)
    model = GPTNeoXModel(GPTNeoXConfig(**PYTHIA_410M)).to(dtype).eval()
    build_s = time.perf_counter() - started
    params = sum(p.numel() for p in model.parameters())

    _timed(model, 2, 64, 1)  # warm-up: first-call allocations are not the steady cost
    passage_s = _timed(model, BATCH, ABSTRACT_TOKENS, 2)
    sentence_s = _timed(model, BATCH, SENTENCE_TOKENS, 3)
    query_s = _timed(model, 1, QUERY_TOKENS, 3)
    passage_tps = BATCH * ABSTRACT_TOKENS / passage_s
    sentence_tps = BATCH * SENTENCE_TOKENS / sentence_s
    return {
        "what": "random weights of the Pythia-410M shape (BMRetriever-410M's backbone): speed only",
        "parameters": params,
        "dtype": str(dtype).replace("torch.", ""),
        "torch_threads": torch.get_num_threads(),
        "build_s": round(build_s, 1),
        f"batch_{BATCH}x{ABSTRACT_TOKENS}_tokens_ms": round(passage_s * 1000),
        "abstract_tokens_per_s": round(passage_tps),
        f"batch_{BATCH}x{SENTENCE_TOKENS}_tokens_ms": round(sentence_s * 1000),
        "sentence_tokens_per_s": round(sentence_tps),
        f"query_{QUERY_TOKENS}_tokens_ms": round(query_s * 1000),
        "assumed_tokens": {"abstract": ABSTRACT_TOKENS, "sentence": SENTENCE_TOKENS, "query": QUERY_TOKENS},
        f"rerank_cold_{ABSTRACTS}_abstracts_s": round(ABSTRACTS / BATCH * passage_s + query_s, 1),
        f"best_sentence_cold_{SENTENCES}_sentences_s": round(SENTENCES / BATCH * sentence_s + query_s, 1),
        "rerank_warm_ms": round(query_s * 1000),  # warm: only the question is embedded
    }
