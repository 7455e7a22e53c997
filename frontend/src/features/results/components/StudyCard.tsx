import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { STANCE_COLOURS, STANCE_NAMES } from '@/components/charts/palette';
import type { Paper } from '@/types/api';
import { splitAtSentence } from '../citations';

function StanceBadge({ paper, finished }: { paper: Paper; finished: boolean }) {
  if (!paper.stance)
    return <span className="badge badge--pending">{finished ? 'Stance unavailable' : 'Stance pending…'}</span>;
  const { label } = paper.stance;
  const strength = Math.max(0, Math.min(1, paper.stance[label] ?? 0));
  const pct = Math.round(strength * 100);
  return (
    <div className="stance">
      <span className={`badge badge--${label}`} data-testid="stance-badge">
        <span aria-hidden="true">{label === 'supports' ? '✓' : label === 'refutes' ? '✗' : '–'}</span> {STANCE_NAMES[label]}
      </span>
      <div className="strength" role="img" aria-label={`Strength of ${STANCE_NAMES[label].toLowerCase()}: ${pct}%`}>
        <div className={`strength__fill strength__fill--${label}`} style={{ width: `${pct}%`, backgroundColor: STANCE_COLOURS[label] }} />
      </div>
      <span className="strength__value">{pct}%</span>
    </div>
  );
}

function Abstract({ paper }: { paper: Paper }) {
  if (!paper.abstract) return <p className="hint">No abstract available.</p>;
  const parts = paper.best_sentence ? splitAtSentence(paper.abstract, paper.best_sentence.text) : null;
  return (
    <details className="abstract">
      <summary>Abstract{parts ? ' (answering sentence highlighted)' : ''}</summary>
      <p>
        {parts ? (
          <>
            {parts[0]}
            <mark className="best-sentence">{parts[1]}</mark>
            {parts[2]}
          </>
        ) : (
          paper.abstract
        )}
      </p>
    </details>
  );
}

export const StudyCard = forwardRef<HTMLElement, { paper: Paper; highlighted: boolean; finished: boolean }>(function StudyCard(
  { paper, highlighted, finished },
  ref,
) {
  const venue = paper.venue && paper.venue !== paper.journal ? `${paper.journal} · ${paper.venue}` : paper.journal || paper.venue;
  return (
    <article
      ref={ref}
      id={`study-${paper.rank}`}
      tabIndex={-1}
      className={`card${highlighted ? ' card--highlighted' : ''}`}
      aria-labelledby={`study-${paper.rank}-title`}
      data-testid="study-card"
    >
      <div className="card__rank" aria-hidden="true">
        {paper.rank}
      </div>
      <div className="card__body">
        <h3 id={`study-${paper.rank}-title`} className="card__title">
          <span className="visually-hidden">Study {paper.rank}: </span>
          <Link to={`/documents/${encodeURIComponent(paper.pmid)}`}>{paper.title || `PMID ${paper.pmid}`}</Link>
        </h3>
        {paper.retracted && <p className="badge badge--refutes">Retracted</p>}
        <dl className="meta">
          <div>
            <dt>Year</dt>
            <dd>{paper.year ?? 'unknown'}</dd>
          </div>
          <div>
            <dt>Journal</dt>
            <dd>{venue || 'unknown'}</dd>
          </div>
          <div>
            <dt>Citations</dt>
            <dd>{paper.citation_count ?? 'unavailable'}</dd>
          </div>
          <div>
            <dt>PMID</dt>
            <dd>{paper.pmid}</dd>
          </div>
        </dl>
        <StanceBadge paper={paper} finished={finished} />
        {paper.summary && <p className="card__summary">{paper.summary}</p>}
        {paper.best_sentence && (
          <blockquote className="card__best">
            <span className="visually-hidden">Answering sentence: </span>
            {paper.best_sentence.text}
          </blockquote>
        )}
        <Abstract paper={paper} />
      </div>
    </article>
  );
});
