// An agent as one SQL row (AGENT_SELECT) and as the API's Agent: shared by the catalogue (data.ts) and
// search (search.ts), which data.ts calls.
import type { Agent } from '#common/types.ts';
import { parseFeatures } from '#common/validation.ts';

export interface AgentRowRaw {
  id: number;
  hoa_id: string | null;
  name: string;
  agent_code: string | null;
  slug: string | null;
  label: string | null;
  description: string;
  long_description: string | null;
  features: string;
  video_url: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  external_url: string | null;
  category_id: number;
  department_id: number;
  creator_id: number | null;
  average_rating: number;
  vote_count: number;
  view_count: number;
  /** 0/1 from SQL, a boolean through drizzle. */
  is_featured: number | boolean;
  is_trending: number | boolean;
  is_premium: number | boolean;
  credit_cost: number;
  credits: number | null;
  business_category: string | null;
  business_department: string | null;
  category_name: string | null;
  department_name: string | null;
  creator_username: string | null;
  created_at: string;
  updated_at: string;
  hidden_at: string | null;
  whats_new_at: string | null;
  recent_tries: number;
  health_status: 'up' | 'slow' | 'down' | null;
  health_since: string | null;
  health_checked_at: string | null;
}

export const AGENT_SELECT = `SELECT a.*, c.name AS category_name, d.name AS department_name, u.username AS creator_username
  FROM agents a
  LEFT JOIN categories c ON c.id = a.category_id
  LEFT JOIN departments d ON d.id = a.department_id
  LEFT JOIN users u ON u.id = a.creator_id`;

export function toAgent(row: AgentRowRaw): Agent {
  const rating = Math.round(row.average_rating * 100) / 100;
  return {
    id: row.id,
    hoaId: row.hoa_id,
    name: row.name,
    agentCode: row.agent_code,
    slug: row.slug,
    label: row.label,
    description: row.description,
    longDescription: row.long_description,
    features: parseFeatures(row.features),
    videoUrl: row.video_url,
    imageUrl: row.image_url,
    thumbnailUrl: row.thumbnail_url ?? null,
    externalUrl: row.external_url,
    categoryId: row.category_id,
    departmentId: row.department_id,
    creatorId: row.creator_id,
    averageRating: rating,
    rating,
    voteCount: row.vote_count,
    viewCount: row.view_count,
    isFeatured: Boolean(row.is_featured),
    isTrending: Boolean(row.is_trending),
    isPremium: Boolean(row.is_premium),
    creditCost: row.credit_cost,
    credits: row.credits ?? row.credit_cost,
    businessCategory: row.business_category ?? row.category_name,
    businessDepartment: row.business_department ?? row.department_name,
    categoryName: row.category_name,
    creatorUsername: row.creator_username,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    recentTries: row.recent_tries ?? 0,
    whatsNewAt: row.whats_new_at ?? null,
    health:
      row.health_status && row.health_since && row.health_checked_at
        ? { status: row.health_status, since: row.health_since, checkedAt: row.health_checked_at }
        : null,
    // Only the creator and the moderators ever receive a hidden agent (docs/decisions/0025).
    ...(row.hidden_at ? { hiddenByModerators: true } : {}),
  };
}
