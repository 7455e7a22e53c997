import { STANCE_COLOURS, patternId } from './palette';

/** SVG fills: solid for supports, diagonal hatching for refutes, dots for neutral (readable without colour). */
export function StancePatterns() {
  return (
    <defs>
      <pattern id={patternId('supports')} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill={STANCE_COLOURS.supports} />
      </pattern>
      <pattern id={patternId('refutes')} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill={STANCE_COLOURS.refutes} />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" strokeWidth="3" />
      </pattern>
      <pattern id={patternId('neutral')} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill={STANCE_COLOURS.neutral} />
        <circle cx="4" cy="4" r="1.6" fill="#ffffff" />
      </pattern>
    </defs>
  );
}
