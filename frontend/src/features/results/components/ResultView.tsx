import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Disclaimer } from '@/components/ui/Disclaimer';
import { PageHeading } from '@/components/ui/PageHeading';
import type { Paper, ReadingMode, SearchDocument } from '@/types/api';
import { pmcUnreachable } from '../outage';
import { AnswerView } from './AnswerView';
import { BottomLineBox } from './BottomLineBox';
import { FailureList } from './FailureList';
import { FilterChips } from './FilterChips';
import { FrameSummary } from './FrameSummary';
import { ModeSwitch } from './ModeSwitch';
import { ProgressPanel } from './ProgressPanel';
import { QueryPanel } from './QueryPanel';
import { BorderlineCaution, EmergencyPanel, NotSearchedPanel, type AskHandler } from './ScopePanels';
import { StudyCard, type FullTextState } from './StudyCard';
import { TrialCards } from './TrialCards';
import { VerdictLine } from './VerdictLine';

const STUDY_HASH = /^#study-(\d+)$/;
const byRank = (a: Paper, b: Paper) => a.rank - b.rank;

/**
 * The highlighted study lives in the URL (#study-n, pushed as a history entry): Back returns to the answer
 * instead of leaving the page, and focus goes back to the [n] link the reader followed.
 */
function useStudyJump(ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const match = STUDY_HASH.exec(location.hash);
  const highlighted = match ? Number(match[1]) : null;
  const cards = useRef(new Map<number, HTMLElement>());
  const from = useRef<HTMLElement | null>(null);
  const pushed = useRef(false);
  const previous = useRef<number | null>(null);

  const onCite = useCallback(
    (rank: number, link: HTMLElement) => {
      from.current = link;
      pushed.current = true;
      navigate({ hash: `study-${rank}` });
    },
    [navigate],
  );

  const onBack = useCallback(() => {
    if (pushed.current) {
      pushed.current = false;
      navigate(-1);
    } else {
      navigate({ hash: '' }, { replace: true });
    }
  }, [navigate]);

  useEffect(() => {
    if (!ready) return;
    if (highlighted !== null) {
      const el = cards.current.get(highlighted);
      if (!el) return;
      el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      el.focus({ preventScroll: true });
    } else if (previous.current !== null) {
      const target = from.current?.isConnected ? from.current : document.getElementById('answer-heading');
      target?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      target?.focus({ preventScroll: true });
    }
    previous.current = highlighted;
  }, [highlighted, location.key, ready]);

  const cardRef = useCallback(
    (rank: number) => (el: HTMLElement | null) => {
      if (el) cards.current.set(rank, el);
      else cards.current.delete(rank);
    },
    [],
  );
  return { highlighted, onCite, onBack, cardRef };
}

/**
 * One search's result as far as it is known. Order: question, the scope guard's panel when nothing was searched,
 * progress, the verdict with the "not medical advice" line, the answer, what is missing, the studies, the charts.
 */
