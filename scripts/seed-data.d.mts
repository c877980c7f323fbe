// Types of scripts/seed-data.mjs, for the worker tests that load the demo catalogue.
export interface SeedCategory {
  name: string;
  description: string;
  icon: string;
  isMainCategory: boolean;
}
export interface SeedDepartment {
  name: string;
  description: string;
  categoryName: string;
}
export interface SeedUser {
  username: string;
  email: string;
  role: 'user' | 'staff' | 'admin';
  displayName?: string;
  bio?: string;
  website?: string;
}
export interface SeedAgent {
  name: string;
  slug: string;
  agentCode: string;
  label: string;
  description: string;
  longDescription: string;
  features: string[];
  categoryName: string;
  departmentName: string;
  creditCost: number;
  isFeatured: boolean;
  isTrending: boolean;
  isPremium: boolean;
  videoUrl: string | null;
  externalUrl: string;
  image: string;
  creatorUsername: string | null;
  createdDaysAgo: number;
}
export interface SeedReview {
  agentSlug: string;
  username: string;
  rating: number;
  comment: string | null;
  daysAgo: number;
}
export const categories: SeedCategory[];
export const departments: SeedDepartment[];
export const users: SeedUser[];
export const agents: SeedAgent[];
export const reviews: SeedReview[];
export const proposals: { name: string; description: string; proposerName: string; proposerEmail: string }[];
export const changes: { agentSlug: string; daysAgo: number; note: string }[];
export const triesPerDay: Record<string, number>;
export const generatedTasks: string[];
export const generatedObjects: string[];
