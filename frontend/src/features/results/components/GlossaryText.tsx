import { Fragment, useId, useState } from 'react';
import type { GlossaryEntry } from '@/types/api';
import { splitByGlossary } from '../glossary';

/** One explained term: the definition shows on hover, keyboard focus and tap (touch has no hover); it goes on blur or Escape. */
export function GlossaryTerm({ text, entry }: { text: string; entry: GlossaryEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="glossary" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="glossary__term"
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        data-testid="glossary-term"
      >
        {text}
      </button>
      {open && (
        <span role="tooltip" id={id} className="glossary__definition">
          {entry.definition}
        </span>
      )}
    </span>
  );
}

/** A text with its glossary terms marked; the rest stays plain text, so the text around a term is not split into elements. */
export function GlossaryText({ text, glossary }: { text: string; glossary: readonly GlossaryEntry[] }) {
  return (
    <>
      {splitByGlossary(text, glossary).map((piece, i) =>
        piece.entry ? <GlossaryTerm key={i} text={piece.text} entry={piece.entry} /> : <Fragment key={i}>{piece.text}</Fragment>,
      )}
    </>
  );
}
