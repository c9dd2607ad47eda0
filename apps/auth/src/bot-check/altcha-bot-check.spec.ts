import { solveBotCheck } from '@memoreel/testing';
import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { useAuthDatabase } from '../../test/auth-harness.js';
import { type AuthConfig, authConfigFrom, authEnvironment } from '../auth.config.js';
import { ServiceSecretsRepository } from '../keys/service-secrets.repository.js';
import { ALTCHA_CHALLENGE_TTL_MS, AltchaBotCheck } from './altcha-bot-check.js';
import { BotCheckSolutionsRepository } from './bot-check-solutions.repository.js';

const db = useAuthDatabase();
const client = { ip: '192.0.2.10' };

function botCheck(env: Record<string, string> = {}): AltchaBotCheck {
  const config: AuthConfig = authConfigFrom(authEnvironment.parse({ ALTCHA_MAX_NUMBER: '1000', ...env }));
  return new AltchaBotCheck(config, db, new ServiceSecretsRepository(), new BotCheckSolutionsRepository());
}

type Challenge = {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
};

async function issued(check: AltchaBotCheck): Promise<Challenge> {
  const reply = await check.challenge();
  if (reply.provider !== 'altcha') throw new Error('expected ALTCHA');
  return reply.challenge;
}

describe('AltchaBotCheck', () => {
  it('issues signed SHA-256 challenges that expire in five minutes', async () => {
    const challenge = await issued(botCheck());
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now() + ALTCHA_CHALLENGE_TTL_MS - 5_000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + ALTCHA_CHALLENGE_TTL_MS);
  });

  it('accepts a solution once and refuses its replay', async () => {
    const check = botCheck();
    const token = await solveBotCheck(await issued(check));
    expect(await check.verify(token)).toBe(true);
    expect(await check.verify(token)).toBe(false);
    await expect(check.assertPassed(token, client)).rejects.toMatchObject({ code: 'captcha_failed' });
  });

  it('refuses an expired challenge even when solved correctly', async () => {
    const hmacKey = 'k'.repeat(32);
    const expired = await createChallenge({
      hmacKey,
      maxnumber: 1000,
      expires: new Date(Date.now() - 1000),
    });
    expect(await botCheck({ ALTCHA_HMAC_KEY: hmacKey }).verify(await solveBotCheck(expired))).toBe(false);
  });

  it('refuses challenges it did not sign, ones without an expiry, wrong answers and garbage', async () => {
    const hmacKey = 'k'.repeat(32);
    const check = botCheck({ ALTCHA_HMAC_KEY: hmacKey });
    const foreign = await createChallenge({
      hmacKey: 'another key',
      maxnumber: 1000,
      expires: new Date(Date.now() + 60_000),
    });
    const endless = await createChallenge({ hmacKey, maxnumber: 1000 });
    expect(await check.verify(await solveBotCheck(foreign))).toBe(false);
    expect(await check.verify(await solveBotCheck(endless))).toBe(false);

    const good = await issued(check);
    const wrong = JSON.parse(Buffer.from(await solveBotCheck(good), 'base64').toString()) as {
      number: number;
    };
    wrong.number += 1;
    expect(await check.verify(Buffer.from(JSON.stringify(wrong)).toString('base64'))).toBe(false);
    expect(await check.verify('not base64 json')).toBe(false);
  });

  it('without ALTCHA_HMAC_KEY makes a key once and every replica uses it', async () => {
    const first = botCheck();
    const second = botCheck();
    expect(await second.verify(await solveBotCheck(await issued(first)))).toBe(true);
    expect(await db.serviceSecret.count({ where: { name: 'altcha_hmac_key' } })).toBe(1);
  });
});
