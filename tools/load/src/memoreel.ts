/**
 * What the k6 journeys share: the target, GraphQL over HTTP, the ALTCHA bot check solved in the VU
 * (SHA-256 over salt + n, like the widget), guest sessions and a small JPEG to upload.
 * k6 runs TypeScript as it is (k6 ≥ 0.57); `npm run lint` type-checks these files with @types/k6.
 */
import { check, fail } from 'k6';
import { sha256 } from 'k6/crypto';
import encoding from 'k6/encoding';
import http, { type RefinedResponse, type ResponseType } from 'k6/http';

/** The gateway (or the standalone server): BASE_URL=https://staging.memoreel.example.com k6 run … */
export const BASE_URL = (__ENV.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

/** Same-origin writes only: the gateway refuses state changes that name another origin. */
const jsonHeaders = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json',
  origin: BASE_URL,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

export interface GraphQLResult<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** POSTs one operation to /graphql, tagged with its name so k6 reports each operation apart. */
export function graphql<T>(operation: string, query: string, variables: object = {}, token?: string): T {
  const response = http.post(`${BASE_URL}/graphql`, JSON.stringify({ query, variables }), {
    headers: jsonHeaders(token),
    tags: { name: `graphql ${operation}` },
  });
  const body = response.json() as GraphQLResult<T> | null;
  const ok = check(response, {
    [`${operation}: 200`]: (r) => r.status === 200,
    [`${operation}: no errors`]: () => !body?.errors?.length,
  });
  if (!ok || !body?.data)
    fail(`${operation}: ${response.status} ${JSON.stringify(body?.errors ?? response.body)}`);
  return body.data;
}

/**
 * VUs for an arrival-rate scenario: enough for `ratePerSecond` iterations that each take up to
 * `worstIterationSeconds` (its sleeps plus slow answers), so k6 never drops an iteration for want of
 * a VU; every scenario pairs it with a `dropped_iterations` threshold that says when it did anyway.
 */
export function vusFor(
  ratePerSecond: number,
  meanIterationSeconds: number,
  worstIterationSeconds: number,
): { preAllocatedVUs: number; maxVUs: number } {
  return {
    preAllocatedVUs: Math.ceil(ratePerSecond * meanIterationSeconds),
    maxVUs: Math.ceil(ratePerSecond * worstIterationSeconds * 1.25),
  };
}

export function get(path: string, name = path): RefinedResponse<ResponseType> {
  const response = http.get(`${BASE_URL}${path}`, { tags: { name } });
  check(response, { [`GET ${name}: 2xx`]: (r) => r.status >= 200 && r.status < 300 });
  return response;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** A solved ALTCHA challenge as the widget posts it (base64 JSON with the number found). */
export function solvedBotCheck(): string {
  const challenge = get('/auth/v1/bot-check/challenge').json() as unknown as Challenge;
  if (challenge.algorithm !== 'SHA-256')
    fail(`bot check algorithm ${challenge.algorithm} is not solved here`);
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number += 1) {
    if (sha256(challenge.salt + number, 'hex') === challenge.challenge) {
      return encoding.b64encode(JSON.stringify({ ...challenge, number }));
    }
  }
  return fail('the bot check could not be solved');
}

/** A guest session (auth allows 30 an hour per IP: spread guest VUs over source addresses or hosts). */
export function startGuest(): string {
  const response = http.post(
    `${BASE_URL}/auth/v1/anonymous`,
    JSON.stringify({ botCheck: solvedBotCheck() }),
    {
      headers: jsonHeaders(),
      tags: { name: 'POST /auth/v1/anonymous' },
    },
  );
  check(response, { 'guest session: 200': (r) => r.status === 200 });
  const token = (response.json() as { accessToken?: string } | null)?.accessToken;
  if (!token) fail(`guest session: ${response.status} ${response.body}`);
  return token;
}

/** A 320×240 JPEG (717 bytes): media verifies magic bytes and decodes every upload whole. */
export const PHOTO_JPEG: ArrayBuffer = encoding.b64decode(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCADwAUADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCwCWtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z',
);

export const PROJECT_FIELDS = 'id name';
