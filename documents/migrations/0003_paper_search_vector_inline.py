"""Keep ``Paper.search_vector`` in the table's own pages (storage MAIN) instead of out of line in TOAST.

Why: a title + abstract tsvector is ~2.2 kB and does not compress, so with the default storage
PostgreSQL moved it to the TOAST table for nearly every row, and every ``@@`` recheck and every
``ts_rank_cd`` of a search fetched it from there, one TOAST index lookup per hit. With MAIN the
abstract (which compresses) goes out of line instead and the vector stays in the row: on 30k
synthetic records a 9k-hit match-and-rank ran 2-4x faster, for the same total size (``manage.py
bench --only scale`` measures it at 100k and 1M). The UPDATE rewrites existing vectors so they
move inline too (the column-only update does not fire the search_vector trigger).
"""
from django.db import migrations

FORWARD = """
ALTER TABLE documents_paper ALTER COLUMN search_vector SET STORAGE MAIN;
UPDATE documents_paper SET search_vector = search_vector || ''::tsvector WHERE search_vector IS NOT NULL;
"""

BACKWARD = "ALTER TABLE documents_paper ALTER COLUMN search_vector SET STORAGE EXTENDED;"


class Migration(migrations.Migration):
    dependencies = [("documents", "0002_paper_search_vector_trigger")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
