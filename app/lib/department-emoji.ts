// docs/product.md#screens (Browse Agents): each department has an emoji; anything else is a robot.
const EMOJI: Record<string, string> = {
  marketing: '📣',
  sales: '💼',
  finance: '💰',
  operations: '⚙️',
  hr: '👥',
  'human resources': '👥',
  it: '💻',
  'customer service': '🎧',
  legal: '⚖️',
  research: '🔬',
  design: '🎨',
};

export const departmentEmoji = (name: string | null | undefined): string => EMOJI[(name ?? '').trim().toLowerCase()] ?? '🤖';
