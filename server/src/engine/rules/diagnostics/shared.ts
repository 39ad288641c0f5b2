import type { Severity } from '../../diagnostics';

/** How many diagnostics past the cap were not listed, by severity, and the cap. */
export interface MoreData {
  notShown: Record<Severity, number>;
  max: number;
}

export const severityOrder: readonly Severity[] = ['error', 'warning', 'information', 'hint'];
