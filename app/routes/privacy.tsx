import { Link } from 'wouter';
import {
  FLASH_MARKER_COOKIE,
  PREFERENCES_COOKIE,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  SESSION_TTL_MS,
} from '#common/constants.ts';
import { SAVED_AGENTS_COOKIE } from '#common/saved-agents.ts';
import { ContentPage, ContentSection } from '#app/features/content/components/content-page.tsx';

const SESSION_DAYS = Math.round(SESSION_TTL_MS / 86_400_000);

export default function PrivacyPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead={<p>What AgentMarket stores about you, why, who can see it and how to remove it.</p>}
    >
      <ContentSection id="summary" title="Summary">
        <ul>
          <li>
            We keep what the marketplace needs to work: your account, your credit ledger, your reviews, the agents you
            list and the proposals you send.
          </li>
          <li>
            One cookie keeps you signed in; a few others only carry this browser's own settings and saved agents. No
            advertising or analytics cookies, no tracking pixels.
          </li>
          <li>Passwords are stored only as salted scrypt hashes. Card details go to Stripe and never reach us.</li>
        </ul>
      </ContentSection>

      <ContentSection id="collect" title="What we keep">
        <ul>
          <li>
            <strong>Account:</strong> username, email address, password hash, role (customer, staff or admin), sign-up
            date, and for Google sign-in your Google account id and profile picture.
          </li>
          <li>
            <strong>Sessions:</strong> a hash of your session token, its expiry and when it was created. The token
            itself is only in your cookie.
          </li>
          <li>
            <strong>Credit ledger:</strong> every change to your balance: sign-up bonus, purchase (with the checkout
            session it came from), each agent try (which agent), and administrator top-ups, with the balance after each.
          </li>
          <li>
            <strong>Purchases:</strong> checkout sessions with the number of credits, the price and whether they
            completed.
          </li>
          <li>
            <strong>Content you create:</strong> reviews (rating, comment, date), agents you list, and proposals (name,
            description, and for visitors the name and email you give).
          </li>
          <li>
            <strong>Security counters:</strong> short-lived counts of sign-in and registration attempts per account and
            per client, to slow down password guessing.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="cookies" title="Cookies">
        <p>
          AgentMarket sets one cookie that identifies you, <code>{SESSION_COOKIE}</code>, when you sign in or register.
          It is <strong>HttpOnly</strong> (page scripts cannot read it), <strong>SameSite</strong> (not sent with
          requests from other sites), <strong>Secure</strong> on HTTPS, and it expires after {SESSION_DAYS} days or when
          you log out. The others hold nothing about you that this browser does not already keep, and none is shared
          with anyone:
        </p>
        <ul>
          <li>
            <code>{SESSION_HINT_COOKIE}</code>: that this browser is signed in (no token), so pages show your account at
            once.
          </li>
          <li>
            <code>{SAVED_AGENTS_COOKIE}</code>: the numbers of the agents you saved on this device, sent only when you
            open your saved agents, so that page comes ready. We do not store them.
          </li>
          <li>
            <code>{PREFERENCES_COOKIE}</code>, <code>{FLASH_MARKER_COOKIE}</code> and <code>pending-try</code>: that
            display preferences are set, that a message waits for the next page, and that a try waits for you to sign in
            (a day at most).
          </li>
          <li>
            <code>am_oauth_state</code>: while you sign in with Google, the check that the answer belongs to the sign-in
            you started (ten minutes at most).
          </li>
        </ul>
        <p>No third-party cookies are loaded by our pages.</p>
      </ContentSection>

      <ContentSection id="device" title="What stays on your device">
        <p>To work offline, the app stores data in your browser, not in cookies:</p>
        <ul>
          <li>
            Agent listings, agent pages, ratings and categories you have viewed, with the time they were saved
            (IndexedDB).
          </li>
          <li>A copy of your signed-in profile and balance for offline display, removed when you log out.</li>
          <li>The agents you saved, with their reviews as you last saw them, until you remove them.</li>
          <li>Proposals written while offline, until they are sent.</li>
          <li>Your display preferences (reduced motion, compact layout), in local storage.</li>
        </ul>
        <p>
          You can remove all of it at any time in <Link href="/settings">Settings</Link> → Clear saved data, or through
          your browser’s site data settings.
        </p>
      </ContentSection>

      <ContentSection id="visible" title="Who can see what">
        <ul>
          <li>
            Everyone: your username on reviews and agents you list, your public profile (username, picture, sign-up
            date), reviews and listings.
          </li>
          <li>Only you: your email, balance and credit history.</li>
          <li>Operators (staff and admins): proposals, including the proposer’s name and email, so they can reply.</li>
        </ul>
      </ContentSection>

      <ContentSection id="third-parties" title="Services we rely on">
        <ul>
          <li>Cloudflare runs our servers and database.</li>
          <li>Stripe processes card payments when you buy credits; it receives what it needs to take the payment.</li>
          <li>Google, only if you choose to sign in with Google.</li>
          <li>
            An external agents provider, only when the marketplace is connected to one; its access tokens stay on our
            server.
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="choices" title="Your choices">
        <ul>
          <li>
            Correct your username or email on your <Link href="/profile">profile</Link>.
          </li>
          <li>Delete your agents from their pages; their reviews go with them.</li>
          <li>Log out to end your session and remove private data from the device.</li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}
