"""The corpus' own lexemes (``documents_paper_lexeme``), kept by a trigger, for prefix terms (issue 19).

A prefix term (``inhibitor*``, tsquery ``'inhibitor':*``) makes the GIN index do a partial match: it reads every
record under the prefix into one bitmap, whatever the query ANDs with it (1M SYNTHETIC records: ``inhibitor:*``,
320k records, 170-220 ms a scan). The OR of the lexemes under the prefix that the corpus holds selects the same
records, and each of them is an exact lookup the index can skip through (``documents.sources.prefix_terms``).

The table holds every lexeme of every ``search_vector`` written (more is harmless: a lexeme no record holds matches
nothing). A statement-level trigger adds the lexemes of the rows each INSERT, COPY or UPDATE wrote, in the same
transaction, so a record is never unfindable by a prefix; the existing rows' lexemes are added here. Rows deleted,
or vectors rewritten without a lexeme, leave it in the table.

``word`` is in the "C" collation: byte order, so the lexemes under a prefix are one range of the primary key.
"""
from django.db import migrations

FUNCTION = """
CREATE OR REPLACE FUNCTION documents_paper_lexemes() RETURNS trigger AS $$
BEGIN
    INSERT INTO documents_paper_lexeme (word)
    SELECT DISTINCT w.word FROM (
        SELECT unnest(tsvector_to_array(search_vector)) COLLATE "C" AS word FROM written
    ) w
    WHERE NOT EXISTS (SELECT 1 FROM documents_paper_lexeme l WHERE l.word = w.word)
    ORDER BY w.word
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
"""

FORWARD = f"""
CREATE TABLE documents_paper_lexeme (word text COLLATE "C" PRIMARY KEY);
{FUNCTION}
CREATE TRIGGER documents_paper_lexemes_insert AFTER INSERT ON documents_paper
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION documents_paper_lexemes();
CREATE TRIGGER documents_paper_lexemes_update AFTER UPDATE ON documents_paper
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION documents_paper_lexemes();
INSERT INTO documents_paper_lexeme (word)
SELECT DISTINCT unnest(tsvector_to_array(search_vector)) COLLATE "C" FROM documents_paper
ON CONFLICT DO NOTHING;
"""

BACKWARD = """
DROP TRIGGER IF EXISTS documents_paper_lexemes_insert ON documents_paper;
DROP TRIGGER IF EXISTS documents_paper_lexemes_update ON documents_paper;
DROP FUNCTION IF EXISTS documents_paper_lexemes();
DROP TABLE IF EXISTS documents_paper_lexeme;
"""


class Migration(migrations.Migration):
    dependencies = [("documents", "0004_paper_authors_help_text")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
