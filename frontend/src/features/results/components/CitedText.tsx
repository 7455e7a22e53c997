import { Fragment } from 'react';
import type { GlossaryEntry } from '@/types/api';
import { splitCitations } from '../citations';
import { GlossaryText } from './GlossaryText';

/**
 * Text whose [n] markers are links to study n; `onCite` scrolls to and highlights it (and remembers the link, for the way back).
 * The glossary's terms are marked only in the plain text between the markers, so a citation is never split or hidden.
 */
export function CitedText({
  text,
  onCite,
  known,
  glossary = [],
}: {
  text: string;
  onCite: (rank: number, from: HTMLElement) => void;
  known: Set<number>;
  glossary?: readonly GlossaryEntry[];
}) {
  return (
    <>
      {splitCitations(text).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{glossary.length ? <GlossaryText text={part.text} glossary={glossary} /> : part.text}</Fragment>
        ) : (
          <span key={i} className={part.refs.every((n) => known.has(n)) ? 'cite cite--linked' : 'cite'}>
            <span className="cite__bracket">[</span>
            {part.refs.map((n, j) => (
              <Fragment key={n}>
                {j > 0 && <span className="cite__comma">, </span>}
                {known.has(n) ? (
                  <a
                    href={`#study-${n}`}
                    aria-label={`Study ${n}`}
                    className="cite__link"
                    onClick={(e) => {
                      e.preventDefault();
                      onCite(n, e.currentTarget);
                    }}
                  >
                    {n}
                  </a>
                ) : (
                  n
                )}
              </Fragment>
            ))}
            <span className="cite__bracket">]</span>
          </span>
        ),
      )}
    </>
  );
}
