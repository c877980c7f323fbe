import { Link } from 'wouter';
import { INITIAL_CREDITS, PURCHASE_MIN } from '#common/constants.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

export default function TutorialsPage() {
  return (
    <ContentPage
      eyebrow="Resources"
      title="Tutorials"
      lead={<p>Short, step-by-step walkthroughs of the things people do most on AgentMarket.</p>}
    >
      <ContentSection id="first-try" title="Try your first agent">
        <ol>
          <li>
            <Link href="/auth">Create an account</Link>: choose Register, enter a username, email and password. You
            start with {INITIAL_CREDITS} credits, shown in the navbar.
          </li>
          <li>
            Open <Link href="/agents">Browse Agents</Link> and pick your department, or search for the job you need
            done, such as “invoices” or “lead generation”.
          </li>
          <li>Open an agent. Check the Features and Reviews tabs and the credit cost in the sidebar.</li>
          <li>
            Press Try Agent. The cost is deducted, the agent opens in a new tab and the page confirms “Credits
            deducted”.
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="review" title="Write a useful review">
        <ol>
          <li>On the agent’s page, open the Reviews tab and press Write a Review.</li>
          <li>
            Choose 1 to 5 stars. In the comment, say what you used it for and what worked or did not; future buyers read
            these before spending credits.
          </li>
          <li>
            Submit. Your review appears first and the agent’s average updates at once. Changed your mind later? Write
            again: it replaces your earlier review.
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="list-agent" title="List your own agent">
        <ol>
          <li>
            Go to <Link href="/submit-agent">List your agent</Link> (also in the navbar menu under My Agents).
          </li>
          <li>
            Write a name and a one-paragraph description that says who the agent is for. Add the long description and
            one feature per line.
          </li>
          <li>Pick a category and, if it fits, a department; these decide where people find it.</li>
          <li>Set the credit cost per try (1 to 100). Lower costs get more first tries; you can change it any time.</li>
          <li>
            Add the external URL where Try Agent should send people, plus an image and a demo video if you have them.
          </li>
          <li>Submit. You land on the agent’s page; Edit Agent and Delete Agent are in its Manage Agent card.</li>
        </ol>
      </ContentSection>

      <ContentSection id="buy-credits" title="Buy credits">
        <ol>
          <li>
            Press your credit balance in the navbar, or open <Link href="/credits">Credits</Link>.
          </li>
          <li>
            Drag the slider, choose $50, $100, $200 or $500, or type a custom amount (a whole number of credits, at
            least {PURCHASE_MIN}).
          </li>
          <li>
            Press Continue to Payment and complete checkout. You return to the Credits page, which confirms “Credits
            Purchased!” and shows the new balance.
          </li>
          <li>
            The purchase is listed in <Link href="/billing">Billing</Link>.
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="offline" title="Install the app and browse offline">
        <ol>
          <li>
            In Chrome or Edge, use Install app (or the Install app button that appears at the bottom of the page); on
            iPhone, Share → Add to Home Screen.
          </li>
          <li>
            Browse the categories and agents you care about while online; each one you open is saved on the device.
          </li>
          <li>
            Without signal, open the app: saved agents and reviews are still there, with a note saying when they were
            saved.
          </li>
          <li>
            Have an idea on the train? Propose it anyway. It is queued and sent automatically when you are back online.
          </li>
        </ol>
      </ContentSection>

      <ContentSection id="operators" title="For operators: the proposals inbox">
        <ol>
          <li>Sign in with the Internal option using your company email.</li>
          <li>
            Open <Link href="/proposals">Proposals inbox</Link> from your profile or the account menu. New proposals are
            listed first.
          </li>
          <li>
            Reply to the proposer by email if the idea needs clarifying, then press Mark reviewed. We promise proposers
            an answer within 2-3 business days.
          </li>
        </ol>
      </ContentSection>
    </ContentPage>
  );
}
