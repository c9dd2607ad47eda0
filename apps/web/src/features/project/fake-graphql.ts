import { vi } from 'vitest';
import { fakeAuthClient, sampleSession, sampleUser } from '../../testing/auth-fixtures';
import type { ProjectListItem } from './project-api';

/** Test-only: answers /graphql by the operation's field (`projects`, `createProject` …); a thrown GraphQLFailure becomes a GraphQL error. */
export type GraphQLAnswers = Record<string, (variables: Record<string, unknown>) => unknown>;

export class GraphQLFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export function stubGraphQL(answers: GraphQLAnswers) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const { query, variables } = JSON.parse(String(init?.body)) as {
      query: string;
      variables?: Record<string, unknown>;
    };
    const operation = /^(?:query|mutation)\s+(\w+)/.exec(query.trim())?.[1] ?? '';
    const field = operation.charAt(0).toLowerCase() + operation.slice(1);
    const answer = answers[field];
    if (!answer)
      return Response.json({ errors: [{ message: `${operation} not faked`, extensions: { code: 'TEST' } }] });
    try {
      const data = answer(variables ?? {});
      return Response.json({ data: { [field]: data } });
    } catch (error) {
      const failure = error as GraphQLFailure;
      return Response.json({ errors: [{ message: failure.message, extensions: { code: failure.code } }] });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The variables of each `operation` (e.g. 'mutation SetPhotoFilter') sent to the stub, oldest first. */
export function variablesSent(fetchMock: ReturnType<typeof stubGraphQL>, operation: string) {
  return fetchMock.mock.calls
    .map(
      ([, init]) => JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> },
    )
    .filter((body) => body.query.trim().startsWith(operation))
    .map((body) => body.variables);
}

export function signedInClient(user = sampleUser()) {
  return fakeAuthClient({ refreshSession: vi.fn().mockResolvedValue(sampleSession(user)) });
}

export function sampleProject(overrides: Partial<ProjectListItem> = {}): ProjectListItem {
  return {
    id: '3b0f8d4c-6a0e-4a52-9d1e-2f1f7d8b9c10',
    name: 'Grandma Rose',
    product: 'free',
    videoSettings: { durationPerPhoto: 3 },
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    photos: [],
    photoCount: 0,
    ...overrides,
  };
}
