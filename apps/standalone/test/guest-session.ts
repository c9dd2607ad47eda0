import { solveBotCheck } from '@memoreel/testing';
import { expect } from 'vitest';

/**
 * A guest's access token, as the SPA gets one: the bot check solved, then an anonymous sign-in
 * from the app's own origin. `headers` go on both requests (an `x-forwarded-for` for another address).
 */
export async function guestSession(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/auth/v1/bot-check/challenge`, { headers })).json();
  const response = await fetch(`${baseUrl}/auth/v1/anonymous`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ botCheck: await solveBotCheck(challenge) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
