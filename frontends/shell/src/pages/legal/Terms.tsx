import {
  ANSWER_DUE_HOURS,
  CREDIT_PACKAGES,
  CREDITS_PER_QUESTION,
  FROZEN_CREDITS_MONTHS,
  MAX_PLACES_PER_MEMBER_PER_WINDOW,
  SUBSCRIPTION,
} from '@uapqa/contracts';
import { Link } from '@uapqa/ui/router';
import { LEGAL_UPDATED, LegalPage } from './LegalPage';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const credits = (count: number) => `${count} credit${count === 1 ? '' : 's'}`;

/** The terms of service, as the product applies them: membership, credits, the answer rule, refunds, the archive. */
export function Terms() {
  const { small, bulk } = CREDIT_PACKAGES;
  return (
    <LegalPage
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      other={{ to: '/privacy', label: 'Privacy Policy' }}
    >
      <p>
        These terms govern your use of UAP Answers. By creating an account or asking a question you
        accept them. They describe what the site actually does; where a rule has a number, it is the
        number the site applies.
      </p>

      <h2>Your account</h2>
      <p>
        An account is for one person. You confirm your email address with the link we send before
        the account can be used, and you keep your password to yourself: what is done with your
        account is done in your name. You may close your account at any time (see the{' '}
        <Link to="/privacy">Privacy Policy</Link> for what closing does).
      </p>

      <h2>Membership</h2>
      <p>
        Membership is a subscription of {dollars(SUBSCRIPTION.priceCents)} a month, renewed
        automatically each month until you cancel. Members read every answer in the archive in full,
        and each paid month adds {credits(SUBSCRIPTION.creditsPerPeriod)} to their balance. You can
        cancel at any time on the <Link to="/subscribe">subscription page</Link>: your membership
        stays active until the end of the month you paid for and then ends instead of renewing; you
        can withdraw the cancellation until that day.
      </p>

      <h2>Credits</h2>
      <ul>
        <li>
          Asking a question costs {credits(CREDITS_PER_QUESTION)}, taken from your balance when you
          send it.
        </li>
        <li>
          Active members can buy more: {credits(small.credits)} for {dollars(small.priceCents)} or{' '}
          {credits(bulk.credits)} for {dollars(bulk.priceCents)}.
        </li>
        <li>
          When your membership ends, your balance is frozen. Subscribe again within{' '}
          {FROZEN_CREDITS_MONTHS} months and it is yours to use again; after {FROZEN_CREDITS_MONTHS}{' '}
          months it expires.
        </li>
        <li>
          Credits have no cash value, cannot be transferred, and are forfeited when you close your
          account.
        </li>
      </ul>

      <h2>Asking, and the {ANSWER_DUE_HOURS}-hour answer rule</h2>
      <p>
        You choose the expert you ask. Each expert takes a limited number of questions a week, and
        one member may hold at most {MAX_PLACES_PER_MEMBER_PER_WINDOW} of an expert's places in a
        week. Our moderators review every question before it reaches the expert: they approve it,
        possibly giving it to another expert, or reject it with a note. Once a question is approved,
        the expert has {ANSWER_DUE_HOURS} hours to answer it.
      </p>

      <h2>Refunds</h2>
      <p>The credit you spent on a question comes back to your balance, once, when:</p>
      <ul>
        <li>our moderators reject the question;</li>
        <li>the expert does not answer within {ANSWER_DUE_HOURS} hours of the approval;</li>
        <li>the expert stops answering on the site before answering it;</li>
        <li>the question could not be stored after the credit was taken.</li>
      </ul>
      <p>
        Refunds are made in credits, automatically. Membership fees and credit packs are not
        refunded in money, except where the law requires it.
      </p>

      <h2>Answered questions become public</h2>
      <p>
        When an expert answers your question, the question (its title, details, context, sources,
        category and topics) and the answer become public in the archive: anyone can read them,
        share a link to them and find them through search engines. Your name and username are not
        shown with them. Do not put anything in a question that you do not want published, such as
        your own or someone else's personal details. Answered questions stay in the archive, also
        after you close your account.
      </p>

      <h2>What may be asked and answered</h2>
      <p>
        Questions must be about the UFO/UAP subject, lawful, and free of harassment, personal data
        of others and material you have no right to share. Moderators reject questions that are not.
        Answers are the experts' own views, given as information, not as legal, medical or financial
        advice.
      </p>

      <h2>Changes</h2>
      <p>When these terms change, this page shows the new text and the day it took effect.</p>
    </LegalPage>
  );
}
