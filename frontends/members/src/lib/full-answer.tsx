import { LinkButton } from './link-button';

/**
 * Below an answer's preview, the way to the whole answer: a visitor signs up, a signed-in member
 * without a subscription subscribes (the whole answer is what the subscription pays for).
 */
export function FullAnswerCall({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <LinkButton to="/subscribe" style={{ justifySelf: 'start' }} data-testid="full-answer-call">
      Subscribe to Read Full Answer
    </LinkButton>
  ) : (
    <LinkButton to="/auth" style={{ justifySelf: 'start' }} data-testid="full-answer-call">
      Sign Up to Read Full Answer
    </LinkButton>
  );
}
