const VIDEO_HOSTS: [RegExp, string][] = [
  [/(^|\.)youtube\.com$|(^|\.)youtu\.be$|(^|\.)youtube-nocookie\.com$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
  [/(^|\.)loom\.com$/, 'Loom'],
  [/(^|\.)wistia\.(com|net)$/, 'Wistia'],
  [/(^|\.)dailymotion\.com$|(^|\.)dai\.ly$/, 'Dailymotion'],
];

/** A demo link that can be opened: a web address, else null. */
export function demoVideoUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/** The video-sharing site a link points to (YouTube, Vimeo, ...), or null for any other host. */
export const videoHostName = (url: URL): string | null =>
  VIDEO_HOSTS.find(([re]) => re.test(url.hostname.toLowerCase()))?.[1] ?? null;
