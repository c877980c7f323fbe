// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { VERSION, type OutputAsset, type OutputBundle, type OutputChunk } from 'rolldown';
import { afterEach, expect, it } from 'vitest';
import { entryInOneFile } from './entry-in-one-file';

/** A bundle shaped as Rolldown writes ours: a facade entry, the boot chunk, the runtime, and a page importing from both. */
function bundleLike(): OutputBundle {
  const chunk = (fileName: string, code: string, exports: string[], imports: string[], isEntry = false): OutputChunk =>
    ({
      type: 'chunk',
      fileName,
      name: fileName.replace(/-.*$/, '').replace('assets/', ''),
      code,
      exports,
      imports,
      dynamicImports: [],
      isEntry,
      facadeModuleId: null,
    }) as unknown as OutputChunk;
  const asset = (fileName: string, source: string): OutputAsset =>
    ({ type: 'asset', fileName, source }) as unknown as OutputAsset;
  return {
    'assets/rolldown-runtime-AAAAAAAA.js': chunk(
      'assets/rolldown-runtime-AAAAAAAA.js',
      'var e=0,t=()=>++e;export{t,e as n};',
      ['n', 't'],
      [],
    ),
    'assets/boot-BBBBBBBB.js': chunk(
      'assets/boot-BBBBBBBB.js',
      'import{t as e}from"./rolldown-runtime-AAAAAAAA.js";const d=["assets/page-DDDDDDDD.js","assets/rolldown-runtime-AAAAAAAA.js"];let t=[];function n(){t.push(e())}export{n as t,t as x,d as m};',
      ['m', 't', 'x'],
      ['assets/rolldown-runtime-AAAAAAAA.js'],
    ),
    'assets/index-CCCCCCCC.js': chunk(
      'assets/index-CCCCCCCC.js',
      'import"./rolldown-runtime-AAAAAAAA.js";import{t as e}from"./boot-BBBBBBBB.js";e();',
      [],
      ['assets/rolldown-runtime-AAAAAAAA.js', 'assets/boot-BBBBBBBB.js'],
      true,
    ),
    'assets/page-DDDDDDDD.js': chunk(
      'assets/page-DDDDDDDD.js',
      'import{t as a}from"./rolldown-runtime-AAAAAAAA.js";import{t as b,x}from"./boot-BBBBBBBB.js";b();export const seen=()=>[a(),x.length];',
      ['seen'],
      ['assets/rolldown-runtime-AAAAAAAA.js', 'assets/boot-BBBBBBBB.js'],
    ),
    'index.html': asset(
      'index.html',
      '<script type="module" crossorigin src="/assets/index-CCCCCCCC.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-AAAAAAAA.js">\n    <link rel="modulepreload" crossorigin href="/assets/boot-BBBBBBBB.js">',
    ),
    'route-chunks.json': asset(
      'route-chunks.json',
      JSON.stringify({
        page: ['/assets/page-DDDDDDDD.js', '/assets/boot-BBBBBBBB.js', '/assets/rolldown-runtime-AAAAAAAA.js'],
      }),
    ),
  };
}

async function merge(bundle: OutputBundle): Promise<void> {
  const plugin = entryInOneFile();
  const hook = plugin.generateBundle as unknown as {
    handler: (this: unknown, options: unknown, bundle: OutputBundle) => Promise<void>;
  };
  const context = {
    emitFile: ({ fileName, source }: { fileName: string; source: string }) =>
      void (bundle[fileName] = { type: 'asset', fileName, source } as unknown as OutputAsset),
  };
  await hook.handler.call(context, {}, bundle);
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it('writes the entry and what it imports as one file, which the page loads, and the other chunks import from it', async () => {
  const bundle = bundleLike();
  await merge(bundle);
  const files = Object.keys(bundle).filter((file) => file.startsWith('assets/'));
  const merged = files.find((file) => /^assets\/boot-[\w-]{8}\.js$/.test(file) && file !== 'assets/boot-BBBBBBBB.js')!;
  expect(files.sort()).toEqual([merged, 'assets/page-DDDDDDDD.js'].sort());
  const html = (bundle['index.html'] as OutputAsset).source as string;
  expect(html).toBe(`<script type="module" crossorigin src="/${merged}"></script>`);
  expect(JSON.parse((bundle['route-chunks.json'] as OutputAsset).source as string)).toEqual({
    page: ['/assets/page-DDDDDDDD.js', `/${merged}`],
  });
  // Nothing names a file that is gone, the merged file's own preload list included.
  for (const file of files)
    expect(String((bundle[file] as OutputChunk).code ?? (bundle[file] as OutputAsset).source)).not.toMatch(
      /AAAAAAAA|BBBBBBBB|CCCCCCCC/,
    );
  expect((bundle['assets/page-DDDDDDDD.js'] as OutputChunk).imports).toEqual([merged]);

  // Run as the browser would: the entry first, then the page; both share one runtime and one boot.
  const dir = mkdtempSync(join(tmpdir(), 'entry-in-one-file-'));
  dirs.push(dir);
  for (const file of files)
    writeFileSync(
      join(dir, file.replace('assets/', '')),
      String((bundle[file] as OutputChunk).code ?? (bundle[file] as OutputAsset).source),
    );
  expect(readdirSync(dir)).toHaveLength(2);
  await import(pathToFileURL(join(dir, merged.replace('assets/', ''))).href);
  const page = (await import(pathToFileURL(join(dir, 'page-DDDDDDDD.js')).href)) as { seen: () => [number, number] };
  // The runtime's counter ran twice (the entry's call and the page's) before this third call; the boot's list holds both.
  expect(page.seen()).toEqual([3, 2]);
  // Its own preload list names the file it is now where it named one it was made of.
  expect(readFileSync(join(dir, merged.replace('assets/', '')), 'utf8')).toContain(merged);
});

it('the name follows the content: the same bundle, the same name; a change, another', async () => {
  const [one, two, changed] = [bundleLike(), bundleLike(), bundleLike()];
  (changed['assets/boot-BBBBBBBB.js'] as OutputChunk).code = (
    changed['assets/boot-BBBBBBBB.js'] as OutputChunk
  ).code.replace('t.push(e())', 't.push(e(),1)');
  for (const bundle of [one, two, changed]) await merge(bundle);
  const name = (bundle: OutputBundle) => Object.keys(bundle).find((file) => file.startsWith('assets/boot-'));
  expect(name(one)).toBe(name(two));
  expect(name(changed)).not.toBe(name(one));
});

it('refuses a chunk that imports a merged one dynamically (its names are prefixed), rather than break it quietly', async () => {
  const bundle = bundleLike();
  (bundle['assets/page-DDDDDDDD.js'] as OutputChunk).dynamicImports = ['assets/boot-BBBBBBBB.js'];
  await expect(merge(bundle)).rejects.toThrow('assets/page-DDDDDDDD.js imports assets/boot-BBBBBBBB.js dynamically');
});

it("adds its own code and Rolldown's version to every chunk's name, so a rewritten chunk's name changes when they do", () => {
  const hook = entryInOneFile().augmentChunkHash as () => string;
  const source = readFileSync(new URL('./entry-in-one-file.ts', import.meta.url));
  // Both go in: a hook that left out either (or returned a constant) would keep names across a change of it.
  expect(hook()).toBe(createHash('sha256').update(source).update(VERSION).digest('hex'));
});
