// docs/decisions/0026: names found by their parts, corrections that never replace a word the catalogue has,
// suggestions that forgive typos (docs/decisions/0026-search-by-name-parts.md).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '#worker/test/demo-catalogue.ts';
import { client, insertAgents, okBody, searchAgents as search } from '#worker/test/fixtures.ts';
import { nameHighlight, trimToTyped } from './name-parts';
import { stemDistance } from './search';
import { alternatives, clearSuggestCache, taxonomyMatch } from './suggest';

beforeAll(seedDemoCatalogue);

async function suggest(q: string) {
  const res = await client().agents.suggest.$get({ query: { q } });
  expect(res.status, q).toBe(200);
  return okBody(res);
}

const marked = (segments: { text: string; match?: true }[] | undefined) =>
  segments?.filter((s) => s.match).map((s) => s.text);

describe('names are found by their parts', () => {
  it("finds LeadScout Pro for 'scout' (it was corrected to 'soc' and found VendorVet)", async () => {
    const { names, corrected, hits } = await search('scout');
    expect(corrected).toBeNull();
    expect(names[0]).toBe('LeadScout Pro');
    // The part is marked inside the name.
    expect(hits[0]!.highlights?.name).toEqual([{ text: 'Lead' }, { text: 'Scout', match: true }, { text: ' Pro' }]);
  });

  it("finds InvoiceHound for 'hound' and LedgerLens for 'ledger lens'", async () => {
    expect((await search('hound')).names[0]).toBe('InvoiceHound');
    expect((await search('hound')).corrected).toBeNull();
    expect((await search('ledger lens')).names[0]).toBe('LedgerLens');
    expect((await search('patch pilot')).names[0]).toBe('PatchPilot');
    // The whole name still finds it, and so does an acronym's neighbour (SEOSmith → SEO, Smith).
    expect((await search('leadscout')).names[0]).toBe('LeadScout Pro');
    expect((await search('smith')).names[0]).toBe('SEOSmith');
  });

  it('splits camel case, digits and hyphens, and follows renames', async () => {
    await insertAgents(
      { id: 2701, name: 'Zorblax9Quillmate', description: 'Fixture one.' },
      { id: 2702, name: 'Fluxo-Capacitrix', description: 'Fixture two.' },
      { id: 2703, name: 'QWVXTrackerbot', description: 'Fixture three.' },
    );
    expect((await search('quillmate')).names).toEqual(['Zorblax9Quillmate']);
    expect((await search('zorblax')).names).toEqual(['Zorblax9Quillmate']);
    expect((await search('zorblax9quillmate')).names).toEqual(['Zorblax9Quillmate']);
    // A hyphen splits already; the name without it is held too.
    expect((await search('capacitrix')).names).toEqual(['Fluxo-Capacitrix']);
    expect((await search('fluxocapacitrix')).names).toEqual(['Fluxo-Capacitrix']);
    // An acronym ends before the capital that starts the next word.
    expect((await search('trackerbot')).names).toEqual(['QWVXTrackerbot']);
    expect((await search('qwvx')).names).toEqual(['QWVXTrackerbot']);

    await env.DB.prepare("UPDATE agents SET name = 'Zorblax9Penwright' WHERE id = 2701").run();
    expect((await search('quillmate', '&exact=1')).names).toEqual([]);
    expect((await search('penwright')).names).toEqual(['Zorblax9Penwright']);
    await env.DB.prepare('DELETE FROM agents WHERE id IN (2701, 2702, 2703)').run();
    expect((await search('penwright', '&exact=1')).names).toEqual([]);
  });

  it('migration 0010 indexes the parts of agents that were there before it', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0010'))!;
    await env.DB.batch(migration.queries.map((sql) => env.DB.prepare(sql)));
    expect((await search('hound')).names[0]).toBe('InvoiceHound');
    expect((await suggest('scout'))[0]).toMatchObject({ kind: 'agent', name: 'LeadScout Pro' });
  });
});

