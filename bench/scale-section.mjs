// docs/benchmarks.md's section written by `npm run bench -- scale` (bench/scale.mjs), apart from that
// module so bench/run.mjs can keep the section as it rewrites the file without running the bench.

/** The markers around the section. */
export const SCALE_SECTION = ['<!-- scale section -->', '<!-- /scale section -->'];

/** The section as `text` holds it, or ''. */
export const scaleSection = (text) =>
  text.match(new RegExp(`${SCALE_SECTION[0]}[\\s\\S]*?${SCALE_SECTION[1]}`))?.[0] ?? '';
