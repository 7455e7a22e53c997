import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SearchDocument } from '@/types/api';
import { AnswerView } from './AnswerView';
import { FailureList } from './FailureList';
import { ProgressPanel } from './ProgressPanel';
import { QueryPanel } from './QueryPanel';
import { StudyCard } from './StudyCard';

/** One search's result as far as it is known: progress, answer, query, charts (slot) and the study cards. */
export function ResultView({ doc, charts }: { doc: SearchDocument; charts?: ReactNode }) {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  const known = useMemo(() => new Set(doc.papers.map((p) => p.rank)), [doc.papers]);
  const running = doc.status === 'queued' || doc.status === 'running';

  const onCite = useCallback((rank: number) => setHighlighted(rank), []);

  useEffect(() => {
    if (highlighted === null) return;
    const el = cards.current.get(highlighted);
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
    if (window.location.hash !== `#study-${highlighted}`) window.history.replaceState(null, '', `#study-${highlighted}`);
  }, [highlighted]);

  return (
    <div className="result">
      <header className="result__head">
        <p className="eyebrow">Question</p>
        <h1 className="result__question">{doc.question}</h1>
        {doc.anonymous && <p className="badge badge--neutral">Anonymous — not stored, expires soon</p>}
      </header>

      {running && <ProgressPanel doc={doc} />}

      {doc.status === 'failed' && (
        <section className="alert alert--error" role="alert" data-testid="search-failed">
          <h2 className="alert__title">This search could not be completed</h2>
          <p>{doc.error || 'The search stopped before it could finish.'}</p>
        </section>
      )}

      <FailureList failures={doc.failures ?? []} />

      {doc.answer ? (
        <AnswerView answer={doc.answer} onCite={onCite} known={known} />
      ) : (
        running && doc.papers.length > 0 && <p className="hint" aria-live="polite">The answer is being written…</p>
      )}
      {doc.status === 'done' && !doc.answer && <p className="hint">No answer could be written for this search.</p>}

      {doc.query && <QueryPanel query={doc.query} source={doc.source} />}

      {doc.papers.length > 0 && charts}

      <section aria-labelledby="studies-heading" className="studies">
        <h2 id="studies-heading">
          Studies{doc.papers.length ? ` (${doc.papers.length})` : ''}
        </h2>
        {doc.papers.length === 0 ? (
          <p className="hint">{running ? 'The most relevant studies appear here as soon as they are ranked…' : 'No study was found for this question.'}</p>
        ) : (
          <ol className="cards">
            {[...doc.papers]
              .sort((a, b) => a.rank - b.rank)
              .map((p) => (
                <li key={p.pmid}>
                  <StudyCard
                    paper={p}
                    highlighted={highlighted === p.rank}
                    finished={!running}
                    ref={(el) => {
                      if (el) cards.current.set(p.rank, el);
                      else cards.current.delete(p.rank);
                    }}
                  />
                </li>
              ))}
          </ol>
        )}
      </section>
    </div>
  );
}
