/** Assertions shared by component tests. */
import { expect } from 'vitest';

/** The element's text holds each of `texts` (each checked, and reported, on its own). */
export function expectTexts(element: HTMLElement, texts: string[]): void {
  for (const text of texts) expect(element).toHaveTextContent(text);
}
