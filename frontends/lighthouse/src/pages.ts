/** Who opens a page: a visitor, or a demo account signed in through the API. */
export type Viewer = 'visitor' | 'member' | 'admin' | 'moderator';

/** Which thresholds a page is held to. */
export type PageGroup = 'public' | 'member' | 'staff';

export interface AuditedPage {
  path: string;
  viewer: Viewer;
  group: PageGroup;
}

export const PAGES: readonly AuditedPage[] = [
  { path: '/', viewer: 'visitor', group: 'public' },
  { path: '/browse-qa', viewer: 'visitor', group: 'public' },
  { path: '/auth', viewer: 'visitor', group: 'public' },
  { path: '/experts', viewer: 'visitor', group: 'public' },
  { path: '/subscribe', viewer: 'visitor', group: 'public' },
  { path: '/dashboard', viewer: 'member', group: 'member' },
  { path: '/submit-question', viewer: 'member', group: 'member' },
  { path: '/admin-dashboard', viewer: 'admin', group: 'staff' },
  { path: '/moderator-dashboard', viewer: 'moderator', group: 'staff' },
];

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

/** The figures of one audit: scores 0–100, times in milliseconds. */
export interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface Thresholds {
  performance: number;
  /** The most each Web Vital may be. */
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

const VITALS = { lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const QUALITY = { accessibility: 95, bestPractices: 95, seo: 95 };

/** Staff work on phones too: their dashboards are held to what a member's pages are. */
export const THRESHOLDS: Record<PageGroup, Thresholds> = {
  public: { performance: 90, ...VITALS, ...QUALITY },
  member: { performance: 90, ...VITALS, ...QUALITY },
  staff: { performance: 90, ...VITALS, ...QUALITY },
};

/** The thresholds these figures miss, each as a short sentence. */
export function misses(figures: Figures, limits: Thresholds): string[] {
  const out: string[] = [];
  const atLeast = (name: string, value: number, min: number) => {
    if (value < min) out.push(`${name} ${value} < ${min}`);
  };
  atLeast('performance', figures.performance, limits.performance);
  if (figures.lcpMs > limits.lcpMs) {
    out.push(`LCP ${(figures.lcpMs / 1000).toFixed(2)} s > ${limits.lcpMs / 1000} s`);
  }
  if (figures.tbtMs > limits.tbtMs) {
    out.push(`TBT ${Math.round(figures.tbtMs)} ms > ${limits.tbtMs} ms`);
  }
  if (figures.cls > limits.cls) {
    out.push(`CLS ${figures.cls.toFixed(3)} > ${limits.cls}`);
  }
  atLeast('accessibility', figures.accessibility, limits.accessibility);
  atLeast('best practices', figures.bestPractices, limits.bestPractices);
  atLeast('SEO', figures.seo, limits.seo);
  return out;
}
