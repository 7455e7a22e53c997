/**
 * Splitting a text at the glossary's terms (answer.glossary: the terms the server found in this result), so each
 * occurrence can be explained on hover or tap. Pure, so it is tested without rendering.
 */
import type { GlossaryEntry } from '@/types/api';

export type Piece = { text: string; entry?: GlossaryEntry };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` cut into plain pieces and glossary terms (whole words, any case; longer terms win). */
export function splitByGlossary(text: string, glossary: readonly GlossaryEntry[]): Piece[] {
  const entries = [...glossary].filter((e) => e.term.trim()).sort((a, b) => b.term.length - a.term.length);
  if (!text || entries.length === 0) return [{ text }];
  const byTerm = new Map(entries.map((e) => [e.term.toLowerCase(), e]));
  const pattern = new RegExp(`(?<![\\w-])(${entries.map((e) => escape(e.term)).join('|')})(?![\\w-])`, 'gi');
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: match[0], entry: byTerm.get(match[0].toLowerCase()) });
    last = start + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