describe('corrections never replace a word the catalogue has', () => {
  it("corrects 'lead scoutt' to 'lead scout' (it said 'lead soc')", async () => {
    const { names, corrected } = await search('lead scoutt');
    expect(corrected).toBe('lead scout');
    expect(names[0]).toBe('LeadScout Pro');
  });

  it("finds FareSentinel for 'sentinal', and corrects the finished word to 'sentinel'", async () => {
    // Still being typed, the word is a prefix, which FTS5 stems ("sentin"*): that finds it as it is.
    expect((await search('sentinal')).names[0]).toBe('FareSentinel');
    const { names, corrected } = await search('sentinal ');
    expect(corrected).toBe('sentinel');
    expect(names[0]).toBe('FareSentinel');
  });

  it("corrects 'invoces' to 'invoices', the catalogue's own spelling", async () => {
    const { names, corrected } = await search('invoces');
    expect(corrected).toBe('invoices');
    expect(names[0]).toBe('InvoiceHound');
  });

  it.each([
    ['scout', 'LeadScout Pro'],
    ['hound', 'InvoiceHound'],
    ['lens', 'LedgerLens'],
    ['pilot', 'PatchPilot'],
    ['sentinel', 'FareSentinel'],
    ['compass', 'ComplianceCompass'],
    ['ranker', 'RoadmapRanker'],
    ['scribe', 'ChartScribe'],
    ['invoices', 'InvoiceHound'],
    ['reconciliation', 'LedgerLens'],
  ])('leaves alone %j, a word the index holds, whole or as a part of a name (%s)', async (q, agent) => {
    const result = await search(q);
    expect(result.corrected).toBeNull();
    expect(result.names.slice(0, 3)).toContain(agent);
  });

  it('chooses by edit distance, the more used word on a tie, and drops no made-up suffix', async () => {
    // "scoutt" is one edit from "scout"; "soc" would need "ut" to be a suffix.
    expect((await search('scoutt')).corrected).toBe('scout');
    // Every word of the catalogue searched exactly as typed gives no correction.
    expect((await search('contract review')).corrected).toBeNull();
  });
});

describe('suggestions forgive typos and match any word of a name', () => {
  it("suggests LeadScout Pro for 'scout' and InvoiceHound for 'hound', with the part marked", async () => {
    const scout = await suggest('scout');
    expect(scout[0]).toMatchObject({ kind: 'agent', name: 'LeadScout Pro' });
    expect(marked(scout[0]!.highlights?.name)).toEqual(['Scout']);
    expect((await suggest('hound'))[0]).toMatchObject({ kind: 'agent', name: 'InvoiceHound' });
  });

  it("suggests InvoiceHound for 'invoces' and LeadScout Pro for 'lead scoutt'", async () => {
    const invoces = await suggest('invoces');
    expect(invoces[0]).toMatchObject({ kind: 'agent', name: 'InvoiceHound' });
    expect(marked(invoces[0]!.highlights?.name)).toEqual(['Invoice']);
    const lead = await suggest('lead scoutt');
    expect(lead[0]).toMatchObject({ kind: 'agent', name: 'LeadScout Pro' });
    expect(marked(lead[0]!.highlights?.name)).toEqual(['Lead', 'Scout']);
  });

  it("still suggests by the start of a name: 'leadscout', 'invoice', 'ledg'", async () => {
    expect((await suggest('leadscout'))[0]).toMatchObject({ name: 'LeadScout Pro' });
    expect((await suggest('invoice'))[0]).toMatchObject({ name: 'InvoiceHound' });
    const ledg = await suggest('ledg');
    expect(ledg[0]).toMatchObject({ name: 'LedgerLens' });
    // What was typed is marked, not the whole word.
    expect(marked(ledg[0]!.highlights?.name)).toEqual(['Ledg']);
  });

  it('ranks names first, then categories and departments, as typed before despite a typo', async () => {
    const marketing = await suggest('marketing');
    const kinds = marketing.map((s) => s.kind);
    expect(kinds.indexOf('category')).toBeGreaterThan(kinds.lastIndexOf('agent'));
    const typo = await suggest('markting');
    expect(typo).toContainEqual(
      expect.objectContaining({ name: 'Marketing', highlights: { name: [{ text: 'Marketing', match: true }] } }),
    );
    const human = await suggest('resources');
    expect(human).toContainEqual(
      expect.objectContaining({
        kind: 'category',
        name: 'Human Resources',
        highlights: { name: [{ text: 'Human ' }, { text: 'Resources', match: true }] },
      }),
    );
  });

  it('ranks a word of a name above one of a label, and a short name above a long one, before quality', async () => {
    // No name starts with 'quor': the matches' score orders them, not the better rated agents.
    await insertAgents(
      { id: 2721, name: 'Harbor Desk', label: 'Quorvex Review', rank_score: 4.9, vote_count: 90 },
      { id: 2722, name: 'Orbit Quorvex', label: 'Finance', rank_score: 1, vote_count: 0 },
      {
        id: 2723,
        name: 'Orbit Quorvex Planner Suite Deluxe Edition',
        label: 'Finance',
        rank_score: 4.8,
        vote_count: 80,
      },
    );
    expect((await suggest('quor')).map((s) => s.name)).toEqual([
      'Orbit Quorvex',
      'Orbit Quorvex Planner Suite Deluxe Edition',
      'Harbor Desk',
    ]);
    await env.DB.prepare('DELETE FROM agents WHERE id IN (2721, 2722, 2723)').run();
  });

  it('weighs each word typed on its own: both in the name rank above one in the label', async () => {
    await insertAgents(
      { id: 2724, name: 'Vantor Desk', label: 'Quell Review', rank_score: 4.9, vote_count: 90 },
      { id: 2725, name: 'Vantor Quell', label: 'Finance', rank_score: 1, vote_count: 0 },
    );
    expect((await suggest('quell vant')).map((s) => s.name)).toEqual(['Vantor Quell', 'Vantor Desk']);
    await env.DB.prepare('DELETE FROM agents WHERE id IN (2724, 2725)').run();
  });

  it('offers nothing for nothing near, and no typo guesses for short words', async () => {
    expect(await suggest('zzzzqqq')).toEqual([]);
    expect(await suggest('qx')).toEqual([]);
  });

  it('learns the names of new agents when its vocabulary is read again', async () => {
    await insertAgents({ id: 2711, name: 'WombatWrangler', description: 'Fixture.' });
    clearSuggestCache();
    expect((await suggest('wrangler'))[0]).toMatchObject({ name: 'WombatWrangler' });
    expect((await suggest('wranglr'))[0]).toMatchObject({ name: 'WombatWrangler' });
    await env.DB.prepare('DELETE FROM agents WHERE id = 2711').run();
    clearSuggestCache();
  });
});

