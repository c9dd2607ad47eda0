import { solveChallenge } from 'altcha-lib/v1';

/** The gateway's ALTCHA challenge (GET /auth/v1/bot-check/challenge), as much of it as solving needs. */
export interface BotCheckChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
}

/**
 * What the ALTCHA widget posts once it has solved `challenge`: the `botCheck` field of a sign-up,
 * a guest session or a reset (base64 JSON of the challenge with its number and solving time). Each caller fetches the
 * challenge its own way (its address, its client) and passes the parsed answer.
 */
export async function solveBotCheck(answer: unknown): Promise<string> {
  const challenge = answer as BotCheckChallenge;
  if (typeof challenge?.challenge !== 'string' || typeof challenge.salt !== 'string') {
    throw new Error(`not an ALTCHA challenge: ${JSON.stringify(answer)}`);
  }
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('the bot check could not be solved');
  const payload = { ...challenge, number: solution.number, took: solution.took };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
