"""The offline stance classifier: (question, abstract) -> supports / refutes / neutral probabilities.

``text`` finds the conclusion, ``cues`` counts result/negation/hedging cues, ``negation`` marks
negation scope for n-grams, ``features`` turns pairs into a feature matrix, ``model`` trains /
saves / loads one classifier per input kind (full abstract, short passage), ``data`` reads the
labelled dev sets and ``train`` is what ``manage.py train_stance`` runs.
"""
LABELS: tuple[str, ...] = ("supports", "refutes", "neutral")
