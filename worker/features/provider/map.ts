// docs/product.md#data 'Agent as mapped from the external listing': one provider record -> our Agent shape.
import type { Agent } from '#common/types.ts';
import { parseFeatures } from '#common/validation.ts';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

const num = (value: unknown, fallback: number): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

const bool = (value: unknown): boolean => value === true || value === 1 || value === 'true' || value === '1';

/**
 * A stable positive 31-bit id for a provider key that is not a number (FNV-1a), so agent pages
 * keep one address across isolates and restarts.
 */
export function stableId(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 1 || 1;
}

/** The numeric id a provider key stands for: itself when it is a positive integer, else its hash. */
export function idFor(key: string): number {
  if (/^\d{1,15}$/.test(key)) {
    const n = Number(key);
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return stableId(key);
}

/** Maps one record; null when it has neither an id nor a name (nothing to show or try). */
export function mapProviderAgent(record: unknown, now: string): Agent | null {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const r = record as Record<string, unknown>;
  const hoaId = text(r['hoaId']) ?? text(r['hoa_id']);
  const key = hoaId ?? text(r['id']);
  const name = text(r['agent_name']) ?? text(r['name']);
  if (!key || !name) return null;
  const credits = num(r['credits'], 0);
  const rating = num(r['averageRating'] ?? r['average_rating'], 0);
  const businessCategory = text(r['businessCategory']) ?? text(r['business_category']);
  const id = idFor(key);
  return {
    id,
    // The provider's own key when our id is not it (a hoaId, or a hashed string id): countUsage needs it.
    hoaId: hoaId ?? (String(id) === key ? null : key),
    name,
    agentCode: text(r['agent_code']) ?? text(r['agentCode']),
    slug: text(r['slug']),
    label: text(r['label']),
    description: text(r['description']) ?? '',
    longDescription: text(r['long_description']) ?? text(r['longDescription']),
    features: parseFeatures(r['features'] ?? []),
    videoUrl: text(r['video_url']) ?? text(r['videoUrl']),
    imageUrl: text(r['agent_image_path']) ?? text(r['image_url']) ?? text(r['imageUrl']),
    thumbnailUrl: null,
    externalUrl: text(r['agent_url']) ?? text(r['external_url']) ?? text(r['externalUrl']),
    categoryId: num(r['categoryId'] ?? r['category_id'], 1),
    departmentId: num(r['departmentId'] ?? r['department_id'], 1),
    creatorId: num(r['creatorId'] ?? r['creator_id'], 1),
    averageRating: rating,
    rating,
    voteCount: num(r['voteCount'] ?? r['vote_count'], 0),
    viewCount: num(r['viewCount'] ?? r['view_count'], 0),
    isFeatured: bool(r['isFeatured'] ?? r['is_featured']),
    isTrending: bool(r['isTrending'] ?? r['is_trending']),
    isPremium: bool(r['isPremium'] ?? r['is_premium']),
    creditCost: credits,
    credits,
    businessCategory,
    businessDepartment: text(r['business_department']) ?? text(r['businessDepartment']),
    categoryName: businessCategory,
    creatorUsername: null,
    // The provider's agents are not tried here, checked or changed through our edits.
    recentTries: 0,
    whatsNewAt: null,
    health: null,
    createdAt: text(r['createdAt']) ?? text(r['created_at']) ?? now,
    updatedAt: text(r['updatedAt']) ?? text(r['updated_at']) ?? now,
  };
}
