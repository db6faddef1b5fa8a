import type { ExpertProfileRecord } from '@uapqa/contracts';
import {
  apiRequest,
  Badge,
  Button,
  DialogActions,
  expertName,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  toast,
} from '@uapqa/ui';
import { Dialog, DialogClose, DialogContent } from '@uapqa/ui/dialog';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR, { useSWRConfig } from 'swr';
import { useStaffErrors } from '../lib/access';
import { ApplicantWebsite } from '../lib/review';
import { ScrollList, Section } from '../lib/sections';
import { EXPERTS_KEY, STATS_KEY } from './ModerationQueue';

export const APPLICATIONS_KEY = '/api/admin/creator-profiles?status=pending';
/** Every approved expert, listed or not: what an admin delists and lists again. */
export const APPROVED_KEY = '/api/admin/creator-profiles?status=approved';

const List = styled(ScrollList)`
  max-height: 24rem;
  li {
    padding: 0.6rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .name { font-weight: 600; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
  .who { flex: 1 1 12rem; min-width: 0; }
`;

type Listing = 'delist' | 'relist';

/**
 * The approved experts with whether members can choose them, and an admin's Delist / List again
 * (each confirmed first: delisting refunds the questions they were to answer).
 */
export function ActiveExperts() {
  const onError = useStaffErrors();
  const { mutate } = useSWRConfig();
  const {
    data,
    isLoading,
    mutate: renew,
  } = useSWR<ExpertProfileRecord[]>(
    APPROVED_KEY,
    (url: string) => getJson<ExpertProfileRecord[]>(url),
    { onError: (error) => onError(error) },
  );
  const [confirming, setConfirming] = useState<{
    expert: ExpertProfileRecord;
    action: Listing;
  } | null>(null);
  const [working, setWorking] = useState<number | null>(null);

  async function change(expert: ExpertProfileRecord, action: Listing) {
    const name = nameOf(expert);
    setWorking(expert.id);
    try {
      await apiRequest('POST', `/api/admin/creator-profiles/${expert.id}/${action}`);
      toast({
        title: action === 'delist' ? 'Expert Delisted' : 'Expert Listed Again',
        description:
          action === 'delist'
            ? `${name} is no longer offered to members.`
            : `Members can ask ${name} again.`,
      });
      setConfirming(null);
      // The staff figures count the listed experts.
      await Promise.all([renew(), mutate(EXPERTS_KEY), mutate(STATS_KEY)]);
    } catch (error) {
      onError(error, {
        title: action === 'delist' ? 'Delisting Failed' : 'Listing Failed',
        description: `${name} could not be ${action === 'delist' ? 'delisted' : 'listed again'}. Please try again.`,
      });
    } finally {
      setWorking(null);
    }
  }

  const experts = data ?? [];
  const target = confirming?.expert;
  return (
    <Section data-testid="active-experts">
      <h2>Active Experts</h2>
      {isLoading ? (
        <Placeholders count={3} height="2.5rem" />
      ) : experts.length === 0 ? (
        <Muted>No experts yet.</Muted>
      ) : (
        <List aria-label="Active experts">
          {experts.map((expert) => (
            <li key={expert.id} data-testid="active-expert">
              <Row>
                <div className="who">
                  <div className="name">{nameOf(expert)}</div>
                  <div className="small">
                    {expert.expertise ? `${expert.expertise} · ` : ''}
                    {expert.questionsPerWeek} questions per week
                  </div>
                </div>
                <Badge $tone={expert.listed ? 'green' : 'gray'}>
                  {expert.listed ? 'Listed' : 'Delisted'}
                </Badge>
                <Button
                  $variant={expert.listed ? 'secondary' : 'primary'}
                  aria-label={`${expert.listed ? 'Delist' : 'List again'} ${nameOf(expert)}`}
                  disabled={working === expert.id}
                  onClick={() =>
                    setConfirming({ expert, action: expert.listed ? 'delist' : 'relist' })
                  }
                >
                  {expert.listed ? 'Delist' : 'List again'}
                </Button>
              </Row>
            </li>
          ))}
        </List>
      )}
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        {confirming && target ? (
          <DialogContent
            title={
              confirming.action === 'delist'
                ? `Delist ${nameOf(target)}?`
                : `List ${nameOf(target)} again?`
            }
          >
            {confirming.action === 'delist' ? (
              <Muted data-testid="listing-consequences">
                Members will no longer be able to ask {nameOf(target)}, and staff will no longer be
                able to assign them questions. Questions already approved for them and still
                unanswered are refunded, and each asker is emailed. Questions still awaiting review
                need another expert or a rejection. Their published answers stay in the archive.
              </Muted>
            ) : (
              <Muted data-testid="listing-consequences">
                Members will be able to ask {nameOf(target)} again, and staff will be able to assign
                them questions.
              </Muted>
            )}
            <DialogActions>
              <DialogClose asChild>
                <Button $variant="secondary">Cancel</Button>
              </DialogClose>
              <Button
                $variant={confirming.action === 'delist' ? 'danger' : 'primary'}
                disabled={working === target.id}
                onClick={() => void change(target, confirming.action)}
              >
                {confirming.action === 'delist' ? 'Delist expert' : 'List again'}
              </Button>
            </DialogActions>
          </DialogContent>
        ) : null}
      </Dialog>
    </Section>
  );
}

