// Validation schemas and their user-facing messages (docs/product.md#validation), used by the app's forms and the
// worker's routes alike so a rule and its wording exist once.
import * as v from 'valibot';
import * as C from './constants';
import { asJsonSchema, HTTP_URL_PATTERN } from './json-schema';
import { formatCents, formatDecimal } from './format';

export const MESSAGES = {
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: `Username must be at most ${C.USERNAME_MAX} characters`,
  usernameRequired: 'Username is required',
  usernameChars: 'Username can only contain letters, digits, . _ and -',
  nextPath: 'next must be a path of this site, such as /agents/7',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: `Password must be at most ${C.PASSWORD_MAX} characters`,
  email: 'Please enter a valid email',
  emailRequired: 'Email is required',
  proposalEmail: 'Please enter a valid email address',
  proposerName: 'Your name is required',
  proposerNameMax: `Your name must be less than ${C.NAME_MAX} characters`,
  agentNameRequired: 'Agent name is required',
  agentNameMax: 'Agent name must be less than 100 characters',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must be less than 1000 characters',
  longDescriptionMax: `Long description must be less than ${C.LONG_DESCRIPTION_MAX} characters`,
  whatsNewMax: `What's new must be at most ${C.WHATS_NEW_MAX} characters`,
  nameMin: 'Name must be at least 3 characters',
  nameMax: 'Name must be less than 100 characters',
  category: 'Please select a category',
  department: 'Please select a valid department',
  creditCostMin: 'Minimum credit cost is 1',
  creditCostMax: 'Maximum credit cost is 100',
  creditCostInteger: 'Credit cost must be a whole number',
  url: 'Please enter a valid URL starting with http:// or https://',
  features: `List at most ${C.FEATURES_MAX} features of at most ${C.FEATURE_MAX} characters each`,
  rating: 'Rating must be a whole number from 1 to 5',
  agentId: 'Please choose an agent to review',
  userId: 'Invalid user id',
  comment: `Comment must be less than ${C.COMMENT_MAX} characters`,
  purchaseMin: 'Minimum purchase is 50 credits',
  purchaseMax: `Maximum purchase is ${formatDecimal(C.PURCHASE_MAX)} credits`,
  purchaseInteger: 'Please enter a whole number of credits',
  internalEmail: (host: string) => `Internal login requires a ${host} email address`,
  reviewLogin: 'Please log in to submit a review',
  missingTokens: 'Missing authentication tokens. Please log in again.',
  notSignedIn: 'Please log in to continue',
  forbidden: 'You do not have permission to do that',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email already exists',
  notEnoughCredits: 'Not enough credits to try this agent',
  agentNotFound: 'Agent not found',
  notFound: 'Not found',
  invalidJson: 'The request body must be valid JSON',
  tooLarge: 'The request body is too large',
  crossSite: 'Cross-site requests are not allowed',
  throttled: 'Too many attempts. Please wait a few minutes and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  tokenRequired: 'This link is incomplete. Please open the link from the email again.',
  tokenInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  currentPassword: 'Your current password is incorrect',
  currentPasswordRequired: 'Please enter your current password',
  sameEmail: 'That is already your email address',
  alreadyVerified: 'Your email address is already verified',
  paymentsNotConfigured: 'Payments are not configured',
  payoutsNotConfigured: 'Payouts are not configured',
  payoutMinimum: `The smallest payout is ${formatCents(C.PAYOUT_MIN_CENTS)}`,
  payoutAmount: `The amount must be a whole number of cents of at least ${C.PAYOUT_MIN_CENTS} (${formatCents(C.PAYOUT_MIN_CENTS)})`,
  registerThrottled: 'Too many accounts were created from your connection. Please try again in an hour.',
  proposalsThrottled: 'Too many proposals from your connection. Please try again in an hour.',
  mailThrottled: 'Too many emails were requested. Please wait a few minutes and try again.',
  agentNameChars: 'Agent name cannot contain invisible or text-direction characters',
  agentNameLookalike: 'An agent with a name that looks the same already exists. Please choose a different name.',
  usernameLookalike: 'That username is already taken',
  priceChanged: (cost: number) => `The price of this agent has changed to ${cost} ${cost === 1 ? 'credit' : 'credits'}`,
  confirmNeedsOwner: 'To confirm this address, sign in to its account or choose a new password for it.',
  sortInvalid: 'Unknown sort order',
  expectedCost: 'expectedCost must be a whole number of credits',
  expectedCostRequired: (cost: number) =>
    `A program's try must send expectedCost, the credits per use it was shown. This agent costs ${cost} ${cost === 1 ? 'credit' : 'credits'} per use now.`,
  confirmToVote: 'Please confirm your email address before voting on reviews',
  confirmToFollow: 'Please confirm your email address before following creators',
  ownReview: 'You cannot review your own agent',
  confirmToReview: 'Please confirm your email address before writing a review',
  reviewNotFound: 'Review not found',
  replyCreatorOnly: 'Only the creator of this agent can reply to its reviews',
  replyRequired: 'Please write a reply',
  replyMax: `Reply must be less than ${C.COMMENT_MAX} characters`,
  ownHelpful: 'You cannot mark your own review as helpful',
  reportReason: 'Please choose a reason: spam, offensive, misleading, broken or other',
  reportItem: 'Please choose a review or an agent to report',
  reportDetailsMax: `Details must be less than ${C.COMMENT_MAX} characters`,
  reportDuplicate: 'You have already reported this. Our moderators will look at it.',
  reportsThrottled: 'Too many reports from your account. Please try again in an hour.',
  moderationAction: 'Action must be hide, restore or dismiss',
  honeypot: 'Your submission could not be accepted. Please reload the page and try again.',
} as const;

