/** One doctor check's outcome: a line for the operator, and what to do when it is not a pass. */
export type CheckLevel = 'pass' | 'warn' | 'fail';

export interface CheckResult {
  /** Short name of what was checked: "service", "api key", "slack scopes". */
  name: string;
  /** False only for `fail`: something that blocks going live. */
  ok: boolean;
  level: CheckLevel;
  /** One sentence: what was found. Never a secret. */
  line: string;
  /** What to do about a warn or fail. */
  fix?: string;
  /** Further sentences printed under the line (e.g. each difference in the service's description). */
  details?: string[];
}

export const pass = (name: string, line: string, details?: string[]): CheckResult => ({ name, ok: true, level: 'pass', line, ...(details ? { details } : {}) });
export const warn = (name: string, line: string, fix: string, details?: string[]): CheckResult => ({ name, ok: true, level: 'warn', line, fix, ...(details ? { details } : {}) });
export const fail = (name: string, line: string, fix: string, details?: string[]): CheckResult => ({ name, ok: false, level: 'fail', line, fix, ...(details ? { details } : {}) });
