import { BROWSE_PAGE_SIZE, type Question } from '@uapqa/contracts';
import { apiRequest, Badge, Button, Card, formatUsDate, Muted, Placeholders } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import { memo, useEffect, useMemo } from 'react';
import styled from 'styled-components';
import useSWRInfinite from 'swr/infinite';
import { FullAnswerCall } from './full-answer';

/* The archive's card (BrowseQA), less the expert's line: every card here is theirs. */
const AnswerCard = styled(Card)`
  display: grid;
  gap: 0.75rem;
  h3 { font-size: 1.15rem; margin: 0; overflow-wrap: anywhere; }
`;
const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem 0.75rem;
  flex-wrap: wrap;
`;
const TitleLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primary}; text-decoration: underline; }
`;
const Answer = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
const EndOfList = styled(Muted)`
  text-align: center;
  padding: 0.75rem 1rem;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/** One page of the archive, with what its headers say about the rest (as the archive reads it). */
interface ArchivePage {
  questions: Question[];
  total: number;
  nextCursor: string | null;
}

async function fetchArchivePage(url: string): Promise<ArchivePage> {
  const response = await apiRequest('GET', url);
  const questions = (await response.json()) as Question[];
  return {
    questions,
    total: Number(response.headers.get('X-Total-Count') ?? questions.length),
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}

function answersUrl(userId: number, cursor?: string | null): string {
  const params = new URLSearchParams({
    creatorId: String(userId),
    limit: String(BROWSE_PAGE_SIZE),
  });
  if (cursor) params.set('cursor', cursor);
  return `/api/questions?${params}`;
}

/** The archive's categories keep their colours here: 'Physical' yellow, every other teal. */
const categoryTone = (name: string) => (name === 'Physical' ? 'yellow' : 'teal');

const AnswerCards = memo(function AnswerCards({
  questions,
  signedIn,
}: {
  questions: readonly Question[];
  signedIn: boolean;
}) {
  return (
    <>
      {questions.map((question) => (
        <AnswerCard key={question.id} as="article" data-testid="expert-answer">
          <Row>
            <Badge $tone={categoryTone(question.category.name)}>
              {question.category.name.toUpperCase()}
            </Badge>
            {question.answer ? (
              <Muted as="span" style={{ marginLeft: 'auto', fontSize: '0.85rem' }}>
                Answered {formatUsDate(question.answer.createdAt)}
              </Muted>
            ) : null}
          </Row>
          <h3>
            <TitleLink to={`/questions/${question.id}`}>{question.title}</TitleLink>
          </h3>
          {question.answer ? (
            <>
              {/* Cut by the server to what this reader may read, and marked when cut. */}
              <Answer>{question.answer.content}</Answer>
              {question.answer.truncated ? <FullAnswerCall signedIn={signedIn} /> : null}
            </>
          ) : null}
          {question.tags.length > 0 ? (
            <Row>
              {question.tags.map((tag) => (
                <Badge key={tag.id} $tone="accent">
                  {tag.name}
                </Badge>
              ))}
            </Row>
          ) : null}
        </AnswerCard>
      ))}
    </>
  );
});

/**
 * An expert's answered questions, newest answer first, a page at a time: the archive's own list
 * (`GET /api/questions?creatorId=`), so its paywall and previews apply here as there. `viewer`
 * keys the pages by who reads them: a subscription changes what the server sends whole.
 */
export function ExpertAnswers({
  userId,
  name,
  viewer,
  signedIn,
}: {
  userId: number;
  name: string;
  viewer: string;
  signedIn: boolean;
}) {
  const archive = useSWRInfinite<ArchivePage>(
    (index, previous: ArchivePage | null) => {
      if (index === 0) return [answersUrl(userId), viewer];
      return previous?.nextCursor ? [answersUrl(userId, previous.nextCursor), viewer] : null;
    },
    ([url]: [string, string]) => fetchArchivePage(url),
    { revalidateFirstPage: false },
  );
  const { data, error, size, setSize, mutate } = archive;
  const questions = useMemo(() => data?.flatMap((page) => page.questions) ?? [], [data]);
  const lastPage = data?.at(-1);
  const total = lastPage?.total ?? 0;
  const loadedPages = data?.length ?? 0;
  const loadingMore = size > loadedPages && !error;
  // A later page that failed is asked for afresh by the next press of the button, not skipped.
  useEffect(() => {
    if (error && loadedPages > 0 && size > loadedPages) void setSize(loadedPages);
  }, [error, loadedPages, size, setSize]);

  if (!data && !error) return <Placeholders count={3} height="9rem" />;
  if (!data) {
    return (
      <Card role="alert" style={{ textAlign: 'center' }}>
        <h3>{name}’s answers could not be loaded</h3>
        <Muted style={{ marginBottom: '1rem' }}>Please check your connection and try again.</Muted>
        <Button onClick={() => void mutate()}>Retry</Button>
      </Card>
    );
  }
  if (questions.length === 0) {
    return (
      <Card style={{ textAlign: 'center' }}>
        <Muted>{name} has not answered a question yet.</Muted>
      </Card>
    );
  }
  return (
    <>
      <AnswerCards questions={questions} signedIn={signedIn} />
      {lastPage?.nextCursor && questions.length < total ? (
        <Button
          $variant="secondary"
          onClick={() => void setSize(data.length + 1)}
          disabled={loadingMore}
          style={{ justifySelf: 'center' }}
        >
          {loadingMore ? 'Loading...' : 'Load More Answers'}
        </Button>
      ) : (
        <EndOfList data-testid="expert-answers-end">
          {questions.length === 1
            ? `That is ${name}’s only answer so far.`
            : `That is all ${Math.max(total, questions.length)} of ${name}’s answers.`}
        </EndOfList>
      )}
      {/* A later page that failed: the list stays as it was, and the button tries again. */}
      {error && loadedPages > 0 ? (
        <Muted role="alert" style={{ textAlign: 'center' }}>
          The next answers could not be loaded. Please try again.
        </Muted>
      ) : null}
    </>
  );
}
