import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useReadingMode } from '@/features/results';
import { ApiError } from '@/lib/api-client';
import type { CreatedSearch, SearchRequest } from '@/types/api';
import { useCreateSearch } from '../api/create-search';
import { foldedLength, lengthError, useLimits } from '../api/get-limits';
import { EXAMPLE_QUESTIONS, PUBLICATION_TYPE_OPTIONS } from '../examples';
import { YearInput } from './YearInput';

function parseYear(raw: string): number | null {
  const trimmed = raw.trim();
  return trimmed ? Number.parseInt(trimmed, 10) : null;
}

function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {messages.join(' ')}
    </p>
  );
}

/** The question box: examples, filters, the anonymous switch; Enter submits, Shift+Enter adds a line. */
export function AskForm({ onCreated, signedIn }: { onCreated: (created: CreatedSearch) => void; signedIn: boolean }) {
  const uid = useId();
  const [question, setQuestion] = useState('');
  const [fromYear, setFromYear] = useState('');
  const [toYear, setToYear] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [anonymous, setAnonymous] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [mode] = useReadingMode(); // the remembered lay / clinician choice, as the result page's "Ask again" sends it
  const mutation = useCreateSearch({ onCreated });
  const limits = useLimits().data;
  const limit = limits?.question_max_chars;
  const tooLong = lengthError(question, limit);
  const apiError = mutation.error instanceof ApiError ? mutation.error : null;
  const fields = apiError?.fields ?? {};
  const questionErrors = [...(tooLong ? [tooLong] : localError ? [localError] : []), ...(fields.question ?? [])];

  const submit = () => {
    if (mutation.isPending) return;
    if (!question.trim()) {
      setLocalError('Please type a question; it is empty.');
      return;
    }
    if (tooLong) return; // said inline already; a cut question would be a different question
    setLocalError(null);
    const request: SearchRequest = {
      question: question.trim(),
      filters: { from_year: parseYear(fromYear), to_year: parseYear(toYear), publication_types: types },
      anonymous,
      mode,
    };
    mutation.mutate(request);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const toggleType = (type: string) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));

  const years = [
    { label: 'From', name: 'from_year', value: fromYear, set: setFromYear, errorSuffix: 'fyerr' },
    { label: 'To', name: 'to_year', value: toYear, set: setToYear, errorSuffix: 'tyerr' },
  ] as const;

  const otherErrors = apiError
    ? Object.entries(fields).filter(([k]) => !['question', 'from_year', 'to_year', 'publication_types'].includes(k))
    : [];

  return (
    <form className="ask" onSubmit={onSubmit} noValidate aria-describedby={`${uid}-help`}>
      <label htmlFor={`${uid}-q`} className="ask__label">
        Your health question
      </label>
      <div className="ask__box">
        <textarea
          id={`${uid}-q`}
          name="question"
          rows={2}
          value={question}
          placeholder="e.g. Does sumatriptan relieve migraine?"
          onChange={(e) => {
            setQuestion(e.target.value);
            if (localError) setLocalError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={questionErrors.length > 0}
          aria-describedby={`${uid}-help ${uid}-qerr`}
        />
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Asking…' : 'Ask'}
        </button>
      </div>
      <p id={`${uid}-help`} className="hint">
        Press Enter to ask, Shift+Enter for a new line.{' '}
        <span data-testid="question-length">
          {limit !== undefined ? `${foldedLength(question)}/${limit}` : foldedLength(question)} characters.
        </span>
      </p>
      <FieldErrors id={`${uid}-qerr`} messages={questionErrors} />

      <div className="examples">
        <span id={`${uid}-ex`} className="examples__label">
          Try:
        </span>
        <ul aria-labelledby={`${uid}-ex`}>
          {EXAMPLE_QUESTIONS.map((q) => (
            <li key={q}>
              <button
                type="button"
                className="chip"
                onClick={() => {
                  setQuestion(q);
                  setLocalError(null);
                }}
              >
                {q}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <details className="filters">
        <summary>Filters{types.length || fromYear || toYear ? ' (active)' : ''}</summary>
        <div className="filters__body">
          <fieldset className="filters__years">
            <legend>Publication years</legend>
            {years.map((year) => (
              <YearInput
                key={year.name}
                label={year.label}
                name={year.name}
                min={limits?.min_year}
                max={limits?.max_year}
                value={year.value}
                onChange={year.set}
                invalid={Boolean(fields[year.name])}
                errorId={`${uid}-${year.errorSuffix}`}
              />
            ))}
            <FieldErrors id={`${uid}-fyerr`} messages={fields.from_year} />
            <FieldErrors id={`${uid}-tyerr`} messages={fields.to_year} />
          </fieldset>
          <fieldset className="filters__types">
            <legend>Publication types (any of)</legend>
            {PUBLICATION_TYPE_OPTIONS.map((type) => (
              <label key={type} className="check">
                <input type="checkbox" checked={types.includes(type)} onChange={() => toggleType(type)} />
                {type}
              </label>
            ))}
            <FieldErrors id={`${uid}-pterr`} messages={fields.publication_types} />
          </fieldset>
        </div>
      </details>

      <label className="switch">
        <input type="checkbox" role="switch" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
        <span>
          Anonymous search
          <span className="hint">
            {' '}
            — nothing about the question is stored{signedIn ? ' or kept in your history' : ''}; the result expires after about an hour.
          </span>
        </span>
      </label>

      {apiError && !Object.keys(fields).length && (
        <p className="alert alert--error" role="alert">
          {apiError.message}
        </p>
      )}
      {otherErrors.map(([k, msgs]) => (
        <p key={k} className="alert alert--error" role="alert">
          {msgs.join(' ')}
        </p>
      ))}
      {mutation.error && !apiError && (
        <p className="alert alert--error" role="alert">
          {mutation.error.message}
        </p>
      )}
    </form>
  );
}
