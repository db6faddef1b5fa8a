import { ANSWER_DUE_HOURS, EMAIL_VERIFICATION_TTL_HOURS } from '@uapqa/contracts';
import { Link } from '@uapqa/ui/router';
import { LEGAL_UPDATED, LegalPage } from './LegalPage';

/** The privacy policy: what the product stores, for how long, who sees it, and a member's rights. */
export function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      other={{ to: '/terms', label: 'Terms of Service' }}
    >
      <p>
        UAP Answers is a membership service: members buy question credits to ask verified UFO/UAP
        experts, our moderators review each question, experts answer within {ANSWER_DUE_HOURS}{' '}
        hours, and anyone can read the archive of answers. This page says what we store to run it,
        for how long, who sees it, and what you can do about it. We do not sell your data, show
        advertising, or use tracking or analytics cookies.
      </p>

      <h2>What we store, and for how long</h2>
      <ul>
        <li>
          <strong>Your account</strong>: your username, first and last name, email address and role.
          Your password is stored only as an argon2id hash: nobody here can read it. Kept while your
          account is open.
        </li>
        <li>
          <strong>Sessions</strong>: one record per sign-in (when it started and when it ends, at
          most 30 days later). Your browser holds two cookies for it: a signed token valid 15
          minutes and a renewal secret, which we store only as a hash. Signing out ends the session
          and clears both cookies. These are the only cookies the site sets.
        </li>
        <li>
          <strong>Email confirmation links</strong>: stored only as a hash, valid{' '}
          {EMAIL_VERIFICATION_TTL_HOURS} hours and once.
        </li>
        <li>
          <strong>Your questions and the answers to them</strong>: the title, details, context,
          sources, category and topics you chose, the expert you asked, the review status, the
          moderator's notes and the answer. Your questions stay linked to your account while it is
          open.
        </li>
        <li>
          <strong>Credits, payments and receipts</strong>: your subscription's state and renewal
          date, the credit ledger (every credit added, spent or refunded, and why), and every
          payment with its receipt (date, amount, what it bought, the payment reference). Card
          details go straight to our payment provider, Stripe; we never see or store a card number.
          Receipts are kept for as long as tax law requires us to keep them, also after an account
          is closed.
        </li>
        <li>
          <strong>The emails we send you</strong>: a log of each one (the address, what kind of
          email, when it was sent, whether delivery failed), so that each is sent once and a failed
          one is tried again.
        </li>
        <li>
          <strong>Newsletter, waitlist and contact messages</strong>: the address you signed up
          with, and for a contact message your name, email address, subject and message, which our
          staff read to answer you.
        </li>
        <li>
          <strong>Expert applications and profiles</strong>: what an applicant sends with the{' '}
          <Link to="/apply">application form</Link> (name, email, phone, website, how long and how
          often they can answer, a description of their work), an expert's profile (the name they go
          by, biography, credentials, website and social links), our admins' decision and note, and
          an expert's earnings for each answer.
        </li>
      </ul>

      <h2>What is public, and who else sees what</h2>
      <p>
        An answered question becomes public in the archive: its title, details, context, sources,
        category and topics, the expert's name and the answer (visitors read the first part of the
        answer, members all of it). Your own name and username are not shown with your questions.
        Experts see the questions put to them; moderators and admins see questions under review,
        accounts and applications to do their work. Stripe processes payments, and our mail provider
        delivers our emails. Nobody else receives your data from us.
      </p>

      <h2>Emails, and how to stop them</h2>
      <p>
        You choose which emails you receive in the email preferences on your account page. Every
        email you can switch off (news about your questions, answers, the newsletter) carries a
        one-click unsubscribe link that works without signing in. Messages about your account's
        security, confirmation links and payment receipts are always sent, because you need them.
      </p>

      <h2>Download your data</h2>
      <p>
        Signed in, you can download everything we hold about you, from your account page, as one
        JSON file (the API address is <code>GET /api/account/export</code>): your account, your
        questions and their answers, your credits, payments and receipts, your email preferences and
        the emails we sent you, your newsletter and waitlist sign-ups, and your expert profile if
        you have one.
      </p>

      <h2>Close your account</h2>
      <p>
        You can close your account at any time from your account page (
        <code>DELETE /api/account</code>, confirmed with your password). Closing it:
      </p>
      <ul>
        <li>cancels your subscription at once, and the credits left on it are forfeited;</li>
        <li>
          removes your personal data: your name, email address, password hash, sessions, email
          preferences and sign-ups;
        </li>
        <li>
          keeps answered questions and published answers in the archive, so it stays whole; an
          answer you wrote as an expert is credited to "a former member";
        </li>
        <li>stops every email to you, at once;</li>
        <li>
          frees your username and email address after 30 days (until then nobody can register with
          them, so nobody can pose as you right after you leave);
        </li>
        <li>keeps your payment receipts, because tax law requires it.</li>
      </ul>
      <p>Closing cannot be undone: to come back later, you create a new account.</p>
    </LegalPage>
  );
}
