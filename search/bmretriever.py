"""BMRetriever (Xu et al., 2024): a decoder-only biomedical retriever, encoded exactly as its authors do.

The 410M and 1B models are Pythia (GPT-NeoX), 2B Gemma, 7B BioMistral; all are loaded with
``transformers.AutoModel`` from a hub id or a local folder of weights. What the model card and
the evaluation code fix, and this module reproduces:

* query text ``"{task}\\nQuery: {query}"`` with a one-sentence task (``MEDSEBA_BMRETRIEVER_INSTRUCTION``);
  passage text ``"Represent this passage\\npassage: {title} {abstract}"``;
* at most ``MAX_TOKENS`` (511) tokens, then the EOS token id appended, so every text ends in EOS;
* the batch padded on the **left** with EOS as the pad token, so the last position of every row
  is that text's own EOS; its final hidden state is the embedding (last-token pooling, padding
  masked); vectors are NOT normalised: the score is the dot product, as the model was trained.

Position ids are counted from each text's first real token. The models use rotary position
embeddings, which see only relative positions, so this equals what the authors' batches
compute; it also makes a text's vector the same alone or padded in a batch with longer texts
(the test of pooling and padding bugs in ``tests/search/test_bmretriever.py``).

Texts are batched sorted by token length (little padding), under ``torch.inference_mode``, in
bfloat16 where the device does it natively, on CUDA when present (``MEDSEBA_EMBEDDING_DEVICE``).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

BACKEND = "bmretriever"
QUERY_TEMPLATE = "{task}\nQuery: {query}"
PASSAGE_TEMPLATE = "Represent this passage\npassage: {passage}"
MAX_TOKENS = 511  # the authors' max_length 512 minus the EOS appended after truncation
DEFAULT_INSTRUCTION = "Given a health question, retrieve PubMed abstracts of studies that answer the question"
# The decoder families BMRetriever is built on; a local folder of one of these without a
# sentence-transformers layout (modules.json) is read as BMRetriever weights.
DECODER_TYPES = frozenset({"gpt_neox", "gemma", "gemma2", "mistral", "llama"})


def query_text(query: str, instruction: str) -> str:
    """The exact text embedded for a query: the task sentence, a newline, ``Query: `` and the query."""
    return QUERY_TEMPLATE.format(task=instruction.strip(), query=query.strip())


def passage_text(passage: str) -> str:
    """The exact text embedded for a passage (for a paper, ``passage`` is ``"{title} {abstract}"``)."""
    return PASSAGE_TEMPLATE.format(passage=passage.strip())


def paper_passage(title: str | None, abstract: str | None) -> str:
    """``"{title} {abstract}"`` as the authors join them (either may be missing)."""
    return " ".join(part.strip() for part in (title, abstract) if part and part.strip())


def instruction_version(instruction: str) -> str:
    """A short hash of everything that shapes the texts: the templates, the task sentence and the token limit.

    It is part of every cache key of this backend, so changing the instruction or a template
    never mixes vectors of two prompt sets.
    """
    recipe = json.dumps([QUERY_TEMPLATE, PASSAGE_TEMPLATE, instruction.strip(), MAX_TOKENS])
    return hashlib.sha1(recipe.encode()).hexdigest()[:8]


def is_bmretriever(name: str) -> bool:
    """True when ``name`` names BMRetriever weights: a hub id ``BMRetriever/...`` or a decoder-only local folder."""
    if Path(name.rstrip("/")).name.lower().startswith("bmretriever") or name.lower().startswith("bmretriever/"):
        return True
    folder = Path(name)
    config = folder / "config.json"
    if not folder.is_dir() or not config.is_file() or (folder / "modules.json").exists():
        return False
    try:
        model_type = json.loads(config.read_text()).get("model_type", "")
    except (OSError, ValueError):
        return False
    return model_type in DECODER_TYPES


def choose_device(setting: str) -> str:
    """``auto``: CUDA when present, else the CPU; anything else is passed to torch as it is (``cpu``, ``cuda:1``)."""
    if setting != "auto":
        return setting
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def choose_dtype(device: str, *, cpu_bf16: bool) -> Any:
    """bfloat16 where ``device`` computes it natively (a CUDA GPU that supports it, or ``cpu_bf16``), else float32."""
    import torch

    if device.startswith("cuda"):
        return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float32
    return torch.bfloat16 if cpu_bf16 else torch.float32


@dataclass
class Batch:
    """Token ids left-padded with EOS, their attention mask and the position ids counted from each text's start."""

    input_ids: Any  # LongTensor (rows, length)
    attention_mask: Any
    position_ids: Any


