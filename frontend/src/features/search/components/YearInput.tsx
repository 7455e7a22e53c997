/**
 * One labelled year box of the filters ("From" / "To"): the two differ only in name, value and error id, so
 * they share this one input rather than two copies of it.
 */
export function YearInput({
  label,
  name,
  value,
  onChange,
  min,
  max,
  invalid,
  errorId,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  invalid: boolean;
  errorId: string;
}) {
  return (
    <label>
      {label}
      <input
        type="number"
        inputMode="numeric"
        name={name}
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={errorId}
      />
    </label>
  );
}
