// `GET /api/admin/stats` (admins and moderators), as the gateway documents it; a type only.
import type { AdminStats } from '@uapqa/contracts';
import { formatCount, Grid, getJson } from '@uapqa/ui';
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

/** A figure of the dashboards: its label, its test id, and how it reads from the stats. */
interface Figure {
  label: string;
  testId: string;
  read(stats: AdminStats): string;
}

/** The figures that are counts, shown with thousands separators. */
type CountKey = {
  [K in keyof AdminStats]: AdminStats[K] extends number ? K : never;
}[keyof AdminStats];
const count = (key: CountKey) => (stats: AdminStats) => formatCount(stats[key]);

const QUESTIONS_THIS_MONTH: Figure = {
  label: 'Questions This Month',
  testId: 'stat-questions-month',
  read: count('questionsThisMonth'),
};

const ADMIN_FIGURES: Figure[] = [
  {
    label: 'Active Subscribers',
    testId: 'stat-subscribers',
    read: count('activeSubscribers'),
  },
  {
    label: 'Monthly Revenue',
    testId: 'stat-revenue',
    read: (stats) => formatDollars(stats.monthlyRevenue),
  },
  QUESTIONS_THIS_MONTH,
  {
    label: 'Total Questions',
    testId: 'stat-questions-total',
    read: count('totalQuestions'),
  },
  { label: 'Active Experts', testId: 'stat-experts', read: count('activeExperts') },
];

const MODERATOR_FIGURES: Figure[] = [
  {
    label: 'Awaiting Review',
    testId: 'stat-awaiting',
    read: count('awaitingReview'),
  },
  {
    label: 'Decided This Month',
    testId: 'stat-decided',
    read: count('decidedThisMonth'),
  },
  QUESTIONS_THIS_MONTH,
];

function StatCards({ figures }: { figures: Figure[] }) {
  const { data, error } = useAdminStats();
  return (
    <Grid $min="150px">
      {figures.map((figure) => (
        <Stat
          key={figure.testId}
          label={figure.label}
          testId={figure.testId}
          value={data ? figure.read(data) : error ? '—' : undefined}
        />
      ))}
    </Grid>
  );
}

/** The admin dashboard's five figures. */
export function AdminStatCards() {
  return <StatCards figures={ADMIN_FIGURES} />;
}

/** The moderator dashboard's three figures. */
export function ModeratorStatCards() {
  return <StatCards figures={MODERATOR_FIGURES} />;
}
