// "The last 30 days" of an agent's use (docs/decisions/0043): the console's figures and the cards'
// recentTries sum agent_activity's quarters from the same start, so both say the same number.

export const RECENT_USAGE_DAYS = 30;
const QUARTER_MS = 15 * 60_000;

/** The agent_activity quarter ('YYYY-MM-DDTHH:MM', UTC) holding the moment `ms`. */
export const quarterOf = (ms: number): string =>
  new Date(Math.floor(ms / QUARTER_MS) * QUARTER_MS).toISOString().slice(0, 16);

/** The first quarter counted: the one holding the moment 30 days ago. */
export const recentUsageSince = (nowMs = Date.now()): string => quarterOf(nowMs - RECENT_USAGE_DAYS * 86_400_000);
