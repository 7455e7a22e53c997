import { forwardRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { STANCE_COLOURS, STANCE_NAMES } from '@/components/charts/palette';
import type { GlossaryEntry, Paper } from '@/types/api';
import { splitAtSentence } from '../citations';
import { ADDRESSES_NAMES } from '../words';
import { GlossaryText } from './GlossaryText';

/** What the card can say about an open-access copy: a link, PMC unreachable, none, or nothing yet. */
export type FullTextState = 'unreachable' | 'checked' | 'pending';

function StanceBadge({ paper, finished }: { paper: Paper; finished: boolean }) {
  if (!paper.stance)
    return <span className="badge badge--pending">{finished ? 'Stance unavailable' : 'Stance pending…'}</span>;
  const { label, uncertain } = paper.stance;
  const confidence = Math.max(0, Math.min(1, paper.stance[label] ?? 0));
  const pct = Math.round(confidence * 100);
  return (
    <div className="stance">
      {uncertain ? (
        <span className="badge badge--uncertain" data-testid="stance-badge">
          <span aria-hidden="true">?</span> Uncertain
        </span>
      ) : (
        <span className={`badge badge--${label}`} data-testid="stance-badge">
          <span aria-hidden="true">{label === 'supports' ? '✓' : label === 'refutes' ? '✗' : '–'}</span> {STANCE_NAMES[label]}
        </span>
      )}
      <span className="strength__label" aria-hidden="true">
        Classifier confidence
      </span>
      <div
        className="strength"
        role="img"
        aria-label={`Classifier confidence ${uncertain ? `(low; it leans to ${STANCE_NAMES[label].toLowerCase()})` : `in ${STANCE_NAMES[label].toLowerCase()}`}: ${pct}%`}
      >
        <div
          className={`strength__fill strength__fill--${uncertain ? 'uncertain' : label}`}
          style={{ width: `${pct}%`, backgroundColor: uncertain ? undefined : STANCE_COLOURS[label] }}
        />
      </div>
      <span className="strength__value" aria-hidden="true">
        {pct}%{uncertain ? ` · leans ${STANCE_NAMES[label].toLowerCase()}` : ''}
      </span>
    </div>
  );
}

function AddressesBadge({ paper }: { paper: Paper }) {
  if (!paper.addresses) return null;
  const { label, reason } = paper.addresses;
  return (
    <p className="addresses" data-testid="addresses">
      <span className={`badge badge--addresses-${label}`}>{ADDRESSES_NAMES[label]}</span>
      {reason && <span className="addresses__reason"> {reason}</span>}
    </p>
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

const comparable = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** A summary that only repeats the quoted sentence (or is contained in it, or contains it) is not shown. */
export function sameText(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = comparable(a);
  const y = comparable(b);
  return Boolean(x && y) && (x === y || x.includes(y) || y.includes(x));
}

function FullTextMeta({ paper, state }: { paper: Paper; state: FullTextState }) {
  if (paper.full_text_url)
    return (
      <a href={paper.full_text_url} target="_blank" rel="noreferrer noopener">
        Free full text (PubMed Central)<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  if (state === 'unreachable') return <>PubMed Central could not be reached</>;
  if (state === 'checked') return <>No open-access copy</>;
  return null;
}

export interface StudyCardProps {
  paper: Paper;
  highlighted: boolean;
  finished: boolean;
  fullText: FullTextState;
  /** Shown on the highlighted card: return to the citation the reader came from. */
  onBack?: () => void;
  /** The result's glossary (answer.glossary): its terms are explained in the summary and the answering sentence. */
  glossary?: readonly GlossaryEntry[];
}

export const StudyCard = forwardRef<HTMLElement, StudyCardProps>(function StudyCard({ paper, highlighted, finished, fullText, onBack, glossary = [] }, ref) {
  const location = useLocation();
  const venue = paper.venue && paper.venue !== paper.journal ? `${paper.journal ? `${paper.journal} · ` : ''}${paper.venue}` : paper.journal || paper.venue;
  const showSummary = paper.summary && !sameText(paper.summary, paper.best_sentence?.text);
  const fullTextShown = Boolean(paper.full_text_url) || fullText !== 'pending';
  const notAddressed = paper.addresses?.label === 'no';
  return (
    <article
      ref={ref}
      id={`study-${paper.rank}`}
      tabIndex={-1}
      className={`card${highlighted ? ' card--highlighted' : ''}${notAddressed ? ' card--off-question' : ''}`}
      aria-labelledby={`study-${paper.rank}-title`}
      data-testid="study-card"
    >
      <div className="card__rank" aria-hidden="true">
        {paper.rank}
      </div>
      <div className="card__body">
        <h3 id={`study-${paper.rank}-title`} className="card__title">
          <span className="visually-hidden">Study {paper.rank}: </span>
          <Link to={`/documents/${encodeURIComponent(paper.pmid)}`} state={{ from: `${location.pathname}#study-${paper.rank}` }}>
            {paper.title || `PMID ${paper.pmid}`}
          </Link>
        </h3>
        {paper.retracted && <p className="badge badge--refutes">Retracted</p>}
        <AddressesBadge paper={paper} />
        <dl className="meta">
          <div>
            <dt>Year</dt>
            <dd>{paper.year ?? 'unknown'}</dd>
          </div>
          {paper.design && (
            <div>
              <dt>Design</dt>
              <dd title={paper.design.evidence ? `From: ${paper.design.evidence}` : undefined}>{paper.design.name}</dd>
            </div>
          )}
          {paper.sample_size && (
            <div>
              <dt>People</dt>
              <dd title={paper.sample_size.sentence}>{paper.sample_size.n.toLocaleString('en')}</dd>
            </div>
          )}
          {venue && (
            <div>
              <dt>Journal</dt>
              <dd>{venue}</dd>
            </div>
          )}
          <div>
            <dt>Citations</dt>
            <dd>{paper.citation_count ?? 'unavailable'}</dd>
          </div>
          <div>
            <dt>PMID</dt>
            <dd>{paper.pmid}</dd>
          </div>
          {fullTextShown && (
            <div data-testid="full-text">
              <dt>Full text</dt>
              <dd>
                <FullTextMeta paper={paper} state={fullText} />
              </dd>
            </div>
          )}
        </dl>
        <StanceBadge paper={paper} finished={finished} />
        {showSummary && (
          <p className="card__summary">
            <GlossaryText text={paper.summary ?? ''} glossary={glossary} />
          </p>
        )}
        {paper.best_sentence && (
          <blockquote className="card__best">
            <span className="visually-hidden">Answering sentence: </span>
            <GlossaryText text={paper.best_sentence.text} glossary={glossary} />
          </blockquote>
        )}
        <Abstract paper={paper} />
        {highlighted && onBack && (
          <p className="card__back">
            <a
              href="#answer-heading"
              onClick={(e) => {
                e.preventDefault();
                onBack();
              }}
            >
              ↑ Back to the answer
            </a>
          </p>
        )}
      </div>
    </article>
  );
});
