import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';

/** What the ALTCHA widget posts once solved, for calls a spec makes straight to the API. */
export async function solvedBotCheck(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/auth/v1/bot-check/challenge')).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the bot check could not be solved');
  return Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
}
