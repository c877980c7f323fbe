/**
 * The items of every loaded page of a list, each id once (the first). A row added between two page
 * requests shifts the offsets, so the same item can arrive on two pages.
 */
export function pageItems<T extends { id: number }>(pages: readonly { items: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && (seen.add(item.id), true));
}
