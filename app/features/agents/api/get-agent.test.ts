import { describe, expect, it } from 'vitest';
import { embeddedAgent } from './get-agent';

const page = (json: string | null) => {
  const doc = document.implementation.createHTMLDocument('agent');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'agent-data';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
};

describe('embeddedAgent', () => {
  it('reads the agent the worker put in the page', () => {
    expect(embeddedAgent(7, page('{"id":7,"name":"LedgerLens"}'))).toEqual({ id: 7, name: 'LedgerLens' });
  });

  it('ignores another agent, a page without one, and broken JSON', () => {
    expect(embeddedAgent(8, page('{"id":7,"name":"LedgerLens"}'))).toBeUndefined();
    expect(embeddedAgent(7, page(null))).toBeUndefined();
    expect(embeddedAgent(7, page('{"id":7,'))).toBeUndefined();
  });
});
