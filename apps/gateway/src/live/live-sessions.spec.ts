import { sessionsRevoked } from '@memoreel/contracts';
import { BusClient, InProcessBus } from '@memoreel/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE, LiveSessions } from './live-sessions.js';

const SESSION = '0b6c3bde-3d0a-4c1d-9a47-6a3b0c1f5a10';
const OTHER = '5f0f3c1e-8a2b-4a39-b5b2-9c0f6e1d2a33';
const USER = '7d5d8c1a-2f4e-4b6b-8c3d-1e2f3a4b5c6d';

function socket() {
  return { close: vi.fn() };
}

describe('LiveSessions', () => {
  const buses: InProcessBus[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const bus of buses.splice(0)) await bus.close();
  });

  it('refuses operations once the token has expired, and closes the socket then (4401)', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const sessions = new LiveSessions(new BusClient(new InProcessBus()));
    const open = socket();
    sessions.attach(SESSION, 1_000_000 + 600_000, open);

    expect(sessions.isLive(SESSION, 1_000_000 + 600_000)).toBe(true);
    vi.advanceTimersByTime(600_000);

    expect(sessions.isLive(SESSION, 1_000_000 + 600_000)).toBe(false);
    expect(open.close).toHaveBeenCalledWith(LIVE_CLOSE.expired.code, LIVE_CLOSE.expired.reason);
  });

  it('closes every socket of a revoked session at once (4403), and only those', async () => {
    const bus = new InProcessBus();
    buses.push(bus);
    const client = new BusClient(bus);
    const sessions = new LiveSessions(client);
    sessions.onModuleInit();
    const [first, second, bystander] = [socket(), socket(), socket()];
    const later = Date.now() + 600_000;
    sessions.attach(SESSION, later, first);
    sessions.attach(SESSION, later, second);
    sessions.attach(OTHER, later, bystander);

    await client.publishLive(sessionsRevoked, { userId: USER, sessionIds: [SESSION], reason: 'sign-out' });

    await vi.waitFor(() =>
      expect(first.close).toHaveBeenCalledWith(LIVE_CLOSE.revoked.code, LIVE_CLOSE.revoked.reason),
    );
    expect(second.close).toHaveBeenCalledWith(LIVE_CLOSE.revoked.code, LIVE_CLOSE.revoked.reason);
    expect(bystander.close).not.toHaveBeenCalled();
    expect(sessions.isLive(SESSION, later)).toBe(false);
    expect(sessions.isLive(OTHER, later)).toBe(true);
    await sessions.onModuleDestroy();
  });

  it('lets a closed socket go: nothing is closed twice, no timer is left behind', () => {
    vi.useFakeTimers({ now: 0 });
    const sessions = new LiveSessions(new BusClient(new InProcessBus()));
    const open = socket();
    const detach = sessions.attach(SESSION, 600_000, open);
    detach();
    sessions.revoke([SESSION]);
    vi.advanceTimersByTime(600_000);
    expect(open.close).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
