import { Link } from 'wouter';
import {
  DEFAULT_CREDIT_COST,
  INITIAL_CREDITS,
  MAX_CREDIT_COST,
  MIN_CREDIT_COST,
  PURCHASE_MIN,
  PURCHASE_SLIDER_MAX,
} from '#common/constants.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

export default function DocumentationPage() {
  return (
    <ContentPage
      eyebrow="Resources"
      title="Documentation"
      lead={
        <p>
          How AgentMarket works: finding and trying AI agents, paying with credits, reviewing, listing your own agents
          and using the app offline.
        </p>
      }
    >
      <ContentSection id="accounts" title="Accounts and sign-in">
        <p>
          Anyone can browse, search, open agents, read reviews and propose an agent without an account. To try agents,
          write reviews, list agents or buy credits, <Link href="/auth">create an account</Link> with a username, email
          and password (at least 6 characters). Every new account starts with{' '}
          <strong>{INITIAL_CREDITS} free credits</strong>.
        </p>
        <ul>
          <li>
            <strong>Customer</strong> sign-in is for everyone. You can sign in with your username or your email.
          </li>
          <li>
            <strong>Internal</strong> sign-in is for staff and needs an email address in the company domain. Staff
            accounts can read the proposals inbox.
          </li>
          <li>
            <strong>Google</strong> sign-in appears when the server has it set up; otherwise the button says it is not
            configured.
          </li>
        </ul>
        <p>
          Change your username or email on your <Link href="/profile">profile</Link> with Edit Profile. Signing out
          removes your balance, history and agents from the device as well.
        </p>
      </ContentSection>

      <ContentSection id="finding" title="Finding agents">
        <p>
          <Link href="/agents">Browse Agents</Link> lists the whole catalogue. Filter by department, sort by Most
          Popular (rating times number of reviews), Newest, Highest Rated or Most Reviewed, and switch between a grid
          and a list. <Link href="/discover">Discover</Link> filters by category chips.
        </p>
        <p>
          Search looks through agent names, descriptions, categories and departments, and matches the beginnings of
          words, so <em>invo</em> finds invoice agents.
        </p>
        <p>
          An agent’s page shows its description, features, demo video, reviews, credit cost, creator and category. Its
          Try Agent button lives in the sidebar.
        </p>
      </ContentSection>

      <ContentSection id="trying" title="Trying an agent">
        <p>
          Each agent has a credit cost per try, set by its creator between {MIN_CREDIT_COST} and {MAX_CREDIT_COST}{' '}
          credits ({DEFAULT_CREDIT_COST} unless they chose otherwise). When you press Try Agent, our server deducts the
          cost from your balance and opens the agent in a new tab. The page then shows <em>Credits deducted</em> and the
          navbar shows your new balance.
        </p>
        <ul>
          <li>If your balance is lower than the cost, nothing is charged and you are offered to buy credits.</li>
          <li>Trying an agent you created is free, so its button shows no cost.</li>
          <li>A try is charged once, even if your connection drops and the request is repeated.</li>
        </ul>
      </ContentSection>

      <ContentSection id="credits" title="Credits and billing">
        <p>
          <strong>1 credit = $1.</strong> Buy credits on the <Link href="/credits">Credits</Link> page: pick an amount
          with the slider ({PURCHASE_MIN} to {PURCHASE_SLIDER_MAX} in steps of 10), a preset ($50, $100, $200, $500) or
          type any whole number of at least {PURCHASE_MIN}. Continue to Payment opens Stripe Checkout; credits are added
          once Stripe confirms the payment, usually within seconds.
        </p>
        <p>
          On servers without Stripe keys, a clearly marked test-mode checkout takes Stripe’s place: no card is asked for
          and no money moves, but the credits are added through exactly the same code.
        </p>
        <p>
          <Link href="/billing">Billing</Link> lists every change to your balance: the sign-up bonus, purchases, tries
          and any top-up by an administrator, each with the balance after it. The balance always equals the sum of that
          list.
        </p>
      </ContentSection>

      <ContentSection id="reviews" title="Ratings and reviews">
        <p>
          Signed-in users rate an agent from 1 to 5 stars (5 is preselected) with an optional comment, on the agent’s
          Reviews tab. You can have one review per agent: writing again replaces your earlier one. The agent’s average
          rating and review count are updated the moment you submit.
        </p>
      </ContentSection>

      <ContentSection id="listing" title="Listing your own agent">
        <p>
          <Link href="/submit-agent">List your agent</Link> with a name (at least 3 characters), a description (10 to
          1,000 characters), a category, and optionally a department, long description, features (one per line), demo
          video, image and the external URL people are sent to when they try it.
        </p>
        <p>
          Your agents appear under <Link href="/my-agents">My Agents</Link> and on your profile. Only you can edit them
          (from the agent’s page or My Agents) and delete them; administrators can also remove listings.
        </p>
      </ContentSection>

      <ContentSection id="proposals" title="Proposing an agent">
        <p>
          Missing an agent? <Link href="/propose-agent">Propose it</Link>: give it a name and describe what it should
          do. Visitors add their name and email so we can reply; signed-in users are known already. Operators review
          every proposal within 2-3 business days.
        </p>
      </ContentSection>

      <ContentSection id="offline" title="Installing and offline use">
        <p>
          AgentMarket is an installable web app: use your browser’s Install or Add to Home Screen option. Agents,
          ratings and categories you have looked at are saved on your device, so you can keep browsing them without a
          connection; a banner tells you that you are offline and when the data was saved.
        </p>
        <p>
          Proposals made while offline are kept on the device and sent automatically when the connection returns. Trying
          agents, buying credits, reviewing and submitting agents need a connection.{' '}
          <Link href="/settings">Settings</Link> lets you clear what is saved on the device.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
