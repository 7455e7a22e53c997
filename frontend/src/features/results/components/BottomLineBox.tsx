import type { Answer, ReadingMode } from '@/types/api';
import { GlossaryText } from './GlossaryText';

/**
 * The bottom line at the top of the result, in the reading mode's words (the server sends only that mode's text):
 * the verdict in one sentence, what it means, how sure and why, and the box's summary of the strongest study
 * types and what is still uncertain.
 */
export function BottomLineBox({ answer, mode }: { answer: Answer; mode: ReadingMode }) {
  const text = answer.modes?.[mode];
  if (!text) return null;
  const glossary = answer.glossary ?? [];
  const uncertain = answer.bottom_line?.uncertain ?? [];
  return (
    <section className="bottom-line" aria-labelledby="bottom-line-heading" data-testid="bottom-line" data-mode={mode}>
      <h2 id="bottom-line-heading" className="bottom-line__title">Bottom line</h2>
      <p className="bottom-line__headline" data-testid="mode-headline">
        <GlossaryText text={text.headline} glossary={glossary} />
      </p>
      <p data-testid="mode-explanation">
        <GlossaryText text={text.explanation} glossary={glossary} />
      </p>
      <p className="bottom-line__certainty" data-testid="mode-certainty">
        <GlossaryText text={text.certainty} glossary={glossary} />
      </p>
      {(answer.bottom_line?.strongest.length ?? 0) > 0 && (
        <p data-testid="bottom-line-strongest">
          <strong>{mode === 'lay' ? 'Best evidence: ' : 'Strongest designs: '}</strong>
          <GlossaryText text={answer.bottom_line!.strongest.map((d) => `${d.name} (${d.count})`).join(', ')} glossary={glossary} />
        </p>
      )}
      {uncertain.length > 0 && (
        <div data-testid="bottom-line-uncertain">
          <strong>{mode === 'lay' ? 'Still unclear:' : 'Uncertain:'}</strong>
          <ul>
            {uncertain.map((u) => (
              <li key={u.code}>
                <GlossaryText text={mode === 'lay' ? u.lay : u.clinician} glossary={glossary} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
