import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { StatusPage } from './status-page';

interface Sink {
  next: (value: { data?: unknown; errors?: unknown[] }) => void;
  error: (reason: unknown) => void;
}

/** The graphql-ws client as the status page sees it: subscriptions, and connected/closed events. */
const live = vi.hoisted(() => {
  const listeners = new Map<string, Set<() => void>>();
  const emit = (event: string) => {
    for (const listener of listeners.get(event) ?? []) listener();
  };
  const state = {
    sink: undefined as Sink | undefined,
    variables: undefined as Record<string, unknown> | undefined,
    unsubscribed: 0,
  };
  const client = {
    on(event: string, listener: () => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return () => listeners.get(event)?.delete(listener);
    },
    subscribe(payload: { variables: Record<string, unknown> }, sink: Sink) {
      state.sink = sink;
      state.variables = payload.variables;
      calls.push('subscribe');
      queueMicrotask(() => emit('connected'));
      return () => {
        state.unsubscribed += 1;
        emit('closed');
      };
    },
  };
  const calls: string[] = [];
  return { client, state, calls };
});

vi.mock('graphql-ws', () => ({ createClient: () => live.client }));

/** Who is looking: an account holder unless a test says otherwise. */
const viewer = vi.hoisted(() => ({
  auth: { loading: false, user: { id: 'u1' } as unknown, isAnonymous: false },
  openAuthModal: vi.fn(),
}));
vi.mock('../account/auth-provider', () => ({ useAuth: () => viewer.auth }));
vi.mock('../account/auth-modal-provider', () => ({
  useAuthModal: () => ({ openAuthModal: viewer.openAuthModal }),
}));

const READY = {
  status: 'ok',
  checks: { database: { status: 'ok' }, bus: { status: 'ok' }, storage: { status: 'ok' } },
};

type GraphQLAnswer = (variables: { id: string; note: string }) => unknown;

const recorded: GraphQLAnswer = ({ id, note }) => ({
  data: { recordProbe: { id, note, recordedAt: '2026-11-23T10:00:00.000Z' } },
});

/** Answers /health/status and /graphql the way the gateway would. */
function stubServer({
  graphql = recorded,
  readiness = READY as unknown,
}: {
  graphql?: GraphQLAnswer;
  readiness?: unknown;
}) {
  const json = (body: unknown, status = 200) =>
    ({ ok: status < 400, status, json: async () => body }) as Response;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/health/status') return json(readiness, 200);
      live.calls.push('recordProbe');
      return json(graphql(JSON.parse(String(init?.body)).variables));
    }),
  );
}

function renderStatusPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StatusPage />
    </QueryClientProvider>,
  );
}

const hopState = (label: string) => screen.getByText(label).closest('li')?.dataset.state;
const runCheck = () => fireEvent.click(screen.getByRole('button', { name: 'Run system check' }));

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  viewer.auth = { loading: false, user: { id: 'u1' }, isAnonymous: false };
  viewer.openAuthModal.mockClear();
  live.calls.length = 0;
  live.state.sink = undefined;
  live.state.unsubscribed = 0;
});

describe('status page', () => {
  it('asks visitors and guests to sign in before probing, and still shows what is up', async () => {
    for (const auth of [
      { loading: false, user: null, isAnonymous: false },
      { loading: false, user: { id: 'guest' }, isAnonymous: true },
    ]) {
      viewer.auth = auth;
      stubServer({});
      const { unmount } = render(
        <QueryClientProvider client={createQueryClient()}>
          <StatusPage />
        </QueryClientProvider>,
      );
      expect(screen.queryByRole('button', { name: 'Run system check' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Sign in to run the check' }));
      expect(viewer.openAuthModal).toHaveBeenLastCalledWith('sign_in');
      await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/health/status', expect.anything()));
      expect(live.calls).toEqual([]);
      unmount();
    }
  });

  it('subscribes first, records the probe, and completes when the live push arrives', async () => {
    stubServer({});
    renderStatusPage();

    runCheck();

    await waitFor(() => expect(hopState('Recorded by the projects service')).toBe('done'));
    expect(live.calls).toEqual(['subscribe', 'recordProbe']);
    const request = JSON.parse(
      String(vi.mocked(fetch).mock.calls.find(([url]) => url === '/graphql')?.[1]?.body),
    );
    expect(request.variables).toEqual({ id: live.state.variables?.id, note: 'Hello from the browser' });
    expect(request.query).toContain('recordProbe(id: $id, note: $note)');
    expect(hopState('Delivered through the event stream')).toBe('active');

    act(() =>
      live.state.sink?.next({
        data: {
          probeCompleted: {
            id: live.state.variables?.id,
            note: 'Hello from the browser',
            recordedAt: '2026-11-23T10:00:00.000Z',
            consumedAt: '2026-11-23T10:00:00.015Z',
            deliveries: 1,
          },
        },
      }),
    );

    expect(hopState('Delivered through the event stream')).toBe('done');
    expect(hopState('Consumed by the sharing service, pushed live')).toBe('done');
    expect(screen.getByText(/All three hops completed in \d+ ms\./)).toBeTruthy();
    expect(screen.getByText('Consumed 15 ms after recording', { exact: false })).toBeTruthy();
    expect(live.state.unsubscribed).toBe(1);
  });

  it('shows a validation error from the server under the note field', async () => {
    stubServer({
      graphql: () => ({
        errors: [{ message: 'Note is required', extensions: { code: 'VALIDATION_FAILED' } }],
      }),
    });
    renderStatusPage();
    const note = screen.getByLabelText('Note');
    fireEvent.change(note, { target: { value: '   ' } });

    runCheck();

    const message = await screen.findByText('Note is required');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe(message.id);
    expect(hopState('Recorded by the projects service')).toBe('failed');
  });

  it('gives up after 10 seconds without a live confirmation and says where it stopped', async () => {
    // Fake clock, still ticking with real time so Testing Library's own waits keep working.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    stubServer({});
    renderStatusPage();
    runCheck();
    await waitFor(() => expect(hopState('Delivered through the event stream')).toBe('active'));

    await act(() => vi.advanceTimersByTimeAsync(10_000));

    expect(hopState('Delivered through the event stream')).toBe('failed');
    expect(screen.getByText(/no live confirmation arrived within 10 seconds/)).toBeTruthy();
    expect(live.state.unsubscribed).toBe(1);
  });

  it('shows the readiness of each backend part as a coloured dot', async () => {
    stubServer({
      readiness: {
        status: 'error',
        checks: { database: { status: 'ok' }, bus: { status: 'error' }, storage: { status: 'ok' } },
      },
    });
    renderStatusPage();

    expect(await screen.findByText('Some systems are not ready.')).toBeTruthy();
    const dot = (check: string) =>
      document.querySelector(`[data-check="${check}"]`)?.getAttribute('data-state');
    expect([dot('database'), dot('bus'), dot('storage')]).toEqual(['ok', 'error', 'ok']);
  });

  it('says so when the server cannot be reached', async () => {
    stubServer({});
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderStatusPage();

    expect(await screen.findByText('Could not reach the server.')).toBeTruthy();
  });
});
