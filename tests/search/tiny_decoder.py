"""A tiny GPT-NeoX model with random weights and a BPE tokenizer trained on demo-corpus sentences, saved to a folder.

BMRetriever's weights cannot be downloaded here; this folder has the same shape as the
410M/1B checkpoints (GPT-NeoX config, EOS token, no sentence-transformers files), so the
real loading and encoding code (``search/bmretriever.py``) runs on it unchanged. Its vectors
mean nothing: tests check mechanics (formats, padding, pooling, caching), never quality.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.conftest import DATA

EOS = "<|endoftext|>"
# Far above the 0.02 of real checkpoints: with it, attention (not just the token's own embedding) shapes
# the last hidden state, so padding and pooling mistakes change the vectors measurably.
INIT_RANGE = 0.5
CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


def corpus_sentences(limit: int = 400) -> list[str]:
    """The first ``limit`` titles and abstract sentences of the demo corpus."""
    out: list[str] = []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            out.append(record.get("title") or "")
            out.extend(s.strip() for s in (record.get("abstract") or "").split(". ") if s.strip())
            if len(out) >= limit:
                return out[:limit]
    return out


def build(folder: Path, *, seed: int = 0, hidden: int = 32, vocab: int = 400) -> Path:
    """Train the tokenizer, build the model with ``seed``'s random weights, save both into ``folder``."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPTNeoXConfig, GPTNeoXModel, PreTrainedTokenizerFast

    tokenizer = Tokenizer(models.BPE(unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab, special_tokens=[EOS, "<unk>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tokenizer.train_from_iterator(corpus_sentences(), trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, eos_token=EOS, unk_token="<unk>")
    folder.mkdir(parents=True, exist_ok=True)
    fast.save_pretrained(folder)

    config = GPTNeoXConfig(
        vocab_size=len(fast), hidden_size=hidden, num_hidden_layers=2, num_attention_heads=4,
        intermediate_size=hidden * 2, max_position_embeddings=1024,
        bos_token_id=fast.eos_token_id, eos_token_id=fast.eos_token_id,
        initializer_range=INIT_RANGE,
    )
    torch.manual_seed(seed)
    GPTNeoXModel(config).save_pretrained(folder)
    return folder
