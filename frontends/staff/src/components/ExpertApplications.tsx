import {
  DECISION_NOTE_MAX,
  type ExpertApplicationDecision,
  type ExpertApplicationRecord,
} from '@uapqa/contracts';
import {
  apiRequest,
  Button,
  Field,
  formatUsDate,
  getJson,
  Muted,
  Placeholders,
  Textarea,
  toast,
} from '@uapqa/ui';
import { useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { ApplicantWebsite, DecisionButtons } from '../lib/review';
import { ScrollList, Section } from '../lib/sections';

export const EXPERT_APPLICATIONS_KEY = '/api/admin/expert-applications?status=pending';

const List = styled(ScrollList)`
  max-height: 40rem;
  > li {
    padding: 0.75rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  h3 { font-size: 1rem; margin: 0; }
  .small { color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; }
  .about { white-space: pre-line; margin: 0.35rem 0 0; font-size: 0.9rem; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.5rem;
`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Expert applications sent with the public `/apply` form, awaiting a decision. Approving one
 * emails the applicant an invitation to create an account and complete an expert profile (the
 * profile's approval, in Expert Applications, is what makes an expert); declining emails a
 * refusal. Either carries the optional note.
 */
export function ExpertApplications() {
  const onError = useStaffErrors();
  const applications = useSWR<ExpertApplicationRecord[]>(
    EXPERT_APPLICATIONS_KEY,
    (url: string) => getJson<ExpertApplicationRecord[]>(url),
    { onError: (error) => onError(error) },
  );
  const [draft, setDraft] = useState<{ id: number; note: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function decide(application: ExpertApplicationRecord, decision: ExpertApplicationDecision) {
    if (!draft) return;
    setBusy(true);
    const verb = decision === 'approved' ? 'approve' : 'decline';
    try {
      await apiRequest('POST', `/api/admin/expert-applications/${application.id}/${verb}`, {
        note: draft.note.trim() || null,
      });
      toast({
        title: decision === 'approved' ? 'Application Approved' : 'Application Declined',
        description:
          decision === 'approved'
            ? `${application.name} is invited by email to create an account and an expert profile.`
            : `${application.name} has been told by email.`,
      });
      setDraft(null);
      await applications.mutate();
    } catch (error) {
      onError(error, {
        title: 'Decision Failed',
        description: 'The application could not be decided. Please try again.',
      });
      // Another admin may have decided it meanwhile: show the list as it is now.
      await applications.mutate();
    } finally {
      setBusy(false);
    }
  }

  const rows = applications.data ?? [];
  return (
    <Section data-testid="expert-applications">
      <h2>Expert Applications</h2>
      <Muted style={{ fontSize: '0.85rem' }}>
        From the public apply form. Approving invites the applicant by email to create an account
        and send an expert profile.
      </Muted>
      {applications.isLoading ? (
        <Placeholders count={2} height="3rem" />
      ) : applications.error && !applications.data ? (
        <Muted role="alert">The expert applications could not be loaded.</Muted>
      ) : rows.length === 0 ? (
        <Muted>No expert applications are waiting.</Muted>
      ) : (
        <List aria-label="Expert applications">
          {rows.map((application) => {
            const open = draft?.id === application.id;
            return (
              <li key={application.id} data-testid="expert-application">
                <article aria-label={application.name}>
                  <h3>{application.name}</h3>
                  <div className="small">
                    <a href={`mailto:${application.email}`}>{application.email}</a> ·{' '}
                    <span style={{ whiteSpace: 'nowrap' }}>{application.phone}</span> · applied{' '}
                    {formatUsDate(application.createdAt)}
                  </div>
                  <div className="small">
                    {plural(application.questionsPerWeek, 'question')} per week for{' '}
                    {plural(application.duration, 'month')}
                  </div>
                  <ApplicantWebsite website={application.website} />
                  {application.description ? (
                    <p className="about">{application.description}</p>
                  ) : null}
                  {open ? (
                    <div data-testid="decision-panel" style={{ marginTop: '0.5rem' }}>
                      <Field
                        label="Note to the applicant (optional)"
                        htmlFor={`application-note-${application.id}`}
                      >
                        <Textarea
                          id={`application-note-${application.id}`}
                          value={draft.note}
                          maxLength={DECISION_NOTE_MAX}
                          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
                          placeholder="Sent to the applicant with the decision"
                          disabled={busy}
                        />
                      </Field>
                      <Row>
                        <DecisionButtons
                          refuse="Decline"
                          onApprove={() => void decide(application, 'approved')}
                          onRefuse={() => void decide(application, 'declined')}
                          onCancel={() => setDraft(null)}
                          busy={busy}
                        />
                      </Row>
                    </div>
                  ) : (
                    <Row>
                      <Button
                        $variant="secondary"
                        onClick={() => setDraft({ id: application.id, note: '' })}
                        disabled={busy}
                      >
                        Review
                      </Button>
                    </Row>
                  )}
                </article>
              </li>
            );
          })}
        </List>
      )}
    </Section>
  );
}
