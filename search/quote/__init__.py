"""The sentence each study is quoted by: features, the learned scorer, its training and the quoting rules.

``search/pipeline/locate.py`` is the stage; this package holds what it is built from:

* ``cues``     - findings language, and the role of a sentence (aim, methods, background, results,
                 conclusion) from its section label or, where labels were removed, from its wording;
* ``frame``    - the words of the question's intervention, comparator and outcome, and whether a
                 sentence names them;
* ``features`` - one row of numbers per sentence (cosine to the question, frame overlap, role,
                 findings language, position, length) in the order ``FEATURES`` names;
* ``model``    - a logistic regression over those rows, stored as rounded JSON (same data, same bytes);
* ``rules``    - what may be quoted (a whole sentence, a finding before an aim, both arms named);
* ``data`` / ``train`` - Evidence Inference and PubMedQA examples, fitting and grouped cross-validation.
"""