function nameOf(expert: ExpertProfileRecord): string {
  return expertName(expert) || expert.user.username;
}

/** Expert applications awaiting a decision, each with Approve (the member becomes an expert). */
export function ExpertProfileApplications() {
  const onError = useStaffErrors();
  const { mutate } = useSWRConfig();
  const applications = useSWR<ExpertProfileRecord[]>(
    APPLICATIONS_KEY,
    (url: string) => getJson<ExpertProfileRecord[]>(url),
    { onError: (error) => onError(error) },
  );
  const [approving, setApproving] = useState<number | null>(null);

  async function approve(application: ExpertProfileRecord) {
    setApproving(application.id);
    try {
      await apiRequest('POST', `/api/admin/creator-profiles/${application.id}/approve`);
      toast({
        title: 'Expert Approved',
        description: `${application.brandName} is now an expert.`,
      });
      await Promise.all([
        applications.mutate(),
        mutate(EXPERTS_KEY),
        mutate(APPROVED_KEY),
        mutate(STATS_KEY),
      ]);
    } catch (error) {
      onError(error, {
        title: 'Approval Failed',
        description: 'The application could not be approved. Please try again.',
      });
    } finally {
      setApproving(null);
    }
  }

  return (
    <Section data-testid="expert-profile-applications">
      <h2>Expert Profile Applications</h2>
      {applications.isLoading ? (
        <Placeholders count={2} height="3rem" />
      ) : (applications.data ?? []).length === 0 ? (
        <Muted>No applications are waiting.</Muted>
      ) : (
        <List aria-label="Expert applications">
          {(applications.data ?? []).map((application) => (
            <li key={application.id} data-testid="expert-profile-application">
              <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
                <div style={{ marginRight: 'auto' }}>
                  <div className="name">{application.brandName}</div>
                  <div className="small">
                    {application.user.username} · {application.user.email} · applied{' '}
                    {formatUsDate(application.createdAt)}
                  </div>
                </div>
                <Button
                  onClick={() => void approve(application)}
                  disabled={approving === application.id}
                >
                  {approving === application.id ? 'Approving...' : 'Approve'}
                </Button>
              </div>
              <div className="small" style={{ marginTop: '0.35rem' }}>
                {application.expertise} · {application.experienceYears} years ·{' '}
                {application.questionsPerWeek} questions per week · ${application.weeklyRate}/week
              </div>
              <Muted style={{ fontSize: '0.85rem', marginTop: '0.35rem' }}>{application.bio}</Muted>
              <div className="small" style={{ marginTop: '0.35rem' }}>
                Credentials: {application.credentials}
              </div>
              <ApplicantWebsite website={application.website} />
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
