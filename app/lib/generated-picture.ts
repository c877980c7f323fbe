// A picture for agents and people who have not uploaded one (docs/decisions/0028): the seed's style
// (scripts/generate-agent-images.mjs: a two-colour gradient picked from the id, the initials on
// top), drawn as a small inline SVG, the same every time for the same id.

/** The seed's palette. */
const PALETTE: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#7c3aed'],
  ['#0ea5e9', '#2563eb'],
  ['#14b8a6', '#0f766e'],
  ['#f97316', '#db2777'],
  ['#22c55e', '#15803d'],
  ['#6366f1', '#0ea5e9'],
  ['#e11d48', '#9f1239'],
  ['#f59e0b', '#ea580c'],
  ['#8b5cf6', '#c026d3'],
  ['#0891b2', '#4338ca'],
  ['#10b981', '#0284c7'],
  ['#334155', '#0f172a'],
];

/** FNV-1a, 32 bit, as the seed's drawing uses. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The seed's initials: first letters of two words, or a CamelCase word's two capitals, else its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
  const word = words[0] ?? '?';
  const caps = word.match(/\p{Lu}/gu) ?? [];
  return (caps.length >= 2 ? caps.slice(0, 2).join('') : Array.from(word)[0]!).toUpperCase();
}

/** Gradient colours and direction for a seed text (a kind and an id: 'agent:12', 'user:3'). */
export function pictureStyle(seed: string): { from: string; to: string; angle: number } {
  const h = hash(seed);
  const [from, to] = PALETTE[h % PALETTE.length]!;
  return { from, to, angle: ((h >>> 8) % 4) * 45 };
}
