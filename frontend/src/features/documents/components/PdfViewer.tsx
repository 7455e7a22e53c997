import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';

// The pdf.js worker is bundled with the app (no CDN): Vite emits it as a local asset.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** A paged PDF viewer over bytes already fetched (so HTTP errors were handled before we get here). */
export default function PdfViewer({ data, title }: { data: Uint8Array; title: string }) {
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  const [file] = useState(() => ({ data: data.slice() }));

  return (
    <div
      className="pdf"
      ref={(el) => {
        if (el && el.clientWidth !== width) setWidth(el.clientWidth);
      }}
    >
      <div className="pdf__nav" role="group" aria-label="PDF pages">
        <button type="button" className="button" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
          Previous page
        </button>
        <span aria-live="polite">
          Page {page} of {pages || '…'}
        </span>
        <button type="button" className="button" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={!pages || page >= pages}>
          Next page
        </button>
      </div>
      <Document
        file={file}
        onLoadSuccess={({ numPages }) => setPages(numPages)}
        loading={<p className="hint">Loading the PDF…</p>}
        error={<p className="alert alert--error">This PDF could not be displayed.</p>}
      >
        <Page pageNumber={page} width={width ? Math.min(width, 900) : undefined} aria-label={`${title}, page ${page}`} />
      </Document>
    </div>
  );
}
