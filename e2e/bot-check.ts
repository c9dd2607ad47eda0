import type { APIRequestContext } from '@playwright/test';
import { solveBotCheck } from '../libs/testing/src/bot-check.js';

/** What the ALTCHA widget posts once solved, for calls a spec makes straight to the API. */
export async function solvedBotCheck(request: APIRequestContext): Promise<string> {
  return solveBotCheck(await (await request.get('/auth/v1/bot-check/challenge')).json());
}
