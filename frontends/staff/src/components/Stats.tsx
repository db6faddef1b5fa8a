// `GET /api/admin/stats` (admins and moderators), as the gateway documents it; a type only.
import type { AdminStats } from '@uapqa/contracts';
import { Grid, getJson } from '@uapqa/ui';
import { formatDollars, Stat } from '@uapqa/ui/page';
import useSWR from 'swr';
import { useStaffErrors } from '../lib/access';
import { STATS_KEY } from './ModerationQueue';

function useAdminStats() {
  const onError = useStaffErrors();
  return useSWR<AdminStats>(STATS_KEY, (url: string) => getJson<AdminStats>(url), {
    onError: (error) =>
      onError(error, { title: 'Error', description: 'Failed to load dashboard data.' }),
  });
}

const show = (value: number | undefined, failed: boolean) =>
  value === undefined ? (failed ? '—' : undefined) : value.toLocaleString('en-US');

/** The admin dashboard's five figures. */
export function AdminStatCards() {
  const { data, error } = useAdminStats();
  const failed = Boolean(error);
  return (
    <Grid $min="150px">
      <Stat
        label="Active Subscribers"
        testId="stat-subscribers"
        value={show(data?.activeSubscribers, failed)}
      />
      <Stat
        label="Monthly Revenue"
        testId="stat-revenue"
        value={data ? formatDollars(data.monthlyRevenue) : failed ? '—' : undefined}
      />
      <Stat
        label="Questions This Month"
        testId="stat-questions-month"
        value={show(data?.questionsThisMonth, failed)}
      />
      <Stat
        label="Total Questions"
        testId="stat-questions-total"
        value={show(data?.totalQuestions, failed)}
      />
      <Stat
        label="Active Experts"
        testId="stat-experts"
        value={show(data?.activeExperts, failed)}
      />
    </Grid>
  );
}

/** The moderator dashboard's three figures. */
export function ModeratorStatCards() {
  const { data, error } = useAdminStats();
  const failed = Boolean(error);
  return (
    <Grid $min="150px">
      <Stat
        label="Awaiting Review"
        testId="stat-awaiting"
        value={show(data?.awaitingReview, failed)}
      />
      <Stat
        label="Decided This Month"
        testId="stat-decided"
        value={show(data?.decidedThisMonth, failed)}
      />
      <Stat
        label="Questions This Month"
        testId="stat-questions-month"
        value={show(data?.questionsThisMonth, failed)}
      />
    </Grid>
  );
}
