import { Link } from 'wouter';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

export default function CareersPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="Careers"
      lead={
        <p>
          AgentMarket is built by a small team. This page is where we list openings and explain what working on the
          marketplace involves.
        </p>
      }
    >
      <ContentSection id="openings" title="Open positions">
        <p>
          <strong>There are no open positions right now.</strong> When a role opens, it is listed here with its
          responsibilities and how to apply. We do not take applications through the proposal form.
        </p>
      </ContentSection>

      <ContentSection id="work" title="What the work is">
        <ul>
          <li>
            <strong>Marketplace engineering:</strong> the React app that installs to phones and keeps working offline,
            and the API on Cloudflare Workers and D1 that serves it.
          </li>
          <li>
            <strong>Payments and credits:</strong> the ledger behind every balance, Stripe Checkout and its webhook, and
            making sure a credit is never counted twice.
          </li>
          <li>
            <strong>Trust and quality:</strong> keeping reviews honest, the catalogue accurate and listings that break
            their description off the marketplace.
          </li>
          <li>
            <strong>Operations:</strong> answering every agent proposal within 2-3 business days and helping creators
            get their agents listed well.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="how" title="How we work">
        <ul>
          <li>
            Small changes shipped often, each with tests that run the app in a real browser and the API against the real
            database schema.
          </li>
          <li>
            Accessibility and small screens are part of done: every page works with a keyboard and at 360 pixels wide.
          </li>
          <li>Decisions are written down next to the code, so anyone can see why something is the way it is.</li>
        </ul>
        <p>
          Curious how the product works today? Start with the <Link href="/documentation">documentation</Link> and the{' '}
          <Link href="/blog">blog</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
