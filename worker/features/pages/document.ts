import { PAGE_MODULES_META, QUERY_STATE_ELEMENT_ID, type PageHead } from '#common/ssr.ts';
import { escapeHtml, safeJson, safeJsonText } from '#worker/lib/html-text.ts';

const ROOT = '<div id="root"></div>';
const HEADER_BAR = /<!-- app-shell-bar -->[\s\S]*?<!-- \/app-shell-bar -->\s*/;

/** The page's own title, description, canonical address, social tags and structured data. */
export function headTags(head: PageHead, origin: string): string[] {
  const url = origin + head.canonicalPath;
  // Absolute, from the configured origin as the canonical address is (docs/decisions/0024): link previews need a full URL.
  const image = new URL(head.image ?? '/icons/icon-512.png', origin).toString();
  const preload = head.preloadImage === undefined ? head.image : head.preloadImage;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex, follow" />'] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="AgentMarket" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(head.imageSize
      ? [
          `<meta property="og:image:width" content="${head.imageSize.width}" />`,
          `<meta property="og:image:height" content="${head.imageSize.height}" />`,
        ]
      : []),
    ...(head.imageAlt ? [`<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ...(head.imageAlt ? [`<meta name="twitter:image:alt" content="${escapeHtml(head.imageAlt)}" />`] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`] : []),
    // The picture in view is the largest paint: fetched with the page, not once the markup is parsed.
    ...(preload ? [`<link rel="preload" as="image" href="${escapeHtml(preload)}" />`] : []),
  ];
}

/** A meta tag for the entry script (app/boot.ts), its content escaped. */
const metaTag = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;

/**
 * The built index.html around the server-rendered app: the page's head, the app's markup in #root
 * (streamed between `before` and `after`) and the query cache it was rendered from. `metas`: what the
 * entry script is told by name (common/ssr.ts). Replacements use functions, so `$&` and friends in
 * an agent's name are just text.
 */
export function pageDocument(
  shell: string,
  head: PageHead,
  origin: string,
  state: string,
  chunks: string[] = [],
  metas: Record<string, string> = {},
): { before: string; after: string } {
  const tags = [...headTags(head, origin), ...Object.entries(metas).map(([name, content]) => metaTag(name, content))];
  // The app's first-load chunks (the plain shell preloads them from its header bar block, which goes)
  // and the page's own code (lazy chunks): app/boot.ts fetches them all at once when the page is
  // painted, though it runs React's code and the app's in tasks of their own (docs/decisions/0018).
  const appModules = [
    ...(HEADER_BAR.exec(shell)?.[0] ?? '').matchAll(/<link rel="modulepreload"[^>]*?href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const modules = [...appModules, ...chunks.filter((file) => !shell.includes(file))];
  if (modules.length > 0) tags.push(metaTag(PAGE_MODULES_META, modules.join(' ')));
  const html = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
    // The real header comes with the markup: the stand-in bar for the plain shell is not needed.
    .replace(HEADER_BAR, () => '');
  const at = html.indexOf(ROOT);
  if (at < 0) throw new Error('index.html has no empty #root');
  const stateScript = `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${safeJsonText(state)}</script>`;
  return {
    before: `${html.slice(0, at)}<div id="root">`,
    after: `</div>\n    ${stateScript}${html.slice(at + ROOT.length)}`,
  };
}

/** The plain shell naming a page's chunks that it does not already load (app/boot.ts fetches them when it starts). */
export function shellDocument(shell: string, chunks: string[]): string {
  const modules = chunks.filter((file) => !shell.includes(file));
  if (modules.length === 0) return shell;
  return shell.replace('</head>', () => `    ${metaTag(PAGE_MODULES_META, modules.join(' '))}\n  </head>`);
}

/** before + the app's stream + after, as one response body. */
export function concatStream(
  before: string,
  body: ReadableStream<Uint8Array>,
  after: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(before));
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        controller.enqueue(value);
      }
      controller.enqueue(encoder.encode(after));
      controller.close();
    },
  });
}
