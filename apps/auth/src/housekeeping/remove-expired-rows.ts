import { SYSTEM, userDeleted } from '@memoreel/contracts';
import { buildEvent, LOGGER, type Logger, recordEvent } from '@memoreel/platform';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AuthDatabase } from '../database/auth-database.js';
import { SESSION_INACTIVITY_MS } from '../sessions/sessions.service.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Hourly clean-up of rows that can no longer matter, so the auth tables do not grow forever. */
@Injectable()
export class RemoveExpiredRows implements OnModuleInit, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: AuthDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) => this.logger.warn({ err: error }, 'auth housekeeping failed'));
    }, HOUR_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async run(now = new Date()): Promise<void> {
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
    await this.database.botCheckSolution.deleteMany({ where: { expiresAt: { lt: now } } });
    // Every bucket refills within a day; one untouched for a day is full, the same as no row.
    await this.database.rateLimitBucket.deleteMany({ where: { updatedAt: { lt: dayAgo } } });
    await this.database.oneTimeToken.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
    await this.database.mfaChallenge.deleteMany({ where: { expiresAt: { lt: dayAgo } } });
    // An authenticator app set up and never confirmed a day later was abandoned.
    await this.database.mfaFactor.deleteMany({ where: { status: 'unverified', createdAt: { lt: dayAgo } } });
    // Ended sessions are kept a month for support questions; their refresh tokens go with them.
    await this.database.session.deleteMany({
      where: { OR: [{ revokedAt: { lt: monthAgo } }, { notAfter: { lt: monthAgo } }] },
    });
    await this.removeExpiredGuests(now);
  }

  /**
   * A guest has no credentials: once every session of theirs has ended, nobody can ever reach
   * their projects again. After the inactivity limit they are deleted, and `auth.user.deleted`
   * (in the same transaction) has the other services delete what was theirs.
   */
  async removeExpiredGuests(now = new Date(), batch = 100): Promise<number> {
    const lifetimeAgo = new Date(now.getTime() - SESSION_INACTIVITY_MS);
    const guests = await this.database.user.findMany({
      where: {
        isAnonymous: true,
        createdAt: { lt: lifetimeAgo },
        sessions: { none: { revokedAt: null, notAfter: { gt: now } } },
      },
      select: { id: true },
      take: batch,
    });
    for (const { id } of guests) {
      await this.database.$transaction(async (tx) => {
        // Another replica's clean-up may have been first: then it also told the others.
        const { count } = await tx.user.deleteMany({ where: { id, isAnonymous: true } });
        if (count > 0) {
          await recordEvent(
            tx,
            'auth',
            buildEvent(userDeleted, SYSTEM, { userId: id, reason: 'guest-expired' }),
          );
        }
      });
    }
    if (guests.length > 0) this.logger.info(`deleted ${guests.length} guest(s) past their lifetime`);
    return guests.length;
  }
}