export function ResultView({ doc, charts, table, onAsk, asking = false, mode, onMode }: { doc: SearchDocument; charts?: ReactNode; table?: ReactNode; onAsk: AskHandler; asking?: boolean; mode?: ReadingMode; onMode?: (mode: ReadingMode) => void }) {
  const [view, setView] = useState<'cards' | 'table'>('cards'); // the evidence table (if given) beside the cards
  const known = useMemo(() => new Set(doc.papers.map((p) => p.rank)), [doc.papers]);
  const running = doc.status === 'queued' || doc.status === 'running';
  const { highlighted, onCite: jump, onBack, cardRef } = useStudyJump(doc.papers.length > 0);
  // A cited [n] jumps to its card, so the cards must be showing.
  const onCite = useCallback((rank: number, link: HTMLElement) => { setView('cards'); jump(rank, link); }, [jump]);
  const scope = doc.scope ?? null;

  if (scope && !scope.searched) {
    if (scope.kind === 'emergency') return <EmergencyPanel scope={scope} question={doc.question} />;
    return <NotSearchedPanel scope={scope} question={doc.question} onAsk={onAsk} asking={asking} />;
  }

  const sorted = [...doc.papers].sort(byRank);
  const onQuestion = sorted.filter((p) => p.addresses?.label !== 'no');
  const offQuestion = sorted.filter((p) => p.addresses?.label === 'no');
  const fullText: FullTextState = running ? 'pending' : pmcUnreachable(doc.failures ?? []) ? 'unreachable' : 'checked';
  const verdict = doc.answer?.verdict ?? null;

  const card = (p: Paper) => (
    <li key={p.pmid}>
      <StudyCard paper={p} highlighted={highlighted === p.rank} finished={!running} fullText={fullText} onBack={onBack} glossary={doc.answer?.glossary ?? []} ref={cardRef(p.rank)} />
    </li>
  );

  return (
    <div className="result">
      <header className="result__head">
        <p className="eyebrow">Question</p>
        <PageHeading className="result__question">{doc.question}</PageHeading>
        {doc.query?.frame && <FrameSummary frame={doc.query.frame} />}
        <FilterChips filters={doc.filters} papers={doc.papers} />
        {doc.anonymous && <p className="badge badge--neutral">Anonymous — not stored, expires soon</p>}
        {mode && onMode && <ModeSwitch mode={mode} onChange={onMode} />}
      </header>

      {running && <ProgressPanel doc={doc} />}

      {doc.status === 'failed' && (
        <section className="alert alert--error" role="alert" data-testid="search-failed">
          <h2 className="alert__title">This search could not be completed</h2>
          <p>{doc.error || 'The search stopped before it could finish.'}</p>
        </section>
      )}

      {scope?.kind === 'borderline' && <BorderlineCaution scope={scope} />}
      {verdict ? <VerdictLine verdict={verdict} /> : doc.answer && <Disclaimer />}
      {doc.answer && <BottomLineBox answer={doc.answer} mode={doc.mode ?? mode ?? 'lay'} />}

      {doc.answer ? (
        <AnswerView answer={doc.answer} onCite={onCite} known={known} />
      ) : (
        running && doc.papers.length > 0 && <p className="hint">The answer is being written…</p>
      )}
      {doc.status === 'done' && !doc.answer && <p className="hint">No answer could be written for this search.</p>}

      <FailureList failures={doc.failures ?? []} source={doc.source} />
      <TrialCards trials={doc.trials} failures={doc.failures ?? []} pending={running && doc.papers.length > 0 && !(doc.branches ?? []).includes('enrich')} />

      {doc.query && <QueryPanel query={doc.query} source={doc.source} />}

      <section aria-labelledby="studies-heading" className="studies">
        <h2 id="studies-heading">Studies{doc.papers.length ? ` (${doc.papers.length})` : ''}</h2>
        {doc.papers.length === 0 ? (
          <p className="hint">{running ? 'The most relevant studies appear here as soon as they are ranked…' : 'No study was found for this question.'}</p>
        ) : (
          <>
            <p className="hint studies__how" data-testid="stance-explained">
              Each study’s stance is judged by an automatic classifier. The bar shows how confident the classifier is in that label — not how
              strong the study’s evidence is. When its confidence is low the stance reads “Uncertain”.
            </p>
            {table && (
              <div className="segmented studies__views" role="group" aria-label="Show the studies as">
                <button type="button" aria-pressed={view === 'cards'} onClick={() => setView('cards')}>
                  Cards
                </button>
                <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')} data-testid="show-table">
                  Table
                </button>
              </div>
            )}
            {table && view === 'table' && table}
            {view === 'cards' && onQuestion.length > 0 && <ol className="cards">{onQuestion.map(card)}</ol>}
            {view === 'cards' && offQuestion.length > 0 && (
              <section aria-labelledby="off-question-heading" className="studies__off" data-testid="off-question">
                <h3 id="off-question-heading">Studies that do not address your question ({offQuestion.length})</h3>
                <p className="hint">Found by the search but about something else; the verdict does not count them.</p>
                <ol className="cards">{offQuestion.map(card)}</ol>
              </section>
            )}
          </>
        )}
      </section>

      {doc.papers.length > 0 && charts}
    </div>
  );
}