/**
 * Usernames are NFKC-normalised (full-width and compatibility forms fold to their plain letters) and
 * limited to letters, digits, '.', '_' and '-': no control, zero-width or bidi characters, so two
 * accounts cannot look alike. Unique case-insensitively through `usernameKey`.
 */
const USERNAME_CHARS = /^[\p{L}\p{N}._-]+$/u;
/**
 * Characters that draw nothing or turn text around (Hangul fillers, zero-width joiners, U+202E...):
 * some are letters to \p{L}, so they are refused by property (UTS #39, docs/decisions/0024).
 */
export const INVISIBLE_CHARS = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
export const normalizeUsername = (value: string): string => value.normalize('NFKC').trim();
/** What uniqueness compares: the normalised name in lower case (Unicode-aware, unlike SQLite's NOCASE). */
export const usernameKey = (value: string): string => normalizeUsername(value).toLowerCase().normalize('NFKC');

/** The honeypot field public forms carry hidden from people: a bot that fills it is refused. */
export const HONEYPOT_FIELD = 'website';
export const honeypotField = v.optional(
  v.pipe(
    v.unknown(),
    v.description('Leave it out: a form field hidden from people, and a request that fills it is refused'),
  ),
);
export const isHoneypotFilled = (body: Record<string, unknown>): boolean => {
  const value = body[HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value != null && value !== false;
};

/** Text input; a non-string gets the field's first message rather than a type error. */
const trimmed = (message: string) => v.pipe(v.string(message), v.trim());

/** Optional free text: blank becomes undefined. */
const optionalText = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s == null ? undefined : s.trim() || undefined)),
      v.union([v.undefined(), v.pipe(v.string(), v.maxLength(max, message))]),
      // What is sent (the transform's blank-to-undefined is no JSON Schema): docs/decisions/0040.
      asJsonSchema({
        anyOf: [{ type: 'string', maxLength: max }, { type: 'null' }],
        description: 'Blank or null leaves it out',
      }),
    ),
  );

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const optionalUrl = () =>
  v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s == null ? undefined : s.trim() || undefined)),
      v.union([
        v.undefined(),
        v.pipe(v.string(), v.maxLength(C.URL_MAX, MESSAGES.url), v.check(isHttpUrl, MESSAGES.url)),
      ]),
      asJsonSchema({
        anyOf: [{ type: 'string', format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: C.URL_MAX }, { type: 'null' }],
        description: 'An http(s) URL; blank or null leaves it out',
      }),
    ),
  );

/** Accepts a number or a numeric string (HTML inputs give strings). */
const integerField = (message: string) =>
  v.pipe(
    v.union(
      [v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^-?\d+$/, message), v.transform(Number))],
      message,
    ),
    v.integer(message),
  );

