import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '#common/types.ts';
import { forgetSavedSnapshot, putSavedAgents } from '#app/lib/saved-agents.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { AgentCard } from './agent-card';
import { CardStats } from './card-stats';

const NOTE_AT = '2026-11-20T12:00:00.000Z';
const agent = agentOf(7, { name: 'LedgerLens', description: 'Reconciles invoices.', whatsNewAt: NOTE_AT });

const inApp = (ui: React.ReactElement) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
const save = (a: Agent, savedAt: number) => putSavedAgents([{ id: a.id, agent: a, savedAt, synced: false }]);

beforeEach(async () => {
  forgetSavedSnapshot();
  await deleteOfflineDb();
});

describe("the card's 'Updated' mark", () => {
  it('links a saved agent whose creator wrote a note after it was saved to the note', async () => {
    await save(agent, Date.parse(NOTE_AT) - 86_400_000);
    inApp(<AgentCard agent={agent} />);
    const mark = await screen.findByRole('link', { name: 'LedgerLens: Updated Nov 20, 2026' });
    expect(mark.getAttribute('href')).toBe('/agents/7#whats-new');
    // The card names its note's time for the entry script, which starts the app to draw the mark.
    expect(document.querySelector('article')?.dataset.whatsNewAt).toBe(NOTE_AT);
  });

  it('is not shown for an agent saved after its latest note, nor for one not saved, nor one without notes', async () => {
    const other = agentOf(8, { name: 'Other', description: 'Not saved.', whatsNewAt: NOTE_AT });
    const plain = agentOf(9, { name: 'Plain', description: 'No notes.' });
    await save(agent, Date.parse(NOTE_AT) + 1000);
    await save(plain, 0);
    inApp(
      <>
        <CardStats agent={agent} />
        <CardStats agent={other} />
        <CardStats agent={plain} />
      </>,
    );
    // The device's list has been read (a card's own hooks share it) and still nothing is marked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Updated/)).toBeNull();
  });
});
