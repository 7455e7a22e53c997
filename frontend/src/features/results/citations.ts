/** Split text at citation markers like [1], [2, 5] or [3-4] so each number can become a link to its study. */

export type CitationPart = { kind: 'text'; text: string } | { kind: 'refs'; refs: number[]; raw: string };

const MARKER = /\[(\d+(?:\s*[-–,]\s*\d+)*)\]/g;

function expand(body: string): number[] {
  const refs: number[] = [];
  for (const piece of body.split(',')) {
    const [a, b] = piece.split(/[-–]/).map((s) => Number.parseInt(s.trim(), 10));
    if (b !== undefined && !Number.isNaN(b) && b >= a && b - a < 50) {
      for (let n = a; n <= b; n += 1) refs.push(n);
    } else if (!Number.isNaN(a)) {
      refs.push(a);
    }
  }
  return refs;
}

export function splitCitations(text: string): CitationPart[] {
  const parts: CitationPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'refs', refs: expand(match[1]), raw: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** First sentence and the rest, so the answer's lead can be shown prominently. */
export function splitFirstSentence(text: string): [string, string] {
  const match = text.match(/^(.+?[.!?](?:\s*\[[^\]]+\])*)(\s+)(?=[A-Z(])/s);
  if (!match) return [text.trim(), ''];
  return [match[1].trim(), text.slice(match[0].length).trim()];
}

/** Locate the best sentence inside the abstract, for highlighting: [before, sentence, after] or null. */
export function splitAtSentence(abstract: string, sentence: string): [string, string, string] | null {
  const target = sentence.trim();
  if (!target) return null;
  let at = abstract.indexOf(target);
  if (at < 0) {
    // Whitespace may differ between the stored abstract and the split sentence.
    const pattern = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    const m = abstract.match(new RegExp(pattern));
    if (!m || m.index === undefined) return null;
    at = m.index;
    return [abstract.slice(0, at), m[0], abstract.slice(at + m[0].length)];
  }
  return [abstract.slice(0, at), target, abstract.slice(at + target.length)];
}