const emailField = (message: string) =>
  v.pipe(trimmed(message), v.nonEmpty(message), v.maxLength(C.EMAIL_MAX, message), v.email(message), v.toLowerCase());

/** A new username: normalised, then checked (the '@' rule also keeps it from shadowing an email). */
const usernameField = (requiredMessage: string) =>
  v.pipe(
    v.string(requiredMessage),
    v.transform(normalizeUsername),
    v.nonEmpty(requiredMessage),
    v.minLength(C.USERNAME_MIN, MESSAGES.usernameMin),
    v.maxLength(C.USERNAME_MAX, MESSAGES.usernameMax),
    v.regex(USERNAME_CHARS, MESSAGES.usernameChars),
    v.check((name) => !INVISIBLE_CHARS.test(name), MESSAGES.usernameChars),
  );

const passwordField = (message: string = MESSAGES.passwordMin) =>
  v.pipe(
    v.string(message),
    v.minLength(C.PASSWORD_MIN, MESSAGES.passwordMin),
    v.maxLength(C.PASSWORD_MAX, MESSAGES.passwordMax),
  );

export const loginSchema = v.object({
  username: v.pipe(
    v.string(MESSAGES.usernameMin),
    v.transform(normalizeUsername),
    v.minLength(C.USERNAME_MIN, MESSAGES.usernameMin),
    v.maxLength(C.EMAIL_MAX, MESSAGES.usernameMax),
  ),
  password: passwordField(),
  isInternalLogin: v.optional(v.boolean(), false),
});

export const registerSchema = v.object({
  username: usernameField(MESSAGES.usernameMin),
  email: emailField(MESSAGES.email),
  password: passwordField(),
  isInternalLogin: v.optional(v.boolean(), false),
  /** The page that asked for the account (an agent's): the confirmation link continues there (a path of this site, else ignored). */
  next: v.optional(v.string(MESSAGES.nextPath)),
  [HONEYPOT_FIELD]: honeypotField,
});

/** The one-time token of a mailed link. */
const tokenField = v.pipe(
  v.string(MESSAGES.tokenRequired),
  v.trim(),
  v.nonEmpty(MESSAGES.tokenRequired),
  v.maxLength(128, MESSAGES.tokenInvalid),
);

/** A password is sent only when the link is opened outside the account's session (docs/decisions/0024). */
export const verifyEmailSchema = v.object({ token: tokenField, password: v.optional(passwordField()) });

/** Restores the address an email change replaced; the new password locks out whoever made the change. */
export const undoEmailChangeSchema = v.object({ token: tokenField, password: passwordField() });

export const forgotPasswordSchema = v.object({ email: emailField(MESSAGES.email) });

export const resetPasswordSchema = v.object({ token: tokenField, password: passwordField() });

export const changePasswordSchema = v.object({
  currentPassword: v.pipe(
    v.string(MESSAGES.currentPasswordRequired),
    v.nonEmpty(MESSAGES.currentPasswordRequired),
    v.maxLength(C.PASSWORD_MAX, MESSAGES.currentPassword),
  ),
  newPassword: passwordField(),
});

export const changeEmailSchema = v.object({
  currentPassword: v.pipe(
    v.string(MESSAGES.currentPasswordRequired),
    v.nonEmpty(MESSAGES.currentPasswordRequired),
    v.maxLength(C.PASSWORD_MAX, MESSAGES.currentPassword),
  ),
  email: emailField(MESSAGES.email),
});

/** Internal (staff) accounts must use the company domain; null when the email is acceptable. */
export function internalEmailError(email: string, staffDomain: string): string | null {
  const domain = staffDomain.trim().toLowerCase().replace(/^@/, '');
  return email.trim().toLowerCase().endsWith(`@${domain}`) ? null : MESSAGES.internalEmail(domain);
}

