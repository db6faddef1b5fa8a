import { type AnswerBody, MIN_ANSWER_LENGTH } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  handleIfUnauthorized,
  Muted,
  serverMessage,
  statusOf,
  Textarea,
  toast,
} from '@uapqa/ui';
import { AnswerText } from '@uapqa/ui/answer-text';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { lazyResolver } from '@uapqa/ui/lazy-resolver';
import { useNavigate } from '@uapqa/ui/router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import type { z } from 'zod';

type AnswerInput = Pick<z.input<typeof AnswerBody>, 'content'>;
type AnswerOutput = Pick<z.output<typeof AnswerBody>, 'content'>;

const answerResolver = lazyResolver(() =>
  import('../lib/schemas').then((module) => module.answerContent),
);

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.75rem;
`;
const Count = styled(Muted)<{ $short: boolean }>`
  font-size: 0.85rem;
  margin-top: 0.35rem;
  color: ${({ theme, $short }) => ($short ? theme.colors.muted : theme.colors.green)};
`;
/** The answer as the member will read it, rendered as the question page renders it. */
const Preview = styled(AnswerText)`
  max-height: 45vh;
  overflow-y: auto;
  margin: 1rem 0;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
`;

/** What the form says and does when it publishes a new answer, and when it saves an edit. */
const MODES = {
  publish: {
    title: 'Publish this answer?',
    explain:
      'This is what the member will read. Once published it is emailed to them and added to the archive, and it is paid.',
    confirm: 'Publish Answer',
    busy: 'Publishing...',
    done: { title: 'Answer Submitted', description: 'Your answer has been sent to the member.' },
  },
  edit: {
    title: 'Save this edit?',
    explain:
      'Readers see the new text at once. The earlier version is kept for staff, and the page says the answer was edited.',
    confirm: 'Save Edit',
    busy: 'Saving...',
    done: { title: 'Answer Updated', description: 'Your edited answer is live.' },
  },
} as const;

/** How far the answer is from the minimum, in words a writer reads at a glance. */
function lengthHint(length: number): string {
  const missing = MIN_ANSWER_LENGTH - length;
  return missing > 0
    ? `${length} characters: at least ${MIN_ANSWER_LENGTH} are needed, ${missing} more to go.`
    : `${length} characters.`;
}

/**
 * The inline answer form. Submit Answer is disabled while the text is blank; the contract's
 * schema checks the rest (plain text, at least MIN_ANSWER_LENGTH characters) with the API's own
 * messages, and a count under the field says how far the answer is from that minimum. A valid
 * answer is shown as the member will read it, and published only once the expert confirms: it is
 * paid, emailed and archived at once. A success shows 'Answer Submitted' and calls `onSubmitted`.
 * Given `editing`, the same form edits the published answer (within its edit window), with the
 * same checks and a confirmation of its own.
 */
export function AnswerForm({
  questionId,
  editing,
  onSubmitted,
  onCancel,
}: {
  questionId: string;
  /** The published answer's text, when the expert edits it within the edit window. */
  editing?: string;
  onSubmitted: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const mode = MODES[editing === undefined ? 'publish' : 'edit'];
  const id = useId();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AnswerInput, unknown, AnswerOutput>({
    resolver: answerResolver,
    defaultValues: { content: editing ?? '' },
  });
  const length = (watch('content') ?? '').trim().length;
  const busy = isSubmitting || publishing;

  async function publish(content: string) {
    setPublishing(true);
    try {
      if (editing === undefined) await apiRequest('POST', '/api/answers', { questionId, content });
      else await apiRequest('PATCH', `/api/answers/${encodeURIComponent(questionId)}`, { content });
      setPreview(null);
      toast(mode.done);
      reset();
      await onSubmitted();
    } catch (error) {
      setPreview(null);
      if (handleIfUnauthorized(error, navigate)) return;
      toast({
        title: 'Submission Failed',
        description:
          statusOf(error) === 409 || statusOf(error) === 403
            ? (serverMessage(error) ?? 'Failed to submit answer.')
            : 'Failed to submit answer.',
        variant: 'destructive',
      });
    } finally {
      setPublishing(false);
    }
  }

  return (
    <form
      aria-label="Answer"
      onSubmit={handleSubmit(({ content }) => setPreview(content))}
      onFocus={() => void answerResolver.preload()}
      style={{ marginTop: '0.75rem' }}
    >
      <Field label="Your answer" htmlFor={id} error={errors.content?.message}>
        <Textarea
          id={id}
          placeholder={`Write a thorough, sourced answer for the member (at least ${MIN_ANSWER_LENGTH} characters). Links, **bold**, *italics* and lists (- item) are shown as such.`}
          disabled={busy}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={`${id}-count`}
          {...register('content')}
        />
        <Count id={`${id}-count`} $short={length < MIN_ANSWER_LENGTH} data-testid="answer-length">
          {lengthHint(length)}
        </Count>
      </Field>
      <Row>
        <Button type="submit" disabled={length === 0 || busy}>
          {isSubmitting ? 'Checking...' : editing === undefined ? 'Submit Answer' : 'Review Edit'}
        </Button>
        <Button
          $variant="secondary"
          onClick={() => {
            reset();
            onCancel();
          }}
          disabled={busy}
        >
          Cancel
        </Button>
      </Row>
      <Dialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open && !publishing) setPreview(null);
        }}
      >
        {preview !== null ? (
          <DialogContent title={mode.title}>
            <Muted style={{ marginTop: '0.5rem' }}>{mode.explain}</Muted>
            <Preview data-testid="answer-preview">{preview}</Preview>
            <DialogActions>
              <DialogClose asChild>
                <Button $variant="secondary" disabled={publishing}>
                  Keep Editing
                </Button>
              </DialogClose>
              <Button onClick={() => void publish(preview)} disabled={publishing}>
                {publishing ? mode.busy : mode.confirm}
              </Button>
            </DialogActions>
          </DialogContent>
        ) : null}
      </Dialog>
    </form>
  );
}
