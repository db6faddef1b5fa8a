import type { BillingAccount } from '@uapqa/contracts';
import {
  apiRequest,
  Badge,
  Button,
  Card,
  DialogActions,
  formatUsDate,
  handleIfUnauthorized,
  Muted,
  serverMessage,
  toast,
  useSession,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useNavigate } from '@uapqa/ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import type { KeyedMutator } from 'swr';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  p { margin: 0.25rem 0 0; }
`;
/**
 * An active member's subscription: when it renews, or when it ends after a cancellation, and
 * the one button that changes that. A cancellation keeps everything until the period's end.
 */
export function SubscriptionManager({
  account,
  mutate,
}: {
  account: BillingAccount;
  mutate: KeyedMutator<BillingAccount>;
}) {
  const navigate = useNavigate();
  const load = useSession((state) => state.load);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const periodEnd = account.currentPeriodEnd ? formatUsDate(account.currentPeriodEnd) : null;

  async function change(action: 'cancel' | 'resume') {
    setPending(true);
    try {
      const response = await apiRequest('POST', `/api/billing/subscription/${action}`);
      await mutate((await response.json()) as BillingAccount, { revalidate: false });
      setConfirming(false);
      toast(
        action === 'cancel'
          ? {
              title: 'Subscription Cancelled',
              description: periodEnd ? `It stays active until ${periodEnd}.` : undefined,
            }
          : { title: 'Subscription Resumed', description: 'It will renew as before.' },
      );
      await load();
    } catch (error) {
      if (handleIfUnauthorized(error, navigate)) return;
      toast({
        title: action === 'cancel' ? 'Cancellation Failed' : 'Resume Failed',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
      await mutate();
    } finally {
      setPending(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="your-subscription" data-testid="subscription-manager">
      <Row>
        <div>
          <h2 id="your-subscription" style={{ fontSize: '1.2rem' }}>
            Archive Access{' '}
            {account.cancelAtPeriodEnd ? (
              <Badge $tone="yellow">Ends {periodEnd}</Badge>
            ) : (
              <Badge $tone="green">Active</Badge>
            )}
          </h2>
          <Muted data-testid="renewal">
            {account.cancelAtPeriodEnd
              ? `Cancelled: your subscription and credits stay active until ${periodEnd}. It will not renew.`
              : periodEnd
                ? `Renews on ${periodEnd} for $10, with 3 new FOIA credits.`
                : 'Renews every month.'}
          </Muted>
        </div>
        {account.cancelAtPeriodEnd ? (
          <Button disabled={pending} onClick={() => change('resume')}>
            {pending ? 'Resuming...' : 'Resume Subscription'}
          </Button>
        ) : (
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <Button $variant="secondary" disabled={pending} onClick={() => setConfirming(true)}>
              Cancel Subscription
            </Button>
            <DialogContent title="Cancel your subscription?">
              <Muted style={{ marginTop: '0.75rem' }}>
                You keep archive access and can ask questions until {periodEnd ?? 'the period ends'}
                . After that it will not renew and your credits are frozen; subscribe again within 6
                months to use them.
              </Muted>
              <DialogActions>
                <DialogClose asChild>
                  <Button $variant="ghost">Keep Subscription</Button>
                </DialogClose>
                <Button $variant="danger" disabled={pending} onClick={() => change('cancel')}>
                  {pending ? 'Cancelling...' : 'Cancel at Period End'}
                </Button>
              </DialogActions>
            </DialogContent>
          </Dialog>
        )}
      </Row>
    </Card>
  );
}
