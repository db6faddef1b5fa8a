import {
  type Expert,
  expertPagePath,
  type MemberCount,
  SUBSCRIPTION,
  TESTIMONIAL_COUNT,
  UI_TIMINGS,
} from '@uapqa/contracts';
import {
  Accordion,
  AfterFirstPaint,
  type ButtonStyleProps,
  buttonStyles,
  Card,
  ChevronLeftIcon,
  ChevronRightIcon,
  expertName,
  formatCount,
  Grid,
  getJson,
  homeOf,
  Muted,
  PageHeader,
  titleOnSurface,
  useSession,
  useWaitlist,
} from '@uapqa/ui';
import { Link, Navigate } from '@uapqa/ui/router';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { EmailSignup } from '../forms/EmailSignup';
import { FAQ, HOW_IT_WORKS, TESTIMONIALS } from './content';

const Section = styled.section`
  margin: 4rem 0;
  > h2 { ${titleOnSurface} text-align: center; font-size: clamp(1.5rem, 3.5vw, 2.1rem); }
`;
/* On a surface of its own, like every text of the page: the beams show around it. */
const Hero = styled(PageHeader).attrs({ as: 'section' })`
  text-align: center;
  padding: 3rem 1.5rem 2rem;
  @media (max-width: 767px) { padding: 2rem 1rem 1.5rem; }
  h1 { font-size: clamp(2rem, 6vw, 3.5rem); max-width: 18ch; margin: 0 auto 1rem; }
  p { max-width: 40rem; margin: 0 auto 2rem; color: ${({ theme }) => theme.colors.muted}; font-size: 1.1rem; }
`;
const CtaLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
  padding: 0.9rem 1.6rem;
  font-size: 1.05rem;
`;
const Step = styled(Card)`
  text-align: center;
  .n { display: inline-flex; width: 2.5rem; height: 2.5rem; border-radius: 50%; align-items: center; justify-content: center; background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; font-weight: 700; margin-bottom: 0.75rem; }
`;
const Quote = styled(Card)`
  max-width: 40rem;
  margin: 0 auto;
  text-align: center;
  blockquote { font-size: 1.15rem; margin: 0 0 1rem; }
`;
const CarouselControls = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: 1rem;
  margin-top: 1rem;
  > p { padding: 0.25rem 0.75rem; background: ${({ theme }) => theme.colors.surface}; border-radius: ${({ theme }) => theme.radius.pill}; }
  button { border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text}; border-radius: 50%; width: 2.5rem; height: 2.5rem; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; }
`;

/**
 * An expert's card is held to one height: while the list loads, placeholders of that height
 * stand where the cards will be, so the sections below never jump when the cards arrive.
 */
const ExpertCard = styled(Card)`
  min-height: 13rem;
  position: relative;
  h3 { margin-top: 0; }
  &:hover, &:focus-within { border-color: ${({ theme }) => theme.colors.primary}; }
`;
/** The expert's name, leading to their page; the whole card is its target (its ::after covers it). */
const ExpertLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after { content: ''; position: absolute; inset: 0; border-radius: inherit; }
  &:focus-visible { outline: none; }
  &:focus-visible::after { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;
const ExpertBio = styled(Muted)`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 4;
  overflow: hidden;
`;
/** As many placeholders as one row holds at the widest layout (four cards of 240 px). */
const EXPERT_PLACEHOLDERS = 4;

/**
 * Featured experts: 'Loading experts...' while loading, an empty list on failure (the landing
 * page must never break over a side panel), and name and bio fallbacks for sparse profiles.
 */
function FeaturedExperts() {
  const { data, isLoading } = useSWR<Expert[]>('/api/creators', async (url: string) => {
    try {
      return await getJson<Expert[]>(url);
    } catch (error) {
      console.error(error);
      return [];
    }
  });
  if (isLoading) {
    return (
      <Grid $min="240px" aria-busy="true" data-testid="featured-experts-loading">
        {Array.from({ length: EXPERT_PLACEHOLDERS }, (_, i) => (
          // Keys no card has: React must not reuse a placeholder for a card, which would then
          // count as moved (a layout shift) where it is in fact new.
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          <ExpertCard key={`placeholder-${i}`}>
            {i === 0 ? <Muted>Loading experts...</Muted> : null}
          </ExpertCard>
        ))}
      </Grid>
    );
  }
  return (
    <Grid $min="240px" data-testid="featured-experts">
      {(data ?? []).map((expert) => (
        <ExpertCard key={expert.id} data-testid="featured-expert">
          <h3>
            <ExpertLink to={expertPagePath(expert.handle)}>
              {`${expert.user.firstName ?? ''} ${expert.user.lastName ?? ''}`.trim() ||
                expertName(expert)}
            </ExpertLink>
          </h3>
          <p style={{ color: '#2dd4bf', margin: '0 0 0.5rem', fontWeight: 600 }}>
            {expert.expertise || 'UFO/UAP Researcher'}
          </p>
          <ExpertBio>
            {expert.bio || 'Expert researcher specializing in UFO/UAP phenomena and disclosure.'}
          </ExpertBio>
        </ExpertCard>
      ))}
    </Grid>
  );
}

/** Nine testimonials, autoplaying every 5 s until the visitor presses previous or next. */
export function Testimonials() {
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(true);
  const count = Math.min(TESTIMONIALS.length, TESTIMONIAL_COUNT);
  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(
      () => setIndex((i) => (i + 1) % count),
      UI_TIMINGS.carouselAutoplayMs,
    );
    return () => clearInterval(timer);
  }, [autoplay, count]);
  const current = TESTIMONIALS[index]!;
  const step = (delta: number) => {
    setAutoplay(false);
    setIndex((i) => (i + delta + count) % count);
  };
  return (
    <section aria-roledescription="carousel" aria-label="Member testimonials">
      <Quote aria-live={autoplay ? 'off' : 'polite'} data-testid="testimonial">
        <blockquote>“{current.quote}”</blockquote>
        <strong>{current.name}</strong>
        <Muted>{current.designation}</Muted>
      </Quote>
      <CarouselControls>
        <button type="button" aria-label="Previous testimonial" onClick={() => step(-1)}>
          <ChevronLeftIcon />
        </button>
        <Muted>
          {index + 1} / {count}
        </Muted>
        <button type="button" aria-label="Next testimonial" onClick={() => step(1)}>
          <ChevronRightIcon />
        </button>
      </CarouselControls>
    </section>
  );
}

