import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAddNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useNotes } from '../api/get-notes';
import { useStudyTitles } from '../api/get-study-titles';
import { NoteItems } from './NoteItems';

/** The signed-in user's notes on one document. */
export function NotesPanel({ pmid }: { pmid: string }) {
  const uid = useId();
  const notes = useNotes(true, pmid);
  const add = useAddNote();
  const remove = useDeleteNote();
  const [text, setText] = useState('');
  return (
    <section className="panel" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>Your notes</h2>
      <NoteItems
        notes={notes}
        empty="No notes on this study yet."
        item={(n) => (
          <>
            <p>{n.text}</p>
            <button type="button" className="button button--small" onClick={() => remove.mutate(n.id)}>
              Delete note
            </button>
          </>
        )}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate({ pmid, text: text.trim() }, { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor={`${uid}-note`}>Add a note</label>
        <textarea id={`${uid}-note`} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button" disabled={add.isPending}>Save note</button>
        {add.error && <p className="field-error" role="alert">{add.error.message}</p>}
      </form>
    </section>
  );
}

/** All of the user's notes, each linking to its study by title (PMID until the title has loaded). */
export function NotesList() {
  const uid = useId();
  const notes = useNotes(true);
  const titles = useStudyTitles((notes.data ?? []).map((n) => n.pmid));
  return (
    <section className="panel" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>Notes</h2>
      <NoteItems
        notes={notes}
        empty="No notes yet. Add notes from a study's page."
        item={(n) => (
          <>
            <Link to={`/documents/${n.pmid}`}>{titles.get(n.pmid) ?? `PMID ${n.pmid}`}</Link>: {n.text}
          </>
        )}
      />
    </section>
  );
}
