import { PageHeading } from '@/components/ui/PageHeading';
import type { DocumentDetail } from '@/types/api';
import { metricRows } from '../metrics';
import { FullText } from './FullText';
import { TagsPanel } from './TagsPanel';

export function DocumentView({ doc }: { doc: DocumentDetail }) {
  const metrics = metricRows(doc.metrics);
  return (
    <article className="document" aria-labelledby="document-title">
      {(doc.journal || doc.year) && (
        <p className="eyebrow">{[doc.journal, doc.year].filter(Boolean).join(' · ')}</p>
      )}
      <PageHeading id="document-title">{doc.title || `PMID ${doc.pmid}`}</PageHeading>
      {doc.retracted && <p className="badge badge--refutes">This article has been retracted</p>}
      {doc.authors && doc.authors.length > 0 && <p className="document__authors">{doc.authors.join(', ')}</p>}
      <dl className="meta">
        <div>
          <dt>PMID</dt>
          <dd>
            <a href={`https://pubmed.ncbi.nlm.nih.gov/${doc.pmid}/`}>{doc.pmid}</a>
          </dd>
        </div>
        {doc.doi && (
          <div>
            <dt>DOI</dt>
            <dd>
              <a href={`https://doi.org/${doc.doi}`}>{doc.doi}</a>
            </dd>
          </div>
        )}
        {doc.pmcid && (
          <div>
            <dt>PMC</dt>
            <dd>{doc.pmcid}</dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="abstract-heading" className="panel">
        <h2 id="abstract-heading">Abstract</h2>
        <p className="document__abstract">{doc.abstract || 'No abstract available.'}</p>
      </section>

      <div className="document__grid">
        <TagsPanel id="types-heading" title="Publication types" tags={doc.publication_types} empty="None listed." />
        <section aria-labelledby="metrics-heading" className="panel" data-testid="metrics">
          <h2 id="metrics-heading">Metrics</h2>
          {metrics.length ? (
            <dl className="metrics">
              {metrics.map((m) => (
                <div key={m.label}>
                  <dt>{m.label}</dt>
                  <dd>{m.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="hint">Metrics unavailable: no citation service has reported on this study yet.</p>
          )}
        </section>
      </div>

      <TagsPanel id="mesh-heading" title="MeSH terms" tags={doc.mesh} empty="No MeSH terms." />

      <FullText doc={doc} />
    </article>
  );
}
