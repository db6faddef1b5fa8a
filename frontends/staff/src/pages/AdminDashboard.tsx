import '../lib/page-start';
import { Columns, InTurn } from '@uapqa/ui';
import styled from 'styled-components';
import { AuditLog } from '../components/AuditLog';
import { ContentReports } from '../components/ContentReports';
import { ExpertApplications } from '../components/ExpertApplications';
import { ActiveExperts, ExpertProfileApplications } from '../components/Experts';
import { InviteAccount } from '../components/InviteAccount';
import { ModerationQueue } from '../components/ModerationQueue';
import { PaymentReports } from '../components/PaymentReports';
import { RefundRequests } from '../components/RefundRequests';
import { AdminStatCards } from '../components/Stats';
import { CATEGORIES, TaxonomyManager, TOPICS } from '../components/Taxonomy';
import { UserManagement } from '../components/UserManagement';
import { WaitlistSwitch } from '../components/WaitlistSwitch';
import { StaffPage } from '../lib/StaffPage';

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
      intro="Review questions, refund requests and expert applications, manage experts, users, categories and topics, invite staff, and switch waitlist mode."
    >
      <AdminStatCards />
      <Stack>
        <InTurn>
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
            <ExpertProfileApplications />
            <ExpertApplications />
          </Pair>
          <RefundRequests />
          <UserManagement />
          <InviteAccount />
          <AuditLog />
          <PaymentReports />
          <ContentReports />
        </InTurn>
      </Stack>
    </StaffPage>
  );
}
