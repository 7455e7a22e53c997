import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Note } from '@/types/api';

/**
 * The notes query as a list: loading, the error, `empty` when there are none, else one <li> per note with
 * `item` inside. The study's panel and the all-notes page differ only in the item and the empty text.
 */
export function NoteItems({ notes, empty, item }: { notes: UseQueryResult<Note[]>; empty: string; item: (note: Note) => ReactNode }) {
  if (notes.isPending) return <p className="hint">Loading notes…</p>;
  if (notes.isError) return <p className="alert alert--error" role="alert">Notes could not be loaded: {notes.error.message}</p>;
  if (!notes.data.length) return <p className="hint">{empty}</p>;
  return (
    <ul className="notes">
      {notes.data.map((n) => (
        <li key={n.id}>{item(n)}</li>
      ))}
    </ul>
  );
}
