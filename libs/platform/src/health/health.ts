/** One dependency whose failure makes the process not ready (database, bus, storage). */
export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

export interface ReadinessReport {
  status: 'ok' | 'error';
  checks: Record<string, { status: 'ok' | 'error' }>;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(probe: Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    probe
      .then(
        (ok) => resolve(ok),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Runs every check at once; a check that throws or hangs counts as failed. */
export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map(async (c) => [c.name, await withTimeout(c.check())] as const));
  const report: ReadinessReport = { status: 'ok', checks: {} };
  for (const [name, ok] of results) {
    report.checks[name] = { status: ok ? 'ok' : 'error' };
    if (!ok) report.status = 'error';
  }
  return report;
}
