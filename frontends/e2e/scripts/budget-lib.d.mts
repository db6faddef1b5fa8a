import type { Browser } from 'playwright-core';

export declare const BUDGET_GZIP_BYTES: number;

export interface BudgetFile {
  path: string;
  /** `shell`, or the remote the file belongs to. */
  owner: string;
  kind: 'shell' | 'remote-entry' | 'remote-code';
  encoding: string | null;
  rawBytes: number;
  transferredBytes: number;
  gzipBytes: number;
}

export interface RemoteRequest {
  path: string;
  remote: string;
  kind: 'remote-entry' | 'remote-code';
  status: number;
}

export interface BudgetSummary {
  files: BudgetFile[];
  rawBytes: number;
  transferredBytes: number;
  /** Gzipped bytes: the served bytes when compressed by the server, else the gzip of the body. */
  gzipBytes: number;
  remoteRequests: RemoteRequest[];
}

export interface BudgetResult {
  measuredAt: string;
  budget: { gzipBytes: number; compression: string };
  firstPaint: BudgetSummary & { withinBudget: boolean };
  remotesOnLanding: { requests: RemoteRequest[]; remoteCode: RemoteRequest[]; ok: boolean };
  browseQa: BudgetSummary & { membersCode: RemoteRequest[]; ok: boolean };
}

export declare function classify(url: string): {
  owner: string;
  kind: 'shell' | 'remote-entry' | 'remote-code';
  path: string;
};

export declare function measureFrontendBudget(options: {
  browser: Browser;
  url: string;
  budgetBytes?: number;
}): Promise<BudgetResult>;

export declare function formatBudget(result: BudgetResult): string;