/** One line, reserved before the count arrives, so the hero does not grow under the reader. */
const MemberCountText = styled(Muted)`
  text-align: center;
  margin-top: 1rem;
  min-height: 1.5em;
`;

function MemberCountLine() {
  const { data } = useSWR<MemberCount>('/api/member-count', async (url: string) => {
    try {
      return await getJson<MemberCount>(url);
    } catch (error) {
      console.error(error);
      throw error;
    }
  });
  if (!data) return <MemberCountText aria-hidden="true" />;
  return (
    <MemberCountText data-testid="member-count">
      Join {formatCount(data.count)} {data.count === 1 ? 'member' : 'members'} already
      investigating.
    </MemberCountText>
  );
}

export function Landing() {
  const user = useSession((state) => state.user);
  const { waitlistEnabled } = useWaitlist();
  if (user) return <Navigate to={homeOf(user.role)} replace />;
  const price = `$${SUBSCRIPTION.priceCents / 100}`;
  return (
    <>
      <Hero id="hero">
        <h1>Get Answers to Your Most Pressing Questions</h1>
        <p>
          Put your questions about UFOs, UAP and consciousness to verified experts, and browse an
          archive of their answers.
        </p>
        {waitlistEnabled ? (
          <div style={{ maxWidth: 460, margin: '0 auto' }}>
            <EmailSignup kind="waitlist" source="hero" />
          </div>
        ) : (
          <CtaLink to="/auth">Ask Your Questions Now</CtaLink>
        )}
        <MemberCountLine />
      </Hero>

      {/* The sections below the hero follow it, drawn without blocking the page. */}
      <AfterFirstPaint>
        <Section aria-labelledby="experts-title">
          <h2 id="experts-title">Featured Experts</h2>
          <FeaturedExperts />
        </Section>

        <Section id="how-it-works" aria-labelledby="how-title">
          <h2 id="how-title">How It Works</h2>
          <Grid $min="220px">
            {HOW_IT_WORKS.map((step, i) => (
              <Step key={step.title}>
                <span className="n">{i + 1}</span>
                <h3>{step.title}</h3>
                <Muted>{step.text}</Muted>
              </Step>
            ))}
          </Grid>
        </Section>

        <Section aria-labelledby="testimonials-title">
          <h2 id="testimonials-title">What Our Members Say</h2>
          <Testimonials />
        </Section>

        <Section aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently Asked Questions</h2>
          <Card>
            <Accordion items={FAQ} />
          </Card>
        </Section>

        <Section aria-labelledby="pricing-title">
          <h2 id="pricing-title">Start Your Investigation</h2>
          <Card style={{ maxWidth: 420, margin: '0 auto', textAlign: 'center' }}>
            <h3>Archive Access</h3>
            <p style={{ fontSize: '2.5rem', margin: '0.5rem 0' }}>
              {price}
              <span style={{ fontSize: '1rem' }}>/{SUBSCRIPTION.interval}</span>
            </p>
            <Muted style={{ marginBottom: '1.25rem' }}>
              Unlimited archive access and {SUBSCRIPTION.creditsPerPeriod} FOIA credits every month.
              Credits never expire while you are subscribed.
            </Muted>
            <CtaLink to="/auth">Start Subscription</CtaLink>
          </Card>
        </Section>
      </AfterFirstPaint>
    </>
  );
}
