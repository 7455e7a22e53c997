"""Keep ``Paper.search_vector`` in step with title/abstract/MeSH inside PostgreSQL.

A trigger (rather than Python code) means every writer -- ``load_corpus``'s bulk upsert,
the ORM, the admin, tests -- produces a searchable row, computed in the same statement.
Weights: title A, abstract B, MeSH C; text search config 'english'. The local source's
field tags rely on these labels ([ti] = A, [ab] = B, [tiab] = AB, [mh] = C).
"""
from django.db import migrations

VECTOR = (
    "setweight(to_tsvector('english', coalesce({row}.title, '')), 'A') || "
    "setweight(to_tsvector('english', coalesce({row}.abstract, '')), 'B') || "
    "setweight(to_tsvector('english', array_to_string(coalesce({row}.mesh, '{{}}'), ' ; ')), 'C')"
)

FORWARD = f"""
CREATE OR REPLACE FUNCTION documents_paper_search_vector() RETURNS trigger AS $$
BEGIN
    NEW.search_vector := {VECTOR.format(row="NEW")};
    RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER documents_paper_search_vector_trg
    BEFORE INSERT OR UPDATE OF title, abstract, mesh ON documents_paper
    FOR EACH ROW EXECUTE FUNCTION documents_paper_search_vector();

UPDATE documents_paper SET search_vector = {VECTOR.format(row="documents_paper")};
"""

BACKWARD = """
DROP TRIGGER IF EXISTS documents_paper_search_vector_trg ON documents_paper;
DROP FUNCTION IF EXISTS documents_paper_search_vector();
"""


class Migration(migrations.Migration):
    dependencies = [("documents", "0001_initial")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
