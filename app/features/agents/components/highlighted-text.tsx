import type { HighlightSegment } from '#common/search.ts';

/**
 * A search hit's text with the matched words marked. Every segment is a React text node inside a
 * <mark> or not: whatever the text holds (markup included) shows as text, never as HTML.
 */
export function HighlightedText({ text, segments }: { text: string; segments?: HighlightSegment[] }) {
  if (!segments || segments.map((s) => s.text).join('') !== text) return <>{text}</>;
  return (
    <>
      {segments.map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