export const profileSchema = v.object({
  username: usernameField(MESSAGES.usernameRequired),
  email: v.pipe(
    trimmed(MESSAGES.emailRequired),
    v.nonEmpty(MESSAGES.emailRequired),
    v.maxLength(C.EMAIL_MAX, MESSAGES.email),
    v.email(MESSAGES.email),
    v.toLowerCase(),
  ),
  /** Needed only when the email changes (docs/product.md#accounts). */
  currentPassword: v.optional(
    v.pipe(v.string(MESSAGES.currentPasswordRequired), v.maxLength(C.PASSWORD_MAX, MESSAGES.currentPassword)),
  ),
});

const proposalBase = {
  name: v.pipe(
    trimmed(MESSAGES.agentNameRequired),
    v.nonEmpty(MESSAGES.agentNameRequired),
    v.maxLength(C.NAME_MAX, MESSAGES.agentNameMax),
  ),
  description: v.pipe(
    trimmed(MESSAGES.descriptionMin),
    v.minLength(C.DESCRIPTION_MIN, MESSAGES.descriptionMin),
    v.maxLength(C.DESCRIPTION_MAX, MESSAGES.descriptionMax),
  ),
};

/** Visitors must say who they are. */
export const anonymousProposalSchema = v.object({
  ...proposalBase,
  proposerName: v.pipe(
    trimmed(MESSAGES.proposerName),
    v.nonEmpty(MESSAGES.proposerName),
    v.maxLength(C.NAME_MAX, MESSAGES.proposerNameMax),
  ),
  proposerEmail: emailField(MESSAGES.proposalEmail),
  [HONEYPOT_FIELD]: honeypotField,
});

/** Signed-in users are known: name and email come from the account when left out. */
export const signedInProposalSchema = v.object({
  ...proposalBase,
  proposerName: optionalText(C.NAME_MAX, MESSAGES.proposerNameMax),
  proposerEmail: v.optional(
    v.pipe(
      v.nullable(v.string()),
      v.transform((s) => (s == null ? undefined : s.trim().toLowerCase() || undefined)),
      v.union([
        v.undefined(),
        v.pipe(v.string(), v.maxLength(C.EMAIL_MAX, MESSAGES.proposalEmail), v.email(MESSAGES.proposalEmail)),
      ]),
      asJsonSchema({
        anyOf: [
          { type: 'string', format: 'email', pattern: v.EMAIL_REGEX.source, maxLength: C.EMAIL_MAX },
          { type: 'null' },
        ],
        description: "Blank or null: the account's address",
      }),
    ),
  ),
  [HONEYPOT_FIELD]: honeypotField,
});

export const reviewSchema = v.object({
  agentId: v.pipe(integerField(MESSAGES.agentId), v.minValue(1, MESSAGES.agentId)),
  userId: v.optional(v.pipe(integerField(MESSAGES.userId), v.minValue(1, MESSAGES.userId))),
  rating: v.optional(
    v.pipe(
      integerField(MESSAGES.rating),
      v.minValue(C.RATING_MIN, MESSAGES.rating),
      v.maxValue(C.RATING_MAX, MESSAGES.rating),
    ),
    C.RATING_DEFAULT,
  ),
  comment: optionalText(C.COMMENT_MAX, MESSAGES.comment),
});

export const replySchema = v.object({
  body: v.pipe(
    trimmed(MESSAGES.replyRequired),
    v.nonEmpty(MESSAGES.replyRequired),
    v.maxLength(C.COMMENT_MAX, MESSAGES.replyMax),
  ),
});

export const reportSchema = v.object({
  itemType: v.picklist(['review', 'agent'], MESSAGES.reportItem),
  itemId: v.pipe(integerField(MESSAGES.reportItem), v.minValue(1, MESSAGES.reportItem)),
  reason: v.picklist(C.REPORT_REASONS, MESSAGES.reportReason),
  details: optionalText(C.COMMENT_MAX, MESSAGES.reportDetailsMax),
});

export const moderationSchema = v.object({
  action: v.picklist(['hide', 'restore', 'dismiss'], MESSAGES.moderationAction),
});

