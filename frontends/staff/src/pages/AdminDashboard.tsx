import '../lib/page-start';
import { Button, Columns } from '@uapqa/ui';
import styled from 'styled-components';
import { ExpertApplications } from '../components/ExpertApplications';
import { ActiveExperts, CreatorApplications } from '../components/Experts';
import { ModerationQueue } from '../components/ModerationQueue';
import { AdminStatCards } from '../components/Stats';
import { CATEGORIES, TaxonomyManager, TOPICS } from '../components/Taxonomy';
import { WaitlistSwitch } from '../components/WaitlistSwitch';
import { StaffPage } from '../lib/StaffPage';
import { Section } from '../lib/sections';

const Stack = styled.div`
  display: grid;
  gap: 1.5rem;
  margin-top: 1.5rem;
`;
const Pair = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  align-items: start;
`;

/** `/admin-dashboard` (role admin only). */
export default function AdminDashboard() {
  return (
    <StaffPage
      staffRole="admin"
      title="Admin Dashboard"
      intro="Review questions and expert applications, manage experts, categories and topics, and switch waitlist mode."
    >
      <AdminStatCards />
      <Stack>
        <WaitlistSwitch />
        <Columns $columns="2fr 1fr">
          <ModerationQueue />
          <ActiveExperts />
        </Columns>
        <Pair>
          <TaxonomyManager kind={CATEGORIES} />
          <TaxonomyManager kind={TOPICS} />
        </Pair>
        {/* The two ways in side by side: the account holders' expert profiles, and the
            public form's applications. */}
        <Pair>
          <CreatorApplications />
          <ExpertApplications />
        </Pair>
        <Section>
          <h2>Reports and Tools</h2>
          {/* Inert until the user, content and payment report screens exist. */}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
            <Button $variant="secondary" title="Coming soon">
              User Management
            </Button>
            <Button $variant="secondary" title="Coming soon">
              Content Reports
            </Button>
            <Button $variant="secondary" title="Coming soon">
              Payment Reports
            </Button>
          </div>
        </Section>
      </Stack>
    </StaffPage>
  );
}
