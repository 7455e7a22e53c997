import { Disclaimer } from '@/components/ui/Disclaimer';
import { PageHeading } from '@/components/ui/PageHeading';
import type { Scope } from '@/types/api';

/** Start a new search (the page that renders a result wires this to the searches API). */
export type AskHandler = (question: string) => void;

/** `tel:` keeps only what a dialler uses: digits and a leading +. */
export const telHref = (number: string): string => `tel:${number.replace(/(?!^\+)[^\d]/g, '')}`;

/** An emergency: the message and whom to call, first and alone; nothing was searched. */
export function EmergencyPanel({ scope, question }: { scope: Scope; question: string }) {
  return (
    <section className="emergency" role="alert" aria-labelledby="emergency-heading" data-testid="emergency">
      <PageHeading id="emergency-heading" className="emergency__title">
        This may be an emergency
      </PageHeading>
      <p className="emergency__message">{scope.message}</p>
      {scope.emergency_numbers.length > 0 && (
        <ul className="emergency__numbers" aria-label="Emergency numbers by region">
          {scope.emergency_numbers.map((n) => (
            <li key={`${n.region}-${n.number}`}>
              <span className="emergency__region">{n.region}</span>
              <a className="button button--emergency" href={telHref(n.number)}>
                Call {n.number}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="emergency__note">
        MedSEBA did not search the research for this: studies cannot help in an emergency. You asked: “{question}”
      </p>
    </section>
  );
}

const TITLES: Partial<Record<Scope['kind'], string>> = {
  personal: 'Studies cannot answer this for you',
  off_topic: 'This is not a health question',
  nonsense: 'We could not read a question here',
};

function ExampleQuestions({ scope, onAsk, asking }: { scope: Scope; onAsk: AskHandler; asking: boolean }) {
  return (
    <>
      {scope.covers.length > 0 && (
        <>
          <h2 className="scope__subtitle">What MedSEBA’s library covers</h2>
          <ul className="tags" data-testid="scope-covers">
            {scope.covers.map((c) => (
              <li key={c} className="tag">
                {c}
              </li>
            ))}
          </ul>
        </>
      )}
      {scope.examples.length > 0 && (
        <>
          <h2 className="scope__subtitle">Questions it can answer</h2>
          <ul className="scope__examples" data-testid="scope-examples">
            {scope.examples.map((q) => (
              <li key={q}>
                <button type="button" className="link-button scope__example" onClick={() => onAsk(q)} disabled={asking}>
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** Personal, off-topic or nonsense: why nothing was searched, and a way on (the research question, or examples). */
export function NotSearchedPanel({ scope, question, onAsk, asking }: { scope: Scope; question: string; onAsk: AskHandler; asking: boolean }) {
  return (
    <section className="scope" aria-labelledby="scope-heading" data-testid="scope-notice">
      <p className="eyebrow">Your question</p>
      <p className="scope__question">{question}</p>
      <PageHeading id="scope-heading" className="scope__title">
        {TITLES[scope.kind] ?? 'Nothing was searched'}
      </PageHeading>
      <p className="scope__message">{scope.message}</p>
      {scope.kind === 'personal' && scope.suggestion && (
        <p>
          <button type="button" className="button button--primary" onClick={() => onAsk(scope.suggestion!)} disabled={asking}>
            Search the research: {scope.suggestion}
          </button>
        </p>
      )}
      {(scope.kind === 'off_topic' || scope.kind === 'nonsense') && <ExampleQuestions scope={scope} onAsk={onAsk} asking={asking} />}
      <Disclaimer />
    </section>
  );
}

/** Borderline: the search ran; its caution sits above the verdict. */
export function BorderlineCaution({ scope }: { scope: Scope }) {
  if (!scope.message) return null;
  return (
    <p className="caution" data-testid="scope-caution">
      <strong>Caution:</strong> {scope.message}
    </p>
  );
}