describe('pieces', () => {
  const vocabulary = { terms: ['invoic', 'scope', 'scout', 'scoutmast', 'soc'], docs: [5, 1, 3, 1, 9] };

  it('prefers a whole word within the edits to a stem with a suffix dropped', () => {
    expect(stemDistance('sentinal', 'sentinel', 1)).toBeLessThan(stemDistance('sentinal', 'sent', 1));
    expect(stemDistance('scout', 'soc', 1)).toBe(Infinity);
  });

  it('offers the closest spellings of a word the names do not hold, none for one they do', () => {
    // Being typed, "scoutt" is also one edit from the start of "scoutmast"; the more used comes first.
    expect(alternatives(vocabulary, 'scoutt', true)).toEqual(['scout', 'scoutmast']);
    expect(alternatives(vocabulary, 'scoutt', false)).toEqual(['scout']);
    expect(alternatives(vocabulary, 'zzzzqqq', true)).toEqual([]);
    expect(alternatives(vocabulary, 'invoces', true)).toEqual(['invoic']);
    expect(alternatives(vocabulary, 'scout', true)).toEqual([]);
    expect(alternatives(vocabulary, 'scou', true)).toEqual([]);
    expect(alternatives(vocabulary, 'sco', false)).toEqual([]);
  });

  it('matches a category by any word, or within a typo', () => {
    expect(taxonomyMatch('human resources', 'res')).toEqual({ start: 6, end: 9, typo: false });
    expect(taxonomyMatch('marketing', 'markting')).toEqual({ start: 0, end: 9, typo: true });
    expect(taxonomyMatch('legal', 'lx')).toBeNull();
  });

  it('moves the marks of the parts onto the name, and trims them to what was typed', () => {
    expect(nameHighlight('LeadScout Pro', null, 'Lead \u0001Scout\u0002 Pro')).toEqual([
      { text: 'Lead' },
      { text: 'Scout', match: true },
      { text: ' Pro' },
    ]);
    expect(nameHighlight('Patch-Pilot', null, 'Patch-Pilot \u0001PatchPilot\u0002')).toBeNull();
    expect(nameHighlight('A\u0001b', null, '\u0001A\u0002\u0001b')).toBeNull();
    expect(trimToTyped([{ text: 'Ledger', match: true }, { text: ' x' }], ['le'])).toEqual([
      { text: 'Le', match: true },
      { text: 'dger' },
      { text: ' x' },
    ]);
  });
});
