import type { Creator, CreatorProfileRecord } from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  creatorName,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  toast,
} from '@uapqa/ui';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR, { useSWRConfig } from 'swr';
import { useStaffErrors } from '../lib/access';
import { Section } from '../lib/shared';
import { CREATORS_KEY, STATS_KEY } from './ModerationQueue';

export const APPLICATIONS_KEY = '/api/admin/creator-profiles?status=pending';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 24rem;
  overflow-y: auto;
  li {
    padding: 0.6rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .name { font-weight: 600; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
`;

/** The approved experts (`GET /api/creators`). */
export function ActiveExperts() {
  const onError = useStaffErrors();
  const { data, isLoading } = useSWR<Creator[]>(
    CREATORS_KEY,
    (url: string) => getJson<Creator[]>(url),
    { onError: (error) => onError(error) },
  );
  return (
    <Section data-testid="active-experts">
      <h2>Active Experts</h2>
      {isLoading ? (
        <Placeholders count={3} height="2.5rem" />
      ) : (data ?? []).length === 0 ? (
        <Muted>No experts yet.</Muted>
      ) : (
        <List aria-label="Active experts">
          {(data ?? []).map((creator) => (
            <li key={creator.id}>
              <div className="name">{creatorName(creator) || `Expert #${creator.userId}`}</div>
              <div className="small">
                {creator.expertise ? `${creator.expertise} · ` : ''}
                {creator.questionsPerWeek} questions per week
              </div>
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}

/** Creator applications awaiting a decision, each with Approve (the member becomes an expert). */
export function CreatorApplications() {
  const onError = useStaffErrors();
  const { mutate } = useSWRConfig();
  const applications = useSWR<CreatorProfileRecord[]>(
    APPLICATIONS_KEY,
    (url: string) => getJson<CreatorProfileRecord[]>(url),
    { onError: (error) => onError(error) },
  );
  const [approving, setApproving] = useState<number | null>(null);

  async function approve(application: CreatorProfileRecord) {
    setApproving(application.id);
    try {
      await apiRequest('POST', `/api/admin/creator-profiles/${application.id}/approve`);
      toast({
        title: 'Creator Approved',
        description: `${application.brandName} is now an expert.`,
      });
      await Promise.all([applications.mutate(), mutate(CREATORS_KEY), mutate(STATS_KEY)]);
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
    <Section data-testid="creator-applications">
      <h2>Creator Applications</h2>
      {applications.isLoading ? (
        <Placeholders count={2} height="3rem" />
      ) : (applications.data ?? []).length === 0 ? (
        <Muted>No applications are waiting.</Muted>
      ) : (
        <List aria-label="Creator applications">
          {(applications.data ?? []).map((application) => (
            <li key={application.id} data-testid="creator-application">
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
              {application.website ? (
                /^https?:\/\//i.test(application.website) ? (
                  <a href={application.website} target="_blank" rel="noreferrer noopener">
                    {application.website}
                  </a>
                ) : (
                  <div className="small">{application.website}</div>
                )
              ) : null}
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
