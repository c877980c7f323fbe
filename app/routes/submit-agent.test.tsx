import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHATS_NEW_MAX } from '#common/constants.ts';
import type { Category } from '#common/types.ts';
import { AgentForm } from '#app/features/agent-form/components/agent-form.tsx';
import { agentToFormValues } from '#app/features/agent-form/lib/form-values.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { personOf, renderSignedIn } from '#app/test/signed-in.tsx';
import SubmitAgentPage from './submit-agent';

const person = personOf({ id: 5 });
const agent = agentOf(7, {
  name: 'LedgerLens',
  description: 'Reconciles invoices against the bank feed.',
  creatorId: person.id,
  categoryId: 1,
  imageUrl: '/media/covers/a.webp',
  thumbnailUrl: '/media/thumbs/a.webp',
});

/** Every request the page sends, with its JSON body. */
let sent: { method: string; path: string; body: unknown }[];
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), location.href), init);
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    sent.push({ method: request.method, path, body });
    if (path === '/api/auth/session') return Response.json(person);
    if (path === '/api/categories') return Response.json([{ id: 1, name: 'Finance', agentCount: 1 }]);
    if (path === '/api/departments') return Response.json([]);
    if (path === '/api/agents/7' && request.method === 'GET') return Response.json(agent);
    if (path === '/api/agents/7' && request.method === 'PUT')
      return Response.json({ ...agent, ...(body as object), whatsNewAt: '2026-11-29T10:00:00.000Z' });
    return Response.json({ message: 'Not found' }, { status: 404 });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const whatsNew = () => screen.getByLabelText(/What's new/) as HTMLTextAreaElement;
const hintOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!;

describe('Edit Agent', () => {
  it("holds the cover, a 'What's new' note with a live count, and the danger zone at the end", async () => {
    renderSignedIn(<SubmitAgentPage />, { user: person, path: '/submit-agent', search: 'edit=7' });
    const field = await screen.findByLabelText(/What's new/);
    expect(screen.getByRole('group', { name: 'Cover picture (optional)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The current cover' }).getAttribute('src')).toBe('/media/covers/a.webp');
    // The raw address field is gone: the picker is the way to change the cover.
    expect(screen.queryByLabelText(/Image URL/)).toBeNull();

    expect(hintOf(field).textContent).toBe(
      `What changed in this edit, in a sentence or two. It is shown on the agent page and to people who saved the agent. 0/${WHATS_NEW_MAX} characters.`,
    );
    fireEvent.change(field, { target: { value: 'Now reads PDFs.' } });
    expect(hintOf(field).textContent).toContain(`15/${WHATS_NEW_MAX} characters.`);
    fireEvent.change(field, { target: { value: 'x'.repeat(WHATS_NEW_MAX + 1) } });
    expect(screen.getByText(`What's new must be at most ${WHATS_NEW_MAX} characters`)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    const danger = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(danger).getByRole('button', { name: 'Delete Agent' })).toBeTruthy();
    // After the form, not among its everyday controls.
    const form = field.closest('form')!;
    expect(form.contains(danger)).toBe(false);
    expect(form.compareDocumentPosition(danger) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends the note as whatsNew in PUT /api/agents/{id}, without the cover, then shows the agent', async () => {
    const { location: at } = renderSignedIn(<SubmitAgentPage />, {
      user: person,
      path: '/submit-agent',
      search: 'edit=7',
    });
    fireEvent.change(await screen.findByLabelText(/What's new/), { target: { value: '  Now reads PDFs.  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/agents/7');
    expect(put.body).toMatchObject({
      name: 'LedgerLens',
      whatsNew: 'Now reads PDFs.',
    });
    // The cover field uploads and removes the cover itself; an edit that leaves it out keeps it.
    expect(put.body).not.toHaveProperty('imageUrl');
    await waitFor(() => expect(at.history.at(-1)).toBe('/agents/7'));
  });

  it('sends no note when the box is left empty', async () => {
    renderSignedIn(<SubmitAgentPage />, { user: person, path: '/submit-agent', search: 'edit=7' });
    await screen.findByLabelText(/What's new/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')!.body).not.toHaveProperty('whatsNew');
  });
});

describe('the agent form', () => {
  const form = (onSubmit: () => Promise<boolean>) =>
    render(
      <AgentForm
        agent={agent}
        cover={() => null}
        initial={agentToFormValues(agent)}
        categories={[{ id: 1, name: 'Finance' } as Category]}
        departments={[]}
        pending={false}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        cancelHref="/agents/7"
        onSubmit={onSubmit}
      />,
    );

  it("clears 'What's new' once the edit is saved, and keeps it when the save failed", async () => {
    let answer = false;
    form(async () => answer);
    fireEvent.change(whatsNew(), { target: { value: 'Now reads PDFs.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    expect(whatsNew().value).toBe('Now reads PDFs.');
    answer = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
    expect(whatsNew().value).toBe('');
  });
});

describe('a new agent', () => {
  it("has the cover picker but no 'What's new' and no danger zone", async () => {
    renderSignedIn(<SubmitAgentPage />, { user: person, path: '/submit-agent' });
    expect(await screen.findByRole('group', { name: 'Cover picture (optional)' })).toBeTruthy();
    expect(screen.queryByLabelText(/What's new/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Danger zone' })).toBeNull();
  });
});
