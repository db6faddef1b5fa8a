// First: zod must be told before any schema is built (see the module).
import '../lib/page-start';
import { type Expert, type Question, STAFF_ROLES } from '@uapqa/contracts';
import {
  Badge,
  Card,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  statusOf,
  useNow,
  useSession,
} from '@uapqa/ui';
import { AnswerText } from '@uapqa/ui/answer-text';
import { Link, useLocation } from '@uapqa/ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { AfterTheAnswer } from '../lib/after-answer/AfterTheAnswer';
import { Avatar, ExpertNameLink, expertProfile } from '../lib/experts';
import { FullAnswerCall } from '../lib/full-answer';
import { LinkButton } from '../lib/link-button';
import { QuestionFacts, statusLabel } from '../lib/own-question';

const Article = styled(Card)`
  max-width: 760px;
  margin: 0 auto;
  display: grid;
  gap: 1rem;
  h1 { font-size: 1.6rem; margin: 0; overflow-wrap: anywhere; }
  h2 { font-size: 1.1rem; margin: 0; }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
`;
const Text = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
const AnswerBlock = styled.section`
  display: grid;
  gap: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: 1rem;
`;

const SITE = 'UAP Answers';

/**
 * `/questions/:id`: an answered question for anyone (a reader without a subscription reads the
 * server's preview and is invited to sign up or subscribe), and the asker's own question in any
 * state.
 */
export default function QuestionPage() {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  const id = decodeURIComponent(pathname.split('/')[2] ?? '');
  const now = useNow(1000);
  // Keyed by the viewer and their subscription: both change what the server sends.
  const {
    data: question,
    error,
    isLoading,
    mutate,
  } = useSWR<Question>(
    id
      ? [`/api/questions/${encodeURIComponent(id)}`, user?.id ?? 0, user?.subscriptionStatus]
      : null,
    ([url]: [string]) => getJson<Question>(url),
  );
  const { data: experts } = useSWR<Expert[]>('/api/creators', getJson);
  const missing = statusOf(error) === 404;

  useEffect(() => {
    document.title = question
      ? `${question.title} | ${SITE}`
      : missing
        ? `Question not found | ${SITE}`
        : SITE;
    return () => {
      document.title = SITE;
    };
  }, [question, missing]);

  if (isLoading) return <Placeholders count={2} height="10rem" />;
  if (!question) {
    return (
      <Card
        role={missing ? undefined : 'alert'}
        style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }}
        data-testid="question-missing"
      >
        <h1>{missing ? 'Question not found' : "We couldn't load this question"}</h1>
        <Muted style={{ marginBottom: '1.25rem' }}>
          {missing
            ? "This question doesn't exist, or it isn't public yet: only answered questions are in the archive."
            : 'Please check your connection and try again.'}
        </Muted>
        <LinkButton to="/browse-qa">Browse the Archive</LinkButton>
      </Card>
    );
  }

  const mine = question.askedByViewer === true;
  // The expert's title and avatar colour are on their profile in the experts list.
  const profile = expertProfile(
    experts?.find((expert) => expert.userId === question.creator?.userId) ?? question.creator,
  );
  const badge = statusLabel(question);
  return (
    <Article as="article" data-testid="question-page">
      <Row>
        {/* The archive's colours: 'Physical' yellow, every other category teal. */}
        <Badge $tone={question.category.name === 'Physical' ? 'yellow' : 'teal'}>
          {question.category.name.toUpperCase()}
        </Badge>
        {question.status !== 'answered' ? (
          <Badge $tone={badge.tone} data-testid="status">
            {badge.label}
          </Badge>
        ) : null}
        <Muted as="span" style={{ fontSize: '0.85rem', marginLeft: 'auto' }}>
          Asked {formatUsDate(question.createdAt)}
        </Muted>
      </Row>
      <h1>{question.title}</h1>
      <Text data-testid="question-details">{question.content}</Text>
      {question.tags.length > 0 ? (
        <Row>
          {question.tags.map((tag) => (
            <Badge key={tag.id} $tone="accent">
              {tag.name}
            </Badge>
          ))}
        </Row>
      ) : null}
      {mine ? <QuestionFacts question={question} experts={experts ?? []} now={now} /> : null}
      {question.answer ? (
        <AnswerBlock aria-label="Answer">
          <Row>
            <Avatar {...profile} />
            <div style={{ marginRight: 'auto' }}>
              <h2>
                <ExpertNameLink
                  handle={experts?.find((c) => c.userId === question.creator?.userId)?.handle}
                >
                  {profile.name}
                </ExpertNameLink>
              </h2>
              <Muted style={{ fontSize: '0.85rem' }}>{profile.title}</Muted>
            </div>
            <Muted as="span" style={{ fontSize: '0.85rem' }}>
              Answered {formatUsDate(question.answer.createdAt)}
            </Muted>
          </Row>
          {/* Cut by the server to what this reader may read, and marked when cut. */}
          <AnswerText data-testid="answer">{question.answer.content}</AnswerText>
          {question.answer.editedAt ? (
            <Muted style={{ fontSize: '0.85rem' }}>
              Edited by the expert {formatUsDate(question.answer.editedAt)}
            </Muted>
          ) : null}
          {question.answer.truncated ? <FullAnswerCall signedIn={user !== null} /> : null}
        </AnswerBlock>
      ) : null}
      {question.answer ? (
        <AfterTheAnswer
          question={question}
          mine={mine}
          staff={user !== null && STAFF_ROLES.includes(user.role)}
          now={now}
          onChanged={() => mutate()}
        />
      ) : null}
      <Link to={mine ? '/my-questions' : '/browse-qa'}>
        {mine ? '← All my questions' : '← Browse the archive'}
      </Link>
    </Article>
  );
}
