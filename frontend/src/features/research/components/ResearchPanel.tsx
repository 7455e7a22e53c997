import type { Provenance, SearchDocument } from '@/types/api';
import { EXPORT_FORMATS, exportUrl } from '../exports';

const SOURCE_NAMES: Record<string, string> = { local: 'Local PubMed corpus', pubmed: 'PubMed (live E-utilities)' };

function filtersText(filters: Provenance['filters']): string {
  const f = filters as { from_year?: number | null; to_year?: number | null; publication_types?: string[] };
  const parts: string[] = [];
  if (f.from_year || f.to_year) parts.push(`years ${f.from_year ?? '…'}–${f.to_year ?? '…'}`);
  if (f.publication_types?.length) parts.push(f.publication_types.join(', '));
  return parts.length ? parts.join('; ') : 'none';
}

/** Where the result came from, in a definition list; every value is as the server recorded it. */
function ProvenanceList({ provenance }: { provenance: Provenance }) {
  const m = provenance.models;
  const versions = Object.entries(provenance.artifacts).map(([name, v]) => `${name.replace('_', ' ')} ${v}`).join(', ');
  return (
    <dl className="provenance" data-testid="provenance">
      <dt>Source</dt>
      <dd>{SOURCE_NAMES[provenance.source] ?? (provenance.source || 'not recorded')}</dd>
      {provenance.corpus && (
        <>
          <dt>Corpus version</dt>
          <dd>
            <code>{provenance.corpus.version}</code> — {provenance.corpus.records.toLocaleString('en')} records from{' '}
            {provenance.corpus.origins.join(', ')}
            {provenance.corpus.loaded_at ? `, loaded ${provenance.corpus.loaded_at.slice(0, 10)}` : ''}
          </dd>
        </>
      )}
      {provenance.pubmed_query_date && (
        <>
          <dt>PubMed queried on</dt>
          <dd>{provenance.pubmed_query_date}</dd>
        </>
      )}
      <dt>Retrieved</dt>
      <dd>{provenance.retrieved_at ?? 'not recorded'}</dd>
      <dt>Query</dt>
      <dd>
        <code>{provenance.query || 'not recorded'}</code>
      </dd>
      <dt>Filters</dt>
      <dd>{filtersText(provenance.filters)}</dd>
      <dt>Models</dt>
      <dd>
        embedding {m.embedding || '—'}; stance {m.stance || '—'}; answer {m.summary || '—'}
        {m.prompt_version ? `; prompts ${m.prompt_version}` : ''}
      </dd>
      {versions && (
        <>
          <dt>Model files</dt>
          <dd>{versions}</dd>
        </>
      )}
      <dt>Code version</dt>
      <dd>
        <code>{provenance.code_version || 'not recorded'}</code>
      </dd>
    </dl>
  );
}

/**
 * "Take it away": download the studies (RIS, BibTeX, CSV) or the whole result (JSON), and see where the result
 * came from. Downloads are plain links to the API, so the browser sends the session and the access rules are the
 * result's own; they appear once the search has finished.
 */
export function ResearchPanel({ doc }: { doc: Pick<SearchDocument, 'id' | 'status' | 'papers' | 'provenance'> }) {
  const finished = doc.status === 'done' || doc.status === 'failed';
  return (
    <section className="panel research" aria-labelledby="research-heading" data-testid="research-panel">
      <h2 id="research-heading">Take it away</h2>
      {finished && doc.papers.length > 0 ? (
        <ul className="exports" aria-label="Downloads">
          {EXPORT_FORMATS.map((f) => (
            <li key={f.format}>
              <a className="button button--small" href={exportUrl(doc.id, f.format)} download data-testid={`export-${f.format}`}>
                Download {f.label}
              </a>{' '}
              <span className="hint">{f.hint}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{finished ? 'No study to export.' : 'Downloads appear when the search has finished.'}</p>
      )}
      <details className="provenance__details">
        <summary>Where this result comes from</summary>
        <ProvenanceList provenance={doc.provenance} />
      </details>
    </section>
  );
}
