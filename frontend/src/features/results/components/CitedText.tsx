import { Fragment } from 'react';
import { splitCitations } from '../citations';

/** Text whose [n] markers are links to study n; `onCite` scrolls to and highlights it (and remembers the link, for the way back). */
export function CitedText({ text, onCite, known }: { text: string; onCite: (rank: number, from: HTMLElement) => void; known: Set<number> }) {
  return (
    <>
      {splitCitations(text).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
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
