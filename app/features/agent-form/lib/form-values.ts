import { DEFAULT_CREDIT_COST } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';

/**
 * The agent form's fields as the inputs hold them (text). No cover address: the cover field uploads
 * and removes the cover itself, and an edit that leaves imageUrl out keeps it (docs/decisions/0043).
 */
export interface AgentFormValues {
  name: string;
  description: string;
  longDescription: string;
  categoryId: string;
  departmentId: string;
  creditCost: string;
  features: string;
  videoUrl: string;
  externalUrl: string;
  /** An edit's 'What's new' note (docs/decisions/0043): always blank at first, never the last one. */
  whatsNew: string;
}

export const emptyAgentForm: AgentFormValues = {
  name: '',
  description: '',
  longDescription: '',
  categoryId: '',
  departmentId: '0',
  creditCost: String(DEFAULT_CREDIT_COST),
  features: '',
  videoUrl: '',
  externalUrl: '',
  whatsNew: '',
};

export function agentToFormValues(agent: Agent): AgentFormValues {
  return {
    name: agent.name,
    description: agent.description,
    longDescription: agent.longDescription ?? '',
    categoryId: agent.categoryId ? String(agent.categoryId) : '',
    departmentId: String(agent.departmentId ?? 0),
    creditCost: String(agent.creditCost ?? DEFAULT_CREDIT_COST),
    features: (agent.features ?? []).join('\n'),
    videoUrl: agent.videoUrl ?? '',
    externalUrl: agent.externalUrl ?? '',
    whatsNew: '',
  };
}

/**
 * Seeded agents keep site-relative image paths (/agents/x.webp), which the shared schema (http or
 * https only) would refuse on an edit; they are made absolute against this site.
 */
export const absoluteUrl = (value: string, origin: string): string =>
  value.trim().startsWith('/') && !value.trim().startsWith('//') ? `${origin}${value.trim()}` : value;

/**
 * The shared schema answers a generic type error for blank or non-numeric text in its number
 * fields; give it values whose failure carries the field's own message instead.
 */
const categoryInput = (value: string): string | number => (value.trim() === '' ? 0 : value);
const creditCostInput = (value: string): string | number =>
  /^\s*-?\d+\s*$/.test(value) ? value : Number.parseFloat(value) || 0.5;

/** What the shared agentSchema validates: features one per line become a list. */
export function formValuesToInput(values: AgentFormValues, origin = window.location.origin) {
  return {
    ...values,
    categoryId: categoryInput(values.categoryId),
    creditCost: creditCostInput(values.creditCost),
    videoUrl: absoluteUrl(values.videoUrl, origin),
    externalUrl: absoluteUrl(values.externalUrl, origin),
    features: values.features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
  };
}
