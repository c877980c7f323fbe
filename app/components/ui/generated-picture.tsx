import { initials, pictureStyle } from '#app/lib/generated-picture.ts';

/**
 * The stand-in picture (docs/decisions/0028): a gradient from the id and the initials, as SVG that
 * scales to its box. Decorative: the name is always beside it.
 */
export function GeneratedPicture({
  seed,
  name,
  className = '',
  round = false,
}: {
  seed: string;
  name: string;
  className?: string;
  round?: boolean;
}) {
  const { from, to, angle } = pictureStyle(seed);
  const id = `g-${seed.replace(/[^\w-]/g, '')}`;
  return (
    <svg
      aria-hidden
      viewBox="0 0 160 100"
      preserveAspectRatio="xMidYMid slice"
      className={`${className} ${round ? 'rounded-full' : ''}`}
    >
      <defs>
        <linearGradient id={id} gradientTransform={`rotate(${angle} .5 .5)`}>
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="160" height="100" fill={`url(#${id})`} />
      <circle cx="132" cy="18" r="34" fill="#fff" fillOpacity=".12" />
      <text
        x="80"
        y="50"
        dy=".35em"
        textAnchor="middle"
        fill="#fff"
        fontFamily="system-ui,sans-serif"
        fontWeight="700"
        fontSize="40"
      >
        {initials(name)}
      </text>
    </svg>
  );
}
