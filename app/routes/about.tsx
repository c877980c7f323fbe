import { Link } from 'wouter';
import { INITIAL_CREDITS } from '#common/constants.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

export default function AboutPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="About AgentMarket"
      documentTitle="About"
      lead={
        <p>
          The marketplace for intelligent agents that help you get things done: one place to find, try, review and
          publish AI agents.
        </p>
      }
    >
      <ContentSection id="what" title="What AgentMarket is">
        <p>
          AI agents are scattered across hundreds of websites, each with its own sign-up and pricing. AgentMarket puts
          them in one catalogue, organised by business category and by the department that would use them: marketing,
          sales, finance, operations, HR, IT, customer service, legal, research and design.
        </p>
        <p>
          Instead of a subscription per tool, you pay per try with credits. 1 credit is $1, every agent shows its cost
          up front, and every new account gets {INITIAL_CREDITS} credits to start.
        </p>
      </ContentSection>

      <ContentSection id="who" title="Who it is for">
        <ul>
          <li>
            <strong>Visitors</strong> browse, search and read reviews without an account, and can propose an agent that
            does not exist yet.
          </li>
          <li>
            <strong>Users</strong> try agents with credits, review them and keep their balance and history in one
            account.
          </li>
          <li>
            <strong>Creators</strong> list their own agents, set the credit cost and keep them up to date from My
            Agents.
          </li>
          <li>
            <strong>Operators</strong> (our staff) read every proposal and keep the catalogue healthy.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="principles" title="How we run it">
        <ul>
          <li>
            <strong>Your balance lives on our server.</strong> Every credit added or spent is a row in a ledger, and the
            balance you see is the server’s; nothing a browser does can change it.
          </li>
          <li>
            <strong>No secrets in your browser.</strong> Signing in sets a single HttpOnly cookie; tokens for payment or
            agent providers never reach the page.
          </li>
          <li>
            <strong>Reviews come from accounts.</strong> One review per person per agent, and ratings are recalculated
            with every change.
          </li>
          <li>
            <strong>It works on a train.</strong> The app installs to your home screen, keeps the agents you have seen
            for offline reading and queues proposals until you are back online.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="built" title="How it is built">
        <p>
          The app is a React progressive web app. The API is a Hono application on Cloudflare Workers with a D1 (SQLite)
          database, so the same code runs close to users worldwide. Card payments go through Stripe Checkout; card
          details never touch our servers.
        </p>
        <p>
          Developers can read the full <Link href="/api">API reference</Link>. Have an idea for an agent?{' '}
          <Link href="/propose-agent">Propose it</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