def tokenize(tokenizer: Any, texts: Sequence[str]) -> list[list[int]]:
    """Token ids of each text: at most ``MAX_TOKENS`` from the tokenizer (with its own special tokens), then EOS."""
    eos = tokenizer.eos_token_id
    if eos is None:
        raise ValueError("a BMRetriever tokenizer needs an EOS token")
    encoded = tokenizer(list(texts), max_length=MAX_TOKENS, truncation=True, padding=False)["input_ids"]
    return [list(ids) + [eos] for ids in encoded]


def left_pad(rows: Sequence[Sequence[int]], pad_id: int) -> Batch:
    """Pad ``rows`` on the left with ``pad_id`` (EOS) to the longest; padding is masked out of attention."""
    import torch

    width = max(len(r) for r in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, row in enumerate(rows):
        if row:
            ids[i, width - len(row):] = torch.tensor(row, dtype=torch.long)
            mask[i, width - len(row):] = 1
    positions = (mask.cumsum(dim=1) - 1).clamp(min=0)
    return Batch(input_ids=ids, attention_mask=mask, position_ids=positions)


def last_token_pool(hidden: Any, attention_mask: Any) -> Any:
    """The hidden state of each row's last unmasked token (with left padding: the last column, the EOS)."""
    import torch

    width = attention_mask.shape[1]
    positions = torch.arange(width, device=attention_mask.device).expand_as(attention_mask)
    last = (positions * attention_mask).argmax(dim=1)
    return hidden[torch.arange(hidden.shape[0], device=hidden.device), last]


class BMRetrieverEncoder:
    """One loaded BMRetriever model and tokenizer; :meth:`encode_queries` / :meth:`encode_passages` give float32 vectors."""

    def __init__(self, name: str, *, instruction: str, device: str = "auto", cpu_bf16: bool = False,
                 batch_size: int = 8) -> None:
        import torch
        from transformers import AutoModel, AutoTokenizer

        if os.path.isdir(name):
            # A local folder never needs the hub; keep any stray lookup offline.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
        self.name = name
        self.instruction = instruction
        self.device = choose_device(device)
        self.dtype = choose_dtype(self.device, cpu_bf16=cpu_bf16)
        self.batch_size = batch_size
        self.tokenizer = AutoTokenizer.from_pretrained(name)
        self.model = AutoModel.from_pretrained(name, dtype=self.dtype).to(self.device).eval()
        self.dimension = int(self.model.config.hidden_size)
        self._torch = torch

    def encode_queries(self, queries: Sequence[str]) -> np.ndarray:
        return self.encode_texts([query_text(q, self.instruction) for q in queries])

    def encode_passages(self, passages: Sequence[str]) -> np.ndarray:
        return self.encode_texts([passage_text(p) for p in passages])

    def encode_texts(self, texts: Sequence[str]) -> np.ndarray:
        """Embed already formatted texts, batched by token length; rows come back in the order given."""
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        rows = tokenize(self.tokenizer, texts)
        order = sorted(range(len(rows)), key=lambda i: -len(rows[i]))  # longest first: similar lengths share a batch
        with self._torch.inference_mode():
            for start in range(0, len(order), self.batch_size):
                chunk = order[start:start + self.batch_size]
                batch = left_pad([rows[i] for i in chunk], self.tokenizer.eos_token_id)
                hidden = self.model(
                    input_ids=batch.input_ids.to(self.device),
                    attention_mask=batch.attention_mask.to(self.device),
                    position_ids=batch.position_ids.to(self.device),
                ).last_hidden_state
                pooled = last_token_pool(hidden, batch.attention_mask.to(self.device))
                out[chunk] = pooled.float().cpu().numpy()
        return out
