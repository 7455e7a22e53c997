/** Query-key factories of the documents feature (the accounts notes list shares `detail` to name studies). */
export const documentKeys = {
  all: ['documents'] as const,
  detail: (pmid: string) => [...documentKeys.all, pmid] as const,
  pdf: (pmid: string) => [...documentKeys.detail(pmid), 'pdf'] as const,
};
