// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { type ExpertPage, MIN_RATINGS_SHOWN } from '@uapqa/contracts';
import {
  Badge,
  Button,
  Card,
  Columns,
  getJson,
  Muted,
  Placeholders,
  statusOf,
  titleOnSurface,
  useSession,
} from '@uapqa/ui';
import { Link, useLocation } from '@uapqa/ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { ExpertAnswers } from '../lib/expert-answers';
import { Avatar, expertProfile } from '../lib/experts';
import { LinkButton } from '../lib/link-button';

const SITE = 'UAP Answers';

const Profile = styled(Card)`
  display: grid;
  gap: 1.25rem;
  h1 { font-size: 1.6rem; margin: 0; overflow-wrap: anywhere; }
  h2 { font-size: 1rem; margin: 0 0 0.35rem; color: ${({ theme }) => theme.colors.muted}; }
  p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
`;
const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.75rem;
  margin: 0;
  div { background: ${({ theme }) => theme.colors.surfaceRaised}; border-radius: ${({ theme }) => theme.radius.md}; padding: 0.6rem 0.8rem; }
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
  dd { margin: 0; font-size: 1.35rem; font-weight: 700; }
`;
/** What a figure's number needs said with it, under it. */
const FactNote = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.8rem;
  font-weight: 400;
`;
const Topics = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 0;
  a { text-decoration: none; }
  a:hover ${Badge}, a:focus-visible ${Badge} { background: rgba(255, 255, 255, 0.12); }
`;
const Answers = styled.section`
  display: grid;
  gap: 1rem;
  min-width: 0;
`;
const AnswersTitle = styled.h2`
  ${titleOnSurface}
  margin: 0;
  font-size: 1.25rem;
`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The expert's rating as the page states it: the stars, or why there are none to show. */
function RatingFact({ expert }: { expert: ExpertPage }) {
  if (expert.rating === null) {
    return (
      <div>
        <dt>Rating</dt>
        <dd style={{ fontSize: '1rem', fontWeight: 400 }} data-testid="expert-rating">
          Not yet rated
          <FactNote>Shown from {MIN_RATINGS_SHOWN} ratings</FactNote>
        </dd>
      </div>
    );
  }
  return (
    <div>
      <dt>Rating</dt>
      <dd data-testid="expert-rating">
        <span aria-hidden="true">★ </span>
        {expert.rating.toFixed(1)}
        <span style={{ fontSize: '0.85rem', fontWeight: 400 }}> / 5</span>
        <FactNote>{plural(expert.ratingCount, 'rating')}</FactNote>
      </dd>
    </div>
  );
}

/**
 * `/experts/:handle`: an expert's public page. Who they are (from their profile), what the
 * archive holds of them (answers, rating, topics), the way to ask them, and their answered
 * questions a page at a time. A delisted expert keeps the page, their answers being public
 * still, without the way to ask them.
 */
export default function ExpertProfile() {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  const handle = decodeURIComponent(pathname.split('/')[2] ?? '');
  const {
    data: expert,
    error,
    isLoading,
    mutate,
  } = useSWR<ExpertPage>(handle ? `/api/experts/${encodeURIComponent(handle)}` : null, getJson);
  const missing = statusOf(error) === 404;
  const profile = expertProfile(expert);

  useEffect(() => {
    const about = expert?.expertise || expert?.title;
    document.title = expert
      ? `${profile.name}${about ? ` — ${about}` : ''} | ${SITE}`
      : missing
        ? `Expert not found | ${SITE}`
        : SITE;
    return () => {
      document.title = SITE;
    };
  }, [expert, missing, profile.name]);

  if (isLoading) return <Placeholders count={2} height="12rem" />;
  if (!expert) {
    return (
      <Card
        role={missing ? undefined : 'alert'}
        style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }}
        data-testid="expert-missing"
      >
        <h1>{missing ? 'Expert not found' : "We couldn't load this expert's page"}</h1>
        <Muted style={{ marginBottom: '1.25rem' }}>
          {missing
            ? 'No expert answers questions under this name. Their answers may still be in the archive.'
            : 'Please check your connection and try again.'}
        </Muted>
        {missing ? (
          <LinkButton to="/browse-qa">Browse the Archive</LinkButton>
        ) : (
          <Button onClick={() => void mutate()}>Try Again</Button>
        )}
      </Card>
    );
  }

  const firstName = expert.user.firstName || profile.name;
  const ownPage = user?.id === expert.userId;
  return (
    <Columns $columns="minmax(0, 360px) minmax(0, 1fr)">
      <Profile as="article" aria-labelledby="expert-name" data-testid="expert-profile">
        <Who>
          <Avatar {...profile} sizeRem={4.5} />
          <div>
            <h1 id="expert-name">{profile.name}</h1>
            <Muted>{profile.title}</Muted>
            {expert.brandName && expert.brandName !== profile.name ? (
              <Muted style={{ fontSize: '0.85rem' }}>{expert.brandName}</Muted>
            ) : null}
          </div>
        </Who>
        <Facts>
          <div>
            <dt>Answers</dt>
            <dd data-testid="expert-answered">
              {expert.answeredCount}
              <FactNote>in the archive</FactNote>
            </dd>
          </div>
          <RatingFact expert={expert} />
        </Facts>
        {expert.expertise ? (
          <section aria-labelledby="expert-expertise">
            <h2 id="expert-expertise">Expertise</h2>
            <p>{expert.expertise}</p>
          </section>
        ) : null}
        {expert.bio ? (
          <section aria-labelledby="expert-bio">
            <h2 id="expert-bio">About</h2>
            <p data-testid="expert-bio">{expert.bio}</p>
          </section>
        ) : null}
        {expert.topics.length > 0 ? (
          <section aria-labelledby="expert-topics">
            <h2 id="expert-topics">Topics</h2>
            <Topics>
              {expert.topics.map((topic) => (
                <li key={topic.id}>
                  {/* The archive, filtered to this expert and this topic. */}
                  <Link
                    to={`/browse-qa?expert=${expert.userId}&topics=${topic.id}`}
                    aria-label={`${topic.name}: ${plural(topic.count, 'answer')}`}
                  >
                    <Badge $tone="accent">
                      {topic.name} · {topic.count}
                    </Badge>
                  </Link>
                </li>
              ))}
            </Topics>
          </section>
        ) : null}
        {ownPage ? (
          <Muted>This is your public page: members see it as it is here.</Muted>
        ) : expert.listed ? (
          <LinkButton to={`/submit-question?expert=${expert.userId}`} data-testid="ask-expert">
            Ask {firstName} a Question
          </LinkButton>
        ) : (
          <Muted role="note" data-testid="expert-not-listed">
            {firstName} no longer takes new questions. Their answers stay in the archive.
          </Muted>
        )}
      </Profile>
      <Answers aria-labelledby="expert-answers-title">
        <AnswersTitle id="expert-answers-title">Answers by {profile.name}</AnswersTitle>
        <ExpertAnswers
          userId={expert.userId}
          name={firstName}
          viewer={`${user?.id ?? 0}:${user?.subscriptionStatus ?? ''}`}
          signedIn={user !== null}
        />
      </Answers>
    </Columns>
  );
}
