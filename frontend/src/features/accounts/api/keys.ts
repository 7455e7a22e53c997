/**
 * Query-key factories of the accounts feature: every cache key it reads, writes or invalidates comes from here.
 * `accountKeys.all` is a prefix on purpose: signing in or out invalidates everything under it, including the
 * reading-mode preference that the results feature keeps at ['accounts', 'preferences'].
 */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  topics: () => [...accountKeys.all, 'topics'] as const,
};

/** The history and its folders share a prefix: a change to either refreshes both (folder counts included). */
export const historyKeys = {
  all: ['history'] as const,
  list: () => [...historyKeys.all, 'list'] as const,
  folders: () => [...historyKeys.all, 'folders'] as const,
};

export const noteKeys = {
  all: ['notes'] as const,
  /** One study's notes, or every note (`pmid` absent). */
  list: (pmid?: string) => [...noteKeys.all, pmid ?? 'all'] as const,
};
