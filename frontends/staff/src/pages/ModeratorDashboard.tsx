import '../lib/page-start';
import { ModerationQueue } from '../components/ModerationQueue';
import { RefundRequests } from '../components/RefundRequests';
import { ModeratorStatCards } from '../components/Stats';
import { StaffPage } from '../lib/StaffPage';

/** `/moderator-dashboard` (role moderator only). */
export default function ModeratorDashboard() {
  return (
    <StaffPage
      staffRole="moderator"
      title="Moderator Dashboard"
      intro="Approve or reject the questions members submit, assign the expert who answers, and decide refund requests."
    >
      <ModeratorStatCards />
      <div style={{ marginTop: '1.5rem' }}>
        <ModerationQueue />
      </div>
      <div style={{ marginTop: '1.5rem' }}>
        <RefundRequests />
      </div>
    </StaffPage>
  );
}
