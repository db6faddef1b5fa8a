// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import {
  ANSWER_DUE_HOURS,
  CREDITS_PER_QUESTION,
  EXPERT_DURATION_MONTHS,
  EXPERT_MIN_COMMITMENT,
  EXPERT_QUESTIONS_PER_WEEK,
} from '@uapqa/contracts';
import { Accordion, Card, Grid, Muted, PageHeader, titleOnSurface } from '@uapqa/ui';
import styled from 'styled-components';
import { LinkButton } from '../lib/link-button';

/* Text on surfaces of its own, never on the beams: see PageHeader. */
const Hero = styled(PageHeader).attrs({ as: 'section' })`
  text-align: center;
  padding: 3rem 1.5rem 2.5rem;
  h1 { font-size: clamp(2rem, 5vw, 3.2rem); }
  p { max-width: 720px; margin: 0 auto 1.75rem; }
`;
const Section = styled.section`
  margin: 3rem 0;
  > h2 { ${titleOnSurface} text-align: center; margin-bottom: 1.5rem; }
`;
const Benefit = styled(Card)`
  h3 { font-size: 1.1rem; color: ${({ theme }) => theme.colors.primary}; }
`;
const Steps = styled.ol`
  list-style: none;
  counter-reset: step;
  padding: 0;
  margin: 0 auto;
  max-width: 760px;
  display: grid;
  gap: 1rem;
  padding: 1.25rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  li {
    counter-increment: step;
    display: grid;
    grid-template-columns: 2.5rem 1fr;
    gap: 1rem;
    align-items: start;
  }
  li::before {
    content: counter(step);
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 50%;
    display: grid;
    place-items: center;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  h3 { font-size: 1.05rem; margin-bottom: 0.2rem; }
`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const BENEFITS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Paid for every answer',
    text: 'Earn a fixed fee for each question you answer, tracked on your dashboard and paid out regularly.',
  },
  {
    title: 'Your own schedule',
    text: `Answer when it suits you: each question gives you ${ANSWER_DUE_HOURS} hours from its approval.`,
  },
  {
    title: 'Serious, moderated questions',
    text: 'Every question is reviewed by our moderators before it reaches you. No spam, no trolls.',
  },
  {
    title: 'An audience that pays to listen',
    text: 'Subscribers spend their own credits to reach you: they value your research and your time.',
  },
  {
    title: 'A lasting archive',
    text: 'Your answers join a searchable public archive that keeps building your reputation.',
  },
  {
    title: 'You set the pace',
    text: `Take between ${EXPERT_QUESTIONS_PER_WEEK.min} and ${EXPERT_QUESTIONS_PER_WEEK.max} questions a week, for ${EXPERT_DURATION_MONTHS.min} to ${EXPERT_DURATION_MONTHS.max} months at a time.`,
  },
];

export const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How quickly do I need to answer?',
    answer: `Answers are due within ${ANSWER_DUE_HOURS} hours of a question being approved and assigned to you. Your dashboard shows the time left on each one.`,
  },
  {
    question: 'What is the minimum commitment?',
    answer: `At least ${plural(EXPERT_MIN_COMMITMENT.questionsPerWeek, 'question')} per week for at least ${plural(EXPERT_MIN_COMMITMENT.months, 'month')}.`,
  },
  {
    question: 'How am I paid?',
    answer:
      'You receive a fixed fee per answer. Your dashboard shows your total earnings and your next payout.',
  },
  {
    question: 'What happens if a question is declined?',
    answer: `The subscriber's credit is refunded (${plural(CREDITS_PER_QUESTION, 'credit')} per question). The same happens when a question is not answered within ${ANSWER_DUE_HOURS} hours.`,
  },
  {
    question: 'Who chooses the questions I receive?',
    answer:
      'Subscribers choose the expert they want to ask, and our moderators approve each question before it is assigned to you.',
  },
];

export const STEPS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Apply',
    text: 'Tell us about yourself, your work and how many questions you can take.',
  },
  { title: 'Get reviewed', text: 'Our team reviews your application and contacts you.' },
  {
    title: 'Set up your profile',
    text: 'Describe your expertise and credentials so members know who they are asking.',
  },
  {
    title: 'Start answering',
    text: `Answer approved questions from your dashboard within ${ANSWER_DUE_HOURS} hours and get paid for each one.`,
  },
];

/** `/experts`: the marketing page for prospective experts. */
export default function Experts() {
  return (
    <div data-testid="experts-page">
      <Hero>
        <h1>Share Your Expertise. Get Paid for Every Answer.</h1>
        <Muted as="p">
          Join the verified experts answering subscribers' questions about UFOs, UAP and
          consciousness. Answer on your own schedule and build a lasting public archive of your
          work.
        </Muted>
        <LinkButton to="/apply">Apply to Become an Expert</LinkButton>
      </Hero>

      <Section aria-labelledby="benefits-title">
        <h2 id="benefits-title">Why Answer on UAP Answers</h2>
        <Grid $min="260px">
          {BENEFITS.map((benefit) => (
            <Benefit key={benefit.title} data-testid="benefit">
              <h3>{benefit.title}</h3>
              <Muted>{benefit.text}</Muted>
            </Benefit>
          ))}
        </Grid>
      </Section>

      <Section aria-labelledby="steps-title">
        <h2 id="steps-title">How to Get Started</h2>
        <Steps>
          {STEPS.map((step) => (
            <li key={step.title}>
              <div>
                <h3>{step.title}</h3>
                <Muted>{step.text}</Muted>
              </div>
            </li>
          ))}
        </Steps>
      </Section>

      <Section aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently Asked Questions</h2>
        <Card style={{ maxWidth: 760, margin: '0 auto' }} data-testid="faq">
          <Accordion items={FAQ} />
        </Card>
      </Section>

      <Section style={{ textAlign: 'center' }}>
        <LinkButton to="/apply">Apply Now</LinkButton>
      </Section>
    </div>
  );
}
