import type { QueryFrame } from '@/types/api';
import { COMPARISON_CLAIM_NAMES, FRAME_KIND_NAMES } from '../words';

const PARTS: Array<[keyof Omit<QueryFrame, 'kind' | 'claim'>, string]> = [
  ['intervention', 'Treatment or exposure'],
  ['comparator', 'Compared with'],
  ['outcome', 'Outcome'],
  ['population', 'In'],
  ['background', 'Added to'],
];

/** "How we read your question": the question's frame in one compact line, so a misreading is visible at once. */
export function FrameSummary({ frame }: { frame: QueryFrame }) {
  const parts = PARTS.filter(([key]) => frame[key]);
  const kind = frame.claim ? COMPARISON_CLAIM_NAMES[frame.claim] : (FRAME_KIND_NAMES[frame.kind] ?? frame.kind);
  return (
    <div className="frame" data-testid="frame">
      <span className="frame__title">How we read your question:</span>
      <dl className="frame__parts">
        <div>
          <dt>Kind</dt>
          <dd>{kind}</dd>
        </div>
        {parts.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{frame[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
