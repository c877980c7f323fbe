import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { rolldown, VERSION, type OutputAsset, type OutputChunk } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { rolldownVersion, type Plugin } from 'vite';

const ITSELF = '\0entry-in-one-file\0';

/**
 * What, besides the chunks themselves, decides the merged file's content: this step's code and the
 * Rolldown that bundles and minifies it. Every chunk's name takes it in (`augmentChunkHash`), so a
 * chunk rewritten to import the merged file never keeps its name with other content when only these
 * change: /assets/ files are cached as immutable, by browsers and by the service worker's precache.
 */
const STEP = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .update(VERSION)
  .digest('hex');

/**
 * Writes the page's entry script and the chunks it imports statically as one file
 * (docs/decisions/0031). Rolldown makes three of them: Vite's entry, a facade that only calls the
 * entry module (app/boot.ts sits in a code-splitting group of its own, so that the modules it shares
 * with the app stay with it), the boot chunk, and its runtime (the helpers every chunk shares). Each
 * module script is a request, a compile and tasks of its own on a slow phone's main thread before the
 * page's own script has run, and no Rolldown option merges them (the decision says which were tried).
 *
 * The three are bundled again, as they were written, into one module that exports what each
 * exported, under a prefix per chunk; every other chunk imports from it under those names instead.
 * The new file is named after its content, as every chunk is. A chunk rewritten here keeps its name:
 * its name already changes with the names of what it imports, so one name still means one content.
 */
