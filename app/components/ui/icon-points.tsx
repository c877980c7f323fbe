import type { LucideIcon } from 'lucide-react';

export interface IconPoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** How IconPoints look: the list, each item, the icon's tile, the icon, the title and the text. */
export interface IconPointsLook {
  list: string;
  item: string;
  tile: string;
  icon: string;
  title: string;
  text: string;
}

/**
 * A short list of selling points or steps, each an icon in a tile beside its title and a line of
 * text. `headings`: the titles are h3s under the section's h2 (a landing's section); without, they
 * are bold lines of an aside, which has headings of its own.
 */
export function IconPoints({
  points,
  look,
  ordered = false,
  headings = false,
}: {
  points: readonly IconPoint[];
  look: IconPointsLook;
  ordered?: boolean;
  headings?: boolean;
}) {
  const List = ordered ? 'ol' : 'ul';
  const [Body, Title, Text] = headings ? (['div', 'h3', 'p'] as const) : (['span', 'span', 'span'] as const);
  return (
    <List className={look.list}>
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className={look.item}>
          <span className={look.tile}>
            <Icon aria-hidden className={look.icon} />
          </span>
          <Body>
            <Title className={look.title}>{title}</Title>
            <Text className={look.text}>{text}</Text>
          </Body>
        </li>
      ))}
    </List>
  );
}
