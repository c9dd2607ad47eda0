/**
 * The user's first project, as the Get Started flow needs it. Stubs until the projects issue (#4)
 * replaces both with the real data calls: every caller goes through this file, so that is the only
 * change needed.
 */
export interface InitialProject {
  id: string;
}

/** Stub: creates nothing yet and answers a fresh id of the shape the real call returns. */
export async function createInitialProject(): Promise<InitialProject> {
  return { id: crypto.randomUUID() };
}

/** Stub: until projects exist, every user is treated as having none (spec §4 "Get-started flow"). */
export async function hasAnyProject(): Promise<boolean> {
  return false;
}
