import { lazy, Suspense } from 'react';
import { ApiError } from '@/lib/api-client';
import type { DocumentDetail } from '@/types/api';
import { usePdf } from '../api/get-pdf';

const PdfViewer = lazy(() => import('./PdfViewer'));

function pdfErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return `No open-access PDF: ${error.message}`;
    if (error.status === 503) return `PubMed Central cannot be reached right now; please try again later. (${error.message})`;
    return error.message;
  }
  return 'The PDF could not be loaded.';
}

/** The open-access PDF in a built-in viewer when PMC has one; otherwise a clear message. */
export function FullText({ doc }: { doc: DocumentDetail }) {
  const hasPmc = Boolean(doc.pmcid);
  const pdf = usePdf(doc.pmid, hasPmc);
  return (
    <section aria-labelledby="fulltext-heading" className="panel" data-testid="fulltext">
      <h2 id="fulltext-heading">Full text</h2>
      {!hasPmc ? (
        <p className="hint" data-testid="no-pdf">
          {doc.open_access === false || doc.open_access === undefined
            ? 'This study has no open-access copy in PubMed Central, so its full text cannot be shown here.'
            : 'Whether an open-access copy exists is not known: PubMed Central could not be reached (or has not been asked) for this study.'}
          {doc.doi && (
            <>
              {' '}
              The publisher's page: <a href={`https://doi.org/${doc.doi}`}>doi:{doc.doi}</a>.
            </>
          )}
        </p>
      ) : pdf.isPending ? (
        <p className="hint">Fetching the open-access PDF from PubMed Central…</p>
      ) : pdf.isError ? (
        <p className="alert alert--info" data-testid="no-pdf">
          {pdfErrorMessage(pdf.error)}
          {doc.full_text_url && (
            <>
              {' '}
              <a href={doc.full_text_url}>Read it on PubMed Central</a>.
            </>
          )}
        </p>
      ) : (
        <Suspense fallback={<p className="hint">Loading the PDF viewer…</p>}>
          <PdfViewer data={pdf.data} title={doc.title} />
        </Suspense>
      )}
    </section>
  );
}
