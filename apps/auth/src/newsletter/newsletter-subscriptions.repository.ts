import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';

@Injectable()
export class NewsletterSubscriptionsRepository {
  /** Adds the address; an address already subscribed keeps its first row (and its consent time). */
  async subscribe(db: AuthDb, email: string, ip: string): Promise<void> {
    await db.newsletterSubscription.createMany({
      data: [{ id: randomUUID(), email, ip }],
      skipDuplicates: true,
    });
  }
}
