/** The "not medical advice" sentence: one text for the footer and for the line under a result's verdict. */
export const NOT_MEDICAL_ADVICE =
  'MedSEBA summarises published studies; it is not medical advice. Talk to a health professional about your own care.';

export function Disclaimer({ className = 'disclaimer' }: { className?: string }) {
  return (
    <p className={className} data-testid="disclaimer">
      {NOT_MEDICAL_ADVICE}
    </p>
  );
}
