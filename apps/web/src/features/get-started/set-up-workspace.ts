import { authMessages } from '@memoreel/contracts';
import type { AuthClient } from '../account/auth-client';
import { guestSessionFailure, startGuestSession } from '../account/guest-session';
import { createInitialProject, type InitialProject } from '../project/initial-project';

/** A failed Get Started step, titled with the spec's toast ("Failed to start project" …). */
export class GetStartedError extends Error {
  override readonly name = 'GetStartedError';

  constructor(
    readonly title: string,
    description: string,
  ) {
    super(description);
  }
}

/**
 * Spec §4 "Get-started flow": a visitor becomes a guest (with the solved bot check), then gets a
 * first project to add photos to. A signed-in user skips straight to the project.
 */
export async function setUpWorkspace(client: AuthClient, botCheck: string | null): Promise<InitialProject> {
  if (!client.getSession()) {
    try {
      if (!botCheck) throw new Error(authMessages.captchaRequired);
      await startGuestSession(client, botCheck);
    } catch (error) {
      const failure = guestSessionFailure(error);
      throw new GetStartedError(authMessages.getStarted.failedToStart, failure.description ?? failure.title);
    }
  }
  try {
    return await createInitialProject();
  } catch (error) {
    throw new GetStartedError(
      authMessages.getStarted.failedToCreate,
      error instanceof Error ? error.message : String(error),
    );
  }
}
