import { Link } from 'wouter';
import { ContentPage } from '#app/features/content/components/content-page.tsx';

const POSTS = [
  {
    id: 'server-balance',
    title: 'Why your credit balance lives on our server',
    summary: 'Credits are money, so the browser only ever shows a copy.',
    body: [
      'Early versions of marketplaces like ours kept the balance in the browser and asked a provider for updates. That made balances easy to get wrong: two tabs, a slow network or a stale cache and the number in the navbar no longer matched reality.',
      'AgentMarket keeps one append-only ledger. Every sign-up bonus, purchase, try and administrator top-up is a row with the amount and the balance after it, written in the same database batch as the balance itself. A try only succeeds if the balance covers it, and each try carries a key so a repeated request is never charged twice.',
      'The result: the balance in the navbar, on Billing and on every device is the same number, and Billing can always explain it.',
    ],
  },
  {
    id: 'offline',
    title: 'Browsing agents with no signal',
    summary: 'What the installable app keeps on your phone, and what it does not.',
    body: [
      'Install AgentMarket to your home screen and it keeps the agent listings, agent pages, ratings and categories you have opened in your device’s storage. Offline, the app shows them with a banner saying you are offline and when the data was saved.',
      'Proposals work offline too: write one on the train and it is queued with a unique key, then sent when the connection returns, so it arrives exactly once.',
      'Private data is handled differently: your balance and history are removed from the device when you sign out, and Settings lets you clear everything saved.',
    ],
  },
  {
    id: 'ratings',
    title: 'How ratings are counted',
    summary: 'One person, one review per agent, and averages that are always current.',
    body: [
      'Each signed-in user can leave one rating from 1 to 5 stars per agent. Writing again replaces the earlier review instead of adding a second vote, so nobody can stack ratings.',
      'The agent’s average and its review count are recalculated in the same step as the review is saved. Most Popular sorting multiplies the average by the number of reviews, so a single five-star review does not outrank an agent many people rate highly.',
    ],
  },
  {
    id: 'test-checkout',
    title: 'Test-mode checkout for everyone running AgentMarket',
    summary: 'Buy credits on a development server without a Stripe account.',
    body: [
      'With Stripe keys configured, Continue to Payment opens Stripe Checkout and credits arrive when Stripe’s signed webhook confirms the payment.',
      'Without keys, a checkout page marked TEST MODE takes its place. No card is asked for and no money moves, but completing it credits the account through the very same code path as a real payment, so developers and testers see exactly what customers see.',
    ],
  },
  {
    id: 'proposals',
    title: 'From proposal to listed agent',
    summary: 'What happens after you press Submit Proposal.',
    body: [
      'Anyone can propose an agent: visitors leave a name and email, signed-in users need nothing extra. Proposals go straight to the operators’ inbox.',
      'Operators read each proposal within 2-3 business days, reply when something needs clarifying and mark it reviewed. Strong ideas are passed on to creators who build and list agents on the marketplace.',
    ],
  },
];

export default function BlogPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="Blog"
      lead={<p>Notes from the team on how AgentMarket works and why it works that way.</p>}
      sections={POSTS.map((p) => ({ id: p.id, title: p.title }))}
    >
      <div className="grid gap-8">
        {POSTS.map((post) => (
          <article
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-title`}
            className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8"
          >
            <h2 id={`${post.id}-title`} className="text-2xl font-semibold">
              {post.title}
            </h2>
            <p className="mt-1 font-medium text-slate-600">{post.summary}</p>
            <div className="mt-4 grid gap-4 leading-relaxed text-slate-700">
              {post.body.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
          </article>
        ))}
        <p className="text-slate-700">
          Want the details? See the{' '}
          <Link href="/documentation" className="font-medium text-brand-700 underline">
            documentation
          </Link>
          .
        </p>
      </div>
    </ContentPage>
  );
}
