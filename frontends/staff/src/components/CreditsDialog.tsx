import { type AdminCredits, type AdminUser, MAX_CREDIT_ADJUSTMENT } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  DialogActions,
  Field,
  fieldErrorProps,
  formatUsDate,
  getJson,
  Input,
  Muted,
  Placeholders,
  serverMessage,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useId, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';

const Ledger = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  max-height: 12rem;
  overflow-y: auto;
  font-size: 0.85rem;
  li {
    display: flex;
    gap: 0.75rem;
    padding: 0.3rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .delta { font-weight: 700; min-width: 2.5rem; text-align: right; }
  .what { flex: 1; min-width: 0; overflow-wrap: anywhere; }
`;

const KIND_LABELS: Record<string, string> = {
  subscription_credit: 'Subscription',
  purchase: 'Credit pack',
  question_debit: 'Question asked',
  question_refund: 'Question refunded',
  expiry: 'Expired',
  forfeit: 'Account closed',
  staff_adjustment: 'By an admin',
};

/**
 * A member's subscription, balance, latest ledger lines and paid payments (each with the
 * receipt's number), and a form to grant credits or take some back (a negative number) with
 * the reason, which the ledger keeps.
 */
export function CreditsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const id = useId();
  const onError = useStaffErrors();
  const credits = useSWR<AdminCredits>(
    user ? `/api/admin/users/${user.id}/credits` : null,
    getJson,
  );
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const [sending, setSending] = useState(false);

  async function adjust() {
    if (!user) return;
    // The API's own schema, fetched with the first use (zod stays out of the dashboard's chunk).
    const { creditAdjustment } = await import('../lib/schemas');
    const parsed = creditAdjustment.safeParse({ delta: Number(delta), reason });
    if (!parsed.success || delta.trim() === '') {
      const issues = parsed.success ? [] : parsed.error.issues;
      const said = (field: string) => issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({
        delta: delta.trim() === '' ? 'Please enter a number of credits.' : said('delta'),
        reason: said('reason'),
      });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const response = await apiRequest('POST', `/api/admin/users/${user.id}/credits`, parsed.data);
      await credits.mutate((await response.json()) as AdminCredits, { revalidate: false });
      toast({
        title: parsed.data.delta > 0 ? 'Credits Granted' : 'Credits Taken Back',
        description: `${Math.abs(parsed.data.delta)} credit${Math.abs(parsed.data.delta) === 1 ? '' : 's'} for ${user.username}.`,
      });
      setDelta('');
      setReason('');
    } catch (failure) {
      const message = serverMessage(failure);
      if (message && /credit/.test(message)) setErrors({ delta: message });
      else onError(failure, { title: 'Could not change the credits', description: message ?? '' });
    } finally {
      setSending(false);
    }
  }

  const account = credits.data?.account;
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user ? (
        <DialogContent title={`Credits of ${user.username}`}>
          {!credits.data ? (
            <Placeholders count={2} height="2rem" />
          ) : (
            <>
              <p data-testid="credit-balance">
                <strong>{account?.foiaCredits} credits</strong> · subscription{' '}
                {account?.subscriptionStatus === 'active'
                  ? `active until ${account.currentPeriodEnd ? formatUsDate(account.currentPeriodEnd) : '—'}${account.cancelAtPeriodEnd ? ' (not renewed)' : ''}`
                  : 'inactive'}
              </p>
              {credits.data.ledger.length === 0 ? (
                <Muted style={{ marginBottom: '1rem' }}>No credits moved yet.</Muted>
              ) : (
                <Ledger aria-label="Credit ledger" tabIndex={0}>
                  {credits.data.ledger.map((line) => (
                    <li key={line.id}>
                      <span className="delta">
                        {line.delta > 0 ? `+${line.delta}` : line.delta}
                      </span>
                      <span className="what">
                        {KIND_LABELS[line.kind] ?? line.kind}
                        {line.kind === 'staff_adjustment' && line.reference
                          ? ` (${line.reference.replace(/^admin \d+: /, '')})`
                          : ''}
                      </span>
                      <span>{formatUsDate(line.createdAt)}</span>
                    </li>
                  ))}
                </Ledger>
              )}
              {credits.data.payments.length > 0 ? (
                <Ledger aria-label="Payments" tabIndex={0}>
                  {credits.data.payments.map((payment) => (
                    <li key={payment.id} data-testid="admin-payment">
                      <span className="delta">${(payment.amountCents / 100).toFixed(2)}</span>
                      <span className="what">
                        {payment.description} · receipt {payment.id}
                      </span>
                      <span>{formatUsDate(payment.paidAt)}</span>
                    </li>
                  ))}
                </Ledger>
              ) : null}
            </>
          )}
          <Field
            label={`Credits to grant (a negative number takes back; at most ${MAX_CREDIT_ADJUSTMENT})`}
            htmlFor={`${id}-delta`}
            error={errors.delta}
          >
            <Input
              id={`${id}-delta`}
              inputMode="numeric"
              value={delta}
              disabled={sending}
              onChange={(event) => setDelta(event.target.value)}
              {...fieldErrorProps(`${id}-delta`, errors.delta)}
            />
          </Field>
          <Field label="Reason" htmlFor={`${id}-reason`} error={errors.reason}>
            <Input
              id={`${id}-reason`}
              value={reason}
              maxLength={500}
              disabled={sending}
              onChange={(event) => setReason(event.target.value)}
              {...fieldErrorProps(`${id}-reason`, errors.reason)}
            />
          </Field>
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="secondary">Close</Button>
            </DialogClose>
            <Button disabled={sending} onClick={() => void adjust()}>
              Save
            </Button>
          </DialogActions>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
