"""The offline stance classifier: (question, abstract) -> supports / refutes / neutral probabilities.

``text`` finds the conclusion, ``cues`` counts result/negation/hedging cues, ``features``
turns pairs into a feature matrix, ``model`` trains / saves / loads the classifier,
``data`` reads the labelled dev sets and ``train`` is what ``manage.py train_stance`` runs.
"""
LABELS: tuple[str, ...] = ("supports", "refutes", "neutral")
