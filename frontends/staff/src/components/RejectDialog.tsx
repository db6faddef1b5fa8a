import { REJECTION_REASON_LABELS, REJECTION_REASONS, type RejectionReason } from '@uapqa/contracts';
import { Button, DialogActions, ErrorText, Muted } from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Reasons = styled.fieldset`
  border: 0;
  margin: 0 0 1rem;
  padding: 0;
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
    padding: 0.3rem 0;
    cursor: pointer;
  }
  input { margin-top: 0.25rem; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * Asks why a question is rejected before it is: one of the reasons the member reads, with the
 * moderator's note from the panel beside it. Rejecting is the confirmation.
 */
export function RejectDialog({
  title,
  note,
  busy,
  onReject,
  onClose,
}: {
  /** The question being rejected; null when the dialog is closed. */
  title: string | null;
  note: string;
  busy: boolean;
  onReject: (reason: RejectionReason) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <Dialog
      open={title !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason(null);
          setMissing(false);
          onClose();
        }
      }}
    >
      {title !== null ? (
        <DialogContent title={`Reject “${title}”?`}>
          <Muted style={{ marginBottom: '1rem' }}>
            The member reads the reason{note.trim() ? ' and your note' : ''} on their question and
            in the email that tells them. Their credit is refunded.
          </Muted>
          <Reasons aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend>Why is it rejected?</legend>
            {REJECTION_REASONS.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  disabled={busy}
                  onChange={() => {
                    setReason(value);
                    setMissing(false);
                  }}
                />
                <span>{REJECTION_REASON_LABELS[value]}</span>
              </label>
            ))}
            {missing ? (
              <ErrorText id={`${id}-missing`} role="alert">
                Please choose a reason: the member reads it.
              </ErrorText>
            ) : null}
          </Reasons>
          {note.trim() ? (
            <Muted style={{ marginBottom: '1rem' }} data-testid="reject-note">
              Your note: “{note.trim()}”
            </Muted>
          ) : null}
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              $variant="danger"
              disabled={busy}
              onClick={() => (reason ? onReject(reason) : setMissing(true))}
            >
              Reject question
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
