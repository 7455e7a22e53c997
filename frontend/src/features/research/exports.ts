/** The downloads of a result (GET /api/searches/{id}/export?format=...; search/exports.py renders them). */
export const EXPORT_FORMATS = [
  { format: 'ris', label: 'RIS', hint: 'Zotero, EndNote, Mendeley' },
  { format: 'bibtex', label: 'BibTeX', hint: 'LaTeX, Zotero, JabRef' },
  { format: 'csv', label: 'CSV', hint: 'spreadsheet: stance, design, n, quoted sentence' },
  { format: 'json', label: 'JSON', hint: 'the whole result document with its provenance' },
] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number]['format'];

export function exportUrl(searchId: string, format: ExportFormat): string {
  return `/api/searches/${encodeURIComponent(searchId)}/export?format=${format}`;
}
