import type { SearchQuery } from '@/types/api';

export const pubmedUrl = (boolean: string): string => `https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(boolean)}`;

/** The concepts found in the question and the Boolean PubMed query, collapsed by default. */
export function QueryPanel({ query, source }: { query: SearchQuery; source: string }) {
  return (
    <details className="query" data-testid="query">
      <summary>
        How we searched: {query.concepts.length} concept{query.concepts.length === 1 ? '' : 's'}
        {source ? ` in ${source === 'local' ? 'the local PubMed corpus' : 'PubMed'}` : ''}
      </summary>
      {query.message && <p className="hint">{query.message}</p>}
      {query.concepts.length > 0 && (
        <ul className="concepts">
          {query.concepts.map((c, i) => (
            <li key={`${c.text}-${i}`}>
              <strong>{c.text}</strong>
              {c.mesh_id && <span className="tag">MeSH {c.mesh_heading ? `${c.mesh_heading} ` : ''}({c.mesh_id})</span>}
              {c.synonyms.length > 0 && <span className="hint"> — also: {c.synonyms.slice(0, 6).join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="query__label">Boolean query</p>
      <pre className="query__boolean">
        <code>{query.boolean}</code>
      </pre>
      {query.attempts && query.attempts.length > 1 && (
        <ol className="hint">
          {query.attempts.map((a, i) => (
            <li key={i}>
              {a.hits_estimated ? `about ${a.hits}` : a.hits} hits{a.note ? ` — ${a.note}` : ''}
            </li>
          ))}
        </ol>
      )}
      {query.boolean && (
        <a href={pubmedUrl(query.boolean)} target="_blank" rel="noreferrer noopener">
          Run this query on PubMed<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </details>
  );
}
