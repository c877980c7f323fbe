#!/usr/bin/env node
// Draws a cover image for every demo agent that has one, plus the shared fallback:
//   node scripts/generate-agent-images.mjs
// Output: public/agents/<slug>.webp and public/agents/fallback.webp. Each is drawn as SVG (the same
// slug always gives the same gradient and shapes) and rasterised by Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). WebP rather than the SVG itself: a browser parses, lays out and paints every SVG
// picture on the page's main thread, while a WebP decodes off it; and social networks show WebP
// previews (og:image) but not SVG ones.
/* global Image, document -- the drawing runs inside Chromium */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { agents } from './seed-data.mjs';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'agents');
const W = 640;
const H = 400;

/** Tasteful two-colour gradients; each agent gets one picked from its slug. */
const PALETTE = [
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

/** FNV-1a, 32 bit. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Small deterministic generator (mulberry32) seeded from the slug hash. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * First letters of the first two words ("LeadScout Pro" -> "LP"). A one-word name uses its
 * first two capitals when it is CamelCase ("LedgerLens" -> "LL"), else its first letter.
 */
export function initials(name) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  const caps = (words[0] ?? '').match(/[A-Z]/g) ?? [];
  return (caps.length >= 2 ? caps.slice(0, 2).join('') : (words[0] ?? '?')[0]).toUpperCase();
}

const r0 = (n) => Math.round(n);
const op = (n) => n.toFixed(2);

function agentSvg(agent) {
  const h = hash(agent.slug);
  const rand = prng(h);
  const [from, to] = PALETTE[h % PALETTE.length];
  const angle = (h >>> 8) % 4; // gradient direction
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 0, 1, 0],
    [0, 1, 1, 0],
  ][angle];

  const shapes = [];
  const count = 4 + (h % 3);
  for (let i = 0; i < count; i++) {
    const x = r0(rand() * W);
    const y = r0(rand() * H);
    const opacity = op(0.07 + rand() * 0.13);
    if (rand() < 0.55) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${r0(30 + rand() * 130)}" fill="#fff" fill-opacity="${opacity}"/>`);
    } else {
      const w = r0(70 + rand() * 200);
      const hh = r0(50 + rand() * 140);
      const rot = r0(rand() * 90 - 45);
      shapes.push(
        `<rect x="${x - r0(w / 2)}" y="${y - r0(hh / 2)}" width="${w}" height="${hh}" rx="${r0(12 + rand() * 24)}" fill="#fff" fill-opacity="${opacity}" transform="rotate(${rot} ${x} ${y})"/>`,
      );
    }
  }
  // A thin ring for depth, also placed from the hash.
  shapes.push(
    `<circle cx="${r0(rand() * W)}" cy="${r0(rand() * H)}" r="${r0(80 + rand() * 90)}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="2"/>`,
  );

  const title = escapeXml(agent.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="t">`,
    `<title id="t">${title}</title>`,
    `<defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    ...shapes,
    `<text x="${W / 2}" y="${H / 2}" text-anchor="middle" dominant-baseline="central" font-family="system-ui,sans-serif" font-weight="700" font-size="150" fill="#fff" letter-spacing="4">${escapeXml(initials(agent.name))}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

function fallbackSvg() {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="t">`,
    '<title id="t">AI agent</title>',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#94a3b8"/><stop offset="1" stop-color="#64748b"/></linearGradient></defs>',
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    '<circle cx="90" cy="330" r="120" fill="#fff" fill-opacity="0.07"/>',
    '<circle cx="560" cy="70" r="90" fill="#fff" fill-opacity="0.07"/>',
    '<g fill="#fff">',
    // antenna
    '<rect x="316" y="88" width="8" height="40" rx="4"/>',
    '<circle cx="320" cy="84" r="12"/>',
    // ears
    '<rect x="222" y="178" width="22" height="60" rx="8" fill-opacity="0.85"/>',
    '<rect x="396" y="178" width="22" height="60" rx="8" fill-opacity="0.85"/>',
    // head
    '<rect x="240" y="128" width="160" height="150" rx="32"/>',
    '</g>',
    // face
    '<circle cx="288" cy="192" r="17" fill="#475569"/>',
    '<circle cx="352" cy="192" r="17" fill="#475569"/>',
    '<rect x="284" y="236" width="72" height="12" rx="6" fill="#475569"/>',
    // shoulders
    '<rect x="250" y="292" width="140" height="40" rx="16" fill="#fff" fill-opacity="0.85"/>',
    '</svg>',
    '',
  ].join('\n');
}

const QUALITY = 0.8;

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();

/** The SVG drawn at its own size and encoded as WebP. */
async function webp(svg) {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height, quality }) => {
      const img = new Image();
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(img, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality);
    },
    { svg, width: W, height: H, quality: QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('this Chromium cannot encode WebP');
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

let written = 0;
try {
  for (const agent of agents) {
    if (!agent.image) continue;
    writeFileSync(path.join(OUT_DIR, path.basename(agent.image)), await webp(agentSvg(agent)));
    written++;
  }
  writeFileSync(path.join(OUT_DIR, 'fallback.webp'), await webp(fallbackSvg()));
} finally {
  await browser.close();
}
console.log(`Wrote ${written} agent images and fallback.webp to ${path.relative(process.cwd(), OUT_DIR) || OUT_DIR}`);
