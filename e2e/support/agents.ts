import { expect, type APIRequestContext } from '@playwright/test';

export interface AgentJson {
  id: number;
  name: string;
  creditCost: number;
  externalUrl: string;
}

/** Looks an agent up by its exact name through the public API. */
export async function agentNamed(request: APIRequestContext, name: string): Promise<AgentJson> {
  const res = await request.get(`/api/agents/search?q=${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  const agent = ((await res.json()) as AgentJson[]).find((a) => a.name === name);
  if (!agent) throw new Error(`no seeded agent named ${name}`);
  return agent;
}
