// Highlights of a name found by one of its parts (docs/decisions/0026-search-by-name-parts.md).
// The indexes hold a `parts` column: the name with a space at each compound boundary
// ("LeadScout Pro" → "Lead Scout Pro"), written by the triggers of migration 0010. A word found
// there is marked in that text; these functions carry the marks back onto the name itself, so
// 'scout' marks "Scout" inside "LeadScout Pro".
import type { HighlightSegment } from '#common/search.ts';

/** The pieces of FTS5 highlight() output (marks \u0001 … \u0002); null when the marks do not pair up. */
export function parseMarked(marked: string): HighlightSegment[] | null {
  const out: HighlightSegment[] = [];
  // eslint-disable-next-line no-control-regex -- highlight() marks with \u0001 and \u0002, chosen because text rarely holds them
  const re = /\u0001([^\u0001\u0002]*)\u0002|([^\u0001\u0002]+)/gy;
  let consumed = 0;
  for (let m = re.exec(marked); m; m = re.exec(marked)) {
    consumed = re.lastIndex;
    if (m[1] !== undefined) {
      if (m[1]) out.push({ text: m[1], match: true });
    } else out.push({ text: m[2]! });
  }
  return consumed === marked.length ? out : null;
}

/** Unmarked, in a mask: otherwise each character holds the number of the mark it belongs to. */
const NONE = -1;

/** The mark of each character (code unit) of the text the pieces spell; `base` numbers the marks apart. */
const maskOf = (parts: HighlightSegment[], base: number) =>
  parts.flatMap((p, n) => Array.from({ length: p.text.length }, () => (p.match ? base + n : NONE)));

/** Runs of `text` by mark: two marks side by side ("Lead" and "Scout" of "LeadScout") stay two. */
function fromMask(text: string, mask: number[]): HighlightSegment[] {
  const out: HighlightSegment[] = [];
  for (let i = 0; i < text.length;) {
    let j = i;
    while (j < text.length && mask[j] === mask[i]) j++;
    out.push(mask[i] !== NONE ? { text: text.slice(i, j), match: true } : { text: text.slice(i, j) });
    i = j;
  }
  return out;
}

/**
 * The name's highlight: its own marked words, plus the parts marked in the `parts` column. The
 * parts text is the name with spaces added (and, for a hyphenated name, the name again without
 * hyphens, which is ignored here), so walking both side by side skipping the added spaces lines
 * them up. Null when nothing of the name is marked or the texts do not line up.
 */
export function nameHighlight(
  name: string,
  markedName: string | null | undefined,
  markedParts: string | null | undefined,
): HighlightSegment[] | null {
  // A name holding the marker characters itself cannot be told apart from the marks.
  // eslint-disable-next-line no-control-regex -- those are the characters looked for
  if (/[\u0001\u0002]/u.test(name)) return null;
  const mask = Array.from({ length: name.length }, () => NONE);
  const own = markedName ? parseMarked(markedName) : null;
  if (own && own.map((p) => p.text).join('') === name) maskOf(own, 0).forEach((m, i) => (mask[i] = m));
  const parts = markedParts ? parseMarked(markedParts) : null;
  if (parts) {
    const text = parts.map((p) => p.text).join('');
    const partMask = maskOf(parts, name.length + 1);
    for (let i = 0, j = 0; i < name.length && j < text.length;) {
      if (name[i] === text[j]) {
        if (partMask[j] !== NONE && mask[i] === NONE) mask[i] = partMask[j]!;
        i++;
        j++;
      } else if (text[j] === ' ') j++;
      else break;
    }
  }
  return mask.some((m) => m !== NONE) ? fromMask(name, mask) : null;
}

/** Marks characters [start, end) of a text: the typed part of a category's name, say. */
export function markRange(text: string, start: number, end: number): HighlightSegment[] {
  return fromMask(
    text,
    Array.from({ length: text.length }, (_, i) => (i >= start && i < end ? 0 : NONE)),
  );
}

/**
 * Suggestions mark what was typed, not the whole word it starts: 'le' marks "Le" of "Ledger".
 * A marked word that starts with none of the typed words was found despite a typo, and stays
 * marked whole.
 */
export function trimToTyped(segments: HighlightSegment[], typed: string[]): HighlightSegment[] {
  return segments.flatMap((s) => {
    if (!s.match) return [s];
    const lower = s.text.toLowerCase();
    const length = Math.max(0, ...typed.filter((w) => lower.startsWith(w)).map((w) => w.length));
    if (length === 0 || length >= s.text.length || lower.length !== s.text.length) return [s];
    return [{ text: s.text.slice(0, length), match: true as const }, { text: s.text.slice(length) }];
  });
}
