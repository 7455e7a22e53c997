import type { StanceLabel } from '@/types/api';

/** Okabe-Ito colours (safe for the common colour-vision deficiencies); each stance also has a pattern and a word. */
export const STANCE_COLOURS: Record<StanceLabel, string> = {
  supports: '#0072B2', // blue
  refutes: '#D55E00', // vermillion
  neutral: '#7F7F7F', // grey (readable on white, distinct in greyscale)
};

export const STANCE_NAMES: Record<StanceLabel, string> = {
  supports: 'Supports',
  refutes: 'Refutes',
  neutral: 'Neutral',
};

/** Scatter marker shapes so points are told apart without colour. */
export const STANCE_SHAPES: Record<StanceLabel, 'circle' | 'triangle' | 'square'> = {
  supports: 'circle',
  refutes: 'triangle',
  neutral: 'square',
};

/** Papers without a stance: light grey with an outline, always named "Not judged". */
export const UNJUDGED_COLOUR = '#D9D9D9';

export const patternId = (label: StanceLabel): string => `pattern-${label}`;
