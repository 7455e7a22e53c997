import type { Answer } from '@/types/api';
import { splitFirstSentence } from '../citations';
import { CitedText } from './CitedText';

export function AnswerView({ answer, onCite, known }: { answer: Answer; onCite: (rank: number, from: HTMLElement) => void; known: Set<number> }) {
  const [lead, rest] = splitFirstSentence(answer.text);
  const glossary = answer.glossary ?? [];
  return (
    <section className="answer" aria-labelledby="answer-heading" data-testid="answer">
      <h2 id="answer-heading" tabIndex={-1}>
        Answer
      </h2>
      <p className="answer__lead">
        <CitedText text={lead} onCite={onCite} known={known} glossary={glossary} />
      </p>
      {rest && (
        <p>
          <CitedText text={rest} onCite={onCite} known={known} glossary={glossary} />
        </p>
      )}
      {answer.sections.map((s, i) => (
        <div key={`${s.heading}-${i}`} className="answer__section">
          <h3>{s.heading}</h3>
          <p>
            <CitedText text={s.text} onCite={onCite} known={known} glossary={glossary} />
          </p>
        </div>
      ))}
      {answer.kind === 'extractive' && (
        <p className="hint">This answer is built from the studies' own sentences (no language model was used).</p>
      )}
    </section>
  );
}