export function entryInOneFile(): Plugin {
  return {
    name: 'entry-in-one-file',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      // The bundling here must be the build's own (its runtime helpers, its output).
      if (VERSION !== rolldownVersion)
        throw new Error(
          `entry-in-one-file: rolldown ${VERSION} is not Vite's (${rolldownVersion}); pin the same version`,
        );
    },
    augmentChunkHash: () => STEP,
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const entries = chunks.filter((chunk) => chunk.isEntry);
        if (entries.length !== 1)
          throw new Error(`entry-in-one-file: expected one entry chunk, found ${entries.length}`);
        const entry = entries[0]!;
        // The entry and everything it imports statically: all of it runs before the page's script does.
        const merged = new Map<string, OutputChunk>();
        const add = (fileName: string) => {
          if (merged.has(fileName)) return;
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') throw new Error(`entry-in-one-file: ${fileName} is not a chunk`);
          merged.set(fileName, chunk);
          chunk.imports.forEach(add);
        };
        add(entry.fileName);
        if (merged.size === 1) return;
        const dir = posix.dirname(entry.fileName);
        for (const file of merged.keys())
          if (posix.dirname(file) !== dir)
            throw new Error(`entry-in-one-file: ${file} is not beside ${entry.fileName}`);
        // A dynamic import would get the merged module's namespace, whose names are prefixed: not rewritten here.
        for (const chunk of chunks)
          for (const file of chunk.dynamicImports)
            if (merged.has(file)) throw new Error(`entry-in-one-file: ${chunk.fileName} imports ${file} dynamically`);

        const prefixes = new Map([...merged.keys()].map((fileName, i) => [fileName, `_${i}_`]));
        // The merged code still names the files it was made of (its own preload list): it names
        // itself instead, once its name is known, which comes from its content.
        let code = await bundleTogether(entry, merged, prefixes);
        for (const old of merged.keys()) code = code.replaceAll(posix.basename(old), ITSELF);
        // Named after the largest of them (the boot chunk: Vite's entry is named after index.html).
        const { name } = [...merged.values()].reduce((a, b) => (b.code.length > a.code.length ? b : a));
        const fileName = `${dir}/${name}-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        code = code.replaceAll(ITSELF, posix.basename(fileName));

        const renamed = (file: string) => (merged.has(file) ? fileName : file);
        for (const chunk of chunks) {
          if (merged.has(chunk.fileName)) continue;
          chunk.code = importFromMerged(chunk, merged, prefixes, fileName);
          chunk.imports = [...new Set(chunk.imports.map(renamed))];
        }
        for (const file of merged.keys()) delete bundle[file];
        this.emitFile({ type: 'asset', fileName, source: code });

        for (const item of Object.values(bundle)) {
          if (item.type !== 'asset' || typeof item.source !== 'string') continue;
          if (item.fileName.endsWith('.html')) item.source = htmlWithMerged(item, merged, entry.fileName, fileName);
          else if (item.fileName === 'route-chunks.json') {
            const routes = JSON.parse(item.source) as Record<string, string[]>;
            for (const [route, files] of Object.entries(routes))
              routes[route] = [...new Set(files.map((file) => `/${renamed(file.slice(1))}`))];
            item.source = JSON.stringify(routes);
          }
        }
      },
    },
  };
}

/** The merged chunks as one module: the entry's code, and every other chunk's exports under its prefix. */
async function bundleTogether(
  entry: OutputChunk,
  merged: Map<string, OutputChunk>,
  prefixes: Map<string, string>,
): Promise<string> {
  const dir = posix.dirname(entry.fileName);
  const start = `${dir}/\0entry-in-one-file.js`;
  const lines = [`import './${posix.basename(entry.fileName)}';`];
  for (const [fileName, chunk] of merged) {
    if (chunk === entry || chunk.exports.length === 0) continue;
    lines.push(
      `export { ${chunk.exports.map((name) => `${name} as ${prefixes.get(fileName)}${name}`).join(', ')} } from './${posix.basename(fileName)}';`,
    );
  }
  const build = await rolldown({
    input: start,
    treeshake: false,
    plugins: [
      {
        name: 'merged-chunks',
        resolveId(source, importer) {
          if (source === start) return source;
          const id = posix.join(posix.dirname(importer ?? start), source);
          // The other chunks stay where they are, named as the merged code names them.
          return merged.has(id) ? id : { id: source, external: true };
        },
        load(id) {
          if (id === start) return lines.join('\n');
          return merged.get(id)?.code;
        },
      },
    ],
  });
  const { output } = await build.generate({ format: 'es', minify: true });
  await build.close();
  if (output.length !== 1) throw new Error(`entry-in-one-file: bundling the entry made ${output.length} files`);
  return output[0].code;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Specifier = Node & { imported?: Node & { name?: string; value?: string }; local: Node & { name: string } };

/** A chunk's code importing from the merged file what it imported from the chunks merged into it. */
function importFromMerged(
  chunk: OutputChunk,
  merged: Map<string, OutputChunk>,
  prefixes: Map<string, string>,
  fileName: string,
): string {
  const dir = posix.dirname(chunk.fileName);
  const target = `./${posix.relative(dir, fileName)}`;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of (parseAst(chunk.code) as unknown as { body: Node[] }).body) {
    if (
      node.type !== 'ImportDeclaration' &&
      node.type !== 'ExportNamedDeclaration' &&
      node.type !== 'ExportAllDeclaration'
    )
      continue;
    const source = node.source as (Node & { value: string }) | null;
    if (!source) continue;
    const from = posix.join(dir, source.value);
    const prefix = prefixes.get(from);
    if (prefix === undefined) continue;
    const specifiers = (node.specifiers ?? []) as Specifier[];
    if (
      node.type === 'ExportAllDeclaration' ||
      specifiers.some((s) => s.type !== 'ImportSpecifier' && s.type !== 'ExportSpecifier')
    )
      throw new Error(
        `entry-in-one-file: ${chunk.fileName} imports ${source.value} in a way this step does not rewrite`,
      );
    const names = specifiers.map((s) => {
      const imported = node.type === 'ImportDeclaration' ? s.imported! : s.local;
      const local =
        node.type === 'ImportDeclaration' ? s.local : (s as unknown as { exported: Node & { name: string } }).exported;
      return `${prefix}${imported.name ?? imported.value} as ${local.name}`;
    });
    const keyword = node.type === 'ImportDeclaration' ? 'import' : 'export';
    edits.push({
      start: node.start,
      end: node.end,
      text: names.length
        ? `${keyword}{${names.join(',')}}from${JSON.stringify(target)};`
        : `import${JSON.stringify(target)};`,
    });
  }
  let code = chunk.code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
  // What is left names a merged file as a string: the preload lists (`__vite__mapDeps`).
  for (const old of merged.keys()) code = code.replaceAll(posix.basename(old), posix.basename(fileName));
  return code;
}

/** The page loads the merged file as its entry script, and no longer preloads what it holds. */
function htmlWithMerged(html: OutputAsset, merged: Map<string, OutputChunk>, entry: string, fileName: string): string {
  let source = html.source as string;
  for (const old of merged.keys()) {
    if (old === entry) continue;
    source = source.replace(
      new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${old.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`, 'g'),
      '',
    );
  }
  if (!source.includes(`/${entry}"`)) throw new Error(`entry-in-one-file: ${html.fileName} does not load ${entry}`);
  return source.replaceAll(`/${entry}"`, `/${fileName}"`);
}
