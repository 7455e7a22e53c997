import { Fragment } from 'react';
import { splitCitations } from '../citations';

/** Text whose [n] markers are links to study n; `onCite` scrolls to and highlights it. */
export function CitedText({ text, onCite, known }: { text: string; onCite: (rank: number) => void; known: Set<number> }) {
  return (
    <>
      {splitCitations(text).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <span key={i} className="cite">
            [
            {part.refs.map((n, j) => (
              <Fragment key={n}>
                {j > 0 && ', '}
                {known.has(n) ? (
                  <a
                    href={`#study-${n}`}
                    aria-label={`Study ${n}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onCite(n);
                    }}
                  >
                    {n}
                  </a>
                ) : (
                  n
                )}
              </Fragment>
            ))}
            ]
          </span>
        ),
      )}
    </>
  );
}
