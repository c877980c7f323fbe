// Creators' public profiles and the pictures people upload (docs/product.md#creators-and-earnings and docs/product.md#creators-and-earnings,
// docs/decisions/0028): the rules and their wording, used by /profile's form and the worker alike.
import * as v from 'valibot';
import { URL_MAX } from './constants';
import type { CreatorPage, CreatorTotals, FollowedCreator, FollowState, PublicProfile } from './api-schemas';
import { asJsonSchema, HTTP_URL_PATTERN } from './json-schema';

export const DISPLAY_NAME_MAX = 60;
export const BIO_MAX = 500;

export const CREATOR_MESSAGES = {
  displayNameMax: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  bioMax: `Bio must be at most ${BIO_MAX} characters`,
  website: 'Please enter a valid URL starting with http:// or https://',
  creatorNotFound: 'Creator not found',
  followSelf: 'You cannot follow yourself',
  imageMissing: 'Please choose a picture to upload',
  imageType: 'Pictures must be PNG, JPEG or WebP images',
  imageTooLarge: 'Pictures must be at most 2 MB',
  imageDimensions: 'Pictures must be between 64 and 4096 pixels on each side',
  imageOwner: 'Only the agent’s creator can change its cover',
} as const;

/** Bytes of one uploaded picture at most (the 2 MB). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 64;
export const IMAGE_MAX_SIDE = 4096;
/** What the browser makes of a chosen picture before uploading it (app/features/media). */
export const COVER_SIZE = { width: 1280, height: 800 } as const;
export const THUMBNAIL_SIZE = { width: 640, height: 400 } as const;
export const AVATAR_SIZE = 256;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Optional text: blank or null becomes null (clears the field). */
const clearable = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(message)),
      v.transform((s) => (s == null ? null : s.trim() || null)),
      v.union([v.null(), v.pipe(v.string(), v.maxLength(max, message))]),
    ),
    null,
  );

/** PUT /api/users/{id}/public-profile: what a person says about themselves on their creator page. */
export const publicProfileSchema = v.object({
  displayName: clearable(DISPLAY_NAME_MAX, CREATOR_MESSAGES.displayNameMax),
  bio: clearable(BIO_MAX, CREATOR_MESSAGES.bioMax),
  website: v.optional(
    v.pipe(
      v.nullable(v.string(CREATOR_MESSAGES.website)),
      v.transform((s) => (s == null ? null : s.trim() || null)),
      v.union([
        v.null(),
        v.pipe(
          v.string(),
          v.maxLength(URL_MAX, CREATOR_MESSAGES.website),
          v.check(isHttpUrl, CREATOR_MESSAGES.website),
        ),
      ]),
      asJsonSchema({
        anyOf: [{ type: 'string', format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: URL_MAX }, { type: 'null' }],
        description: 'An http(s) URL; blank or null clears it',
      }),
    ),
    null,
  ),
});
export type PublicProfileData = v.InferOutput<typeof publicProfileSchema>;

// The answers' shapes are their schemas' outputs (common/api-schemas.ts).
export type { CreatorPage, CreatorTotals, FollowedCreator, FollowState, PublicProfile };

/** The sorts of a creator's agents (the Browse Agents names). */
export const CREATOR_SORTS = ['popular', 'newest', 'rating', 'reviews'] as const;
export type CreatorSort = (typeof CREATOR_SORTS)[number];

/** The name a creator goes by: their display name, else their username. */
export const creatorName = (p: Pick<PublicProfile, 'displayName' | 'username'>): string =>
  p.displayName?.trim() || p.username;

/** A creator page's path; usernames may hold letters of any script. */
export const creatorPath = (username: string): string => `/creators/${encodeURIComponent(username)}`;

/** How many other agents an agent page shows under 'More from this creator'. */
export const MORE_FROM_CREATOR = 6;

/** How many cards the home page's 'New from creators you follow' shows: one row (the API's and the server's render). */
export const NEW_FROM_FOLLOWED = 6;