const featuresField = v.optional(
  v.pipe(
    v.union([v.array(v.string(MESSAGES.features), MESSAGES.features), v.string(MESSAGES.features)], MESSAGES.features),
    v.transform((value) => parseFeatures(value)),
    v.maxLength(C.FEATURES_MAX, MESSAGES.features),
    v.check((list) => list.every((f) => f.length <= C.FEATURE_MAX), MESSAGES.features),
    asJsonSchema({
      anyOf: [
        { type: 'array', items: { type: 'string', maxLength: C.FEATURE_MAX }, maxItems: C.FEATURES_MAX },
        { type: 'string', description: 'A JSON list, or one feature' },
      ],
    }),
  ),
  [],
);

/** A try carries the cost the person was shown (docs/product.md#credits); without it, none is compared. */
export const trySchema = v.object({
  expectedCost: v.optional(
    v.pipe(v.number(MESSAGES.expectedCost), v.integer(MESSAGES.expectedCost), v.minValue(0, MESSAGES.expectedCost)),
  ),
});

export const agentSchema = v.object({
  name: v.pipe(
    trimmed(MESSAGES.nameMin),
    v.minLength(C.AGENT_NAME_MIN, MESSAGES.nameMin),
    v.maxLength(C.NAME_MAX, MESSAGES.nameMax),
    v.check((name) => !INVISIBLE_CHARS.test(name), MESSAGES.agentNameChars),
  ),
  description: v.pipe(
    trimmed(MESSAGES.descriptionMin),
    v.minLength(C.DESCRIPTION_MIN, MESSAGES.descriptionMin),
    v.maxLength(C.DESCRIPTION_MAX, MESSAGES.descriptionMax),
  ),
  longDescription: optionalText(C.LONG_DESCRIPTION_MAX, MESSAGES.longDescriptionMax),
  categoryId: v.pipe(integerField(MESSAGES.category), v.minValue(1, MESSAGES.category)),
  departmentId: v.optional(v.pipe(integerField(MESSAGES.department), v.minValue(0, MESSAGES.department)), 0),
  creditCost: v.optional(
    v.pipe(
      integerField(MESSAGES.creditCostInteger),
      v.minValue(C.MIN_CREDIT_COST, MESSAGES.creditCostMin),
      v.maxValue(C.MAX_CREDIT_COST, MESSAGES.creditCostMax),
    ),
    C.DEFAULT_CREDIT_COST,
  ),
  features: featuresField,
  videoUrl: optionalUrl(),
  imageUrl: optionalUrl(),
  externalUrl: optionalUrl(),
  // Only an edit keeps it (PUT): a dated changelog entry shown on the agent page (docs/decisions/0043).
  whatsNew: optionalText(C.WHATS_NEW_MAX, MESSAGES.whatsNewMax),
});

export const purchaseSchema = v.object({
  amount: v.pipe(
    integerField(MESSAGES.purchaseInteger),
    v.minValue(C.PURCHASE_MIN, MESSAGES.purchaseMin),
    v.maxValue(C.PURCHASE_MAX, MESSAGES.purchaseMax),
  ),
  userId: v.optional(v.pipe(integerField(MESSAGES.userId), v.minValue(1, MESSAGES.userId))),
});

export type LoginInput = v.InferInput<typeof loginSchema>;
export type RegisterInput = v.InferInput<typeof registerSchema>;
export type ProfileInput = v.InferInput<typeof profileSchema>;
export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;
export type ChangeEmailInput = v.InferInput<typeof changeEmailSchema>;
export type ResetPasswordInput = v.InferInput<typeof resetPasswordSchema>;
export type ProposalInput = v.InferInput<typeof anonymousProposalSchema>;
export type AgentData = v.InferOutput<typeof agentSchema>;

/**
 * Features arrive as a list, as text holding a JSON list, or as plain text (docs/product.md#data: if parsing fails
 * the raw text is one item). Blank entries are dropped.
 */
export function parseFeatures(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((f) => String(f).trim()).filter(Boolean);
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((f) => String(f).trim()).filter(Boolean);
    } catch {
      // Not JSON: the raw text is the single feature.
    }
  }
  return [text];
}

/** The first message of a failed parse, for a form field or an API error. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues[0]?.message ?? 'Invalid input';
}

/** Field name to first message, for showing errors beside form fields. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** An Idempotency-Key's form: the header on tries and proposals, and an MCP tool's key that becomes it. */
export const IDEMPOTENCY_KEY = /^[\w.:-]{8,128}$/;
