import type { Agent } from '../../common/types';

export const formatRating = (value: number | null | undefined): string => (Number(value) || 0).toFixed(1);

/** SPEC section 9: popular score is rating times votes, votes counted as 1 when zero. */
export const popularityScore = (agent: Pick<Agent, 'averageRating' | 'voteCount'>): number =>
  (agent.averageRating || 0) * Math.max(agent.voteCount || 0, 1);

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
};

export const formatCredits = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
