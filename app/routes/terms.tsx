import { Link } from 'wouter';
import { INITIAL_CREDITS, MAX_CREDIT_COST, MIN_CREDIT_COST, PURCHASE_MIN } from '#common/constants.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

export default function TermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of Service"
      lead={<p>The rules for using AgentMarket, in plain language.</p>}
    >
      <ContentSection id="accounts" title="Accounts">
        <ul>
          <li>
            Give a real email address and keep your password to yourself. You are responsible for what happens under
            your account.
          </li>
          <li>Internal (staff) accounts are only for people with an email address in the company domain.</li>
          <li>We may suspend accounts that break these terms.</li>
        </ul>
      </ContentSection>

      <ContentSection id="credits" title="Credits and payments">
        <ul>
          <li>
            1 credit is worth $1 of use on AgentMarket. Credits are not money: they cannot be withdrawn, transferred to
            another account or exchanged for cash.
          </li>
          <li>New accounts receive {INITIAL_CREDITS} free credits. Administrators may top accounts up.</li>
          <li>
            The smallest purchase is {PURCHASE_MIN} credits. Payments are taken by Stripe; credits are added once Stripe
            confirms the payment.
          </li>
          <li>
            Your balance is the one our server records; the <Link href="/billing">Billing</Link> page lists every change
            to it.
          </li>
          <li>Purchases made on a test-mode checkout only exist on that test server and involve no payment.</li>
        </ul>
      </ContentSection>

      <ContentSection id="trying" title="Trying agents">
        <ul>
          <li>
            Each try costs the agent’s listed credit cost, shown before you try. Trying an agent you created is free.
          </li>
          <li>
            Agents are run by their creators or providers on their own sites. Their output is theirs, not ours; check it
            before relying on it.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="listing" title="Listing agents">
        <ul>
          <li>
            Describe your agent accurately, including what it costs ({MIN_CREDIT_COST} to {MAX_CREDIT_COST} credits per
            try) and where Try Agent sends people.
          </li>
          <li>Only list agents you have the right to offer, and use images and videos you may publish.</li>
          <li>
            You can edit or delete your listings at any time. We may remove listings that are misleading, broken or
            unlawful.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="reviews" title="Reviews and proposals">
        <ul>
          <li>
            Review only agents you have used, honestly. One review per agent per account; a new one replaces your last.
          </li>
          <li>
            Proposals are ideas shared with our operators. They are not confidential and we are not obliged to build
            them, but we do answer within 2-3 business days.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="use" title="Acceptable use">
        <ul>
          <li>
            Do not try to get around credit charges, sign in as someone else or overload the service. Repeated failed
            sign-ins are slowed down automatically.
          </li>
          <li>Do not post unlawful, hateful or deceptive content in listings, reviews or proposals.</li>
        </ul>
      </ContentSection>

      <ContentSection id="service" title="The service">
        <ul>
          <li>Data shown while you are offline is what was saved on your device and may be out of date.</li>
          <li>
            We improve AgentMarket continuously and may change these terms; the current version is always on this page.
          </li>
          <li>
            How we handle your data is described in the <Link href="/privacy">Privacy Policy</Link>.
          </li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
