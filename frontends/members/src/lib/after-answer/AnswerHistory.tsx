import type { AnswerHistory as History } from '@uapqa/contracts';
import { Button, formatUsDate, getJson, Muted } from '@uapqa/ui';
import { AnswerText } from '@uapqa/ui/answer-text';
import { useState } from 'react';
import useSWR from 'swr';
import { Section } from './Section';

/** For staff: every text an edited answer had, oldest first, read on demand. */
export function AnswerHistory({ questionId }: { questionId: string }) {
  const [open, setOpen] = useState(false);
  const { data, error } = useSWR<History>(
    open ? `/api/questions/${questionId}/answer-history` : null,
    getJson,
  );
  return (
    <Section aria-label="Answer history" data-testid="answer-history">
      <h2>Earlier versions</h2>
      {!open ? (
        <Button $variant="secondary" style={{ justifySelf: 'start' }} onClick={() => setOpen(true)}>
          Show the answer’s history
        </Button>
      ) : error ? (
        <Muted role="alert">The history could not be loaded.</Muted>
      ) : !data ? (
        <Muted>Loading…</Muted>
      ) : (
        data.revisions.map((revision, index) => (
          <div key={revision.replacedAt} data-testid="answer-revision">
            <Muted style={{ fontSize: '0.85rem' }}>
              Version {index + 1}: written {formatUsDate(revision.writtenAt)}, replaced{' '}
              {formatUsDate(revision.replacedAt)}
            </Muted>
            <AnswerText>{revision.content}</AnswerText>
          </div>
        ))
      )}
    </Section>
  );
}
