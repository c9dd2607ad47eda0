import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';

@Injectable()
export class BotCheckSolutionsRepository {
  /** Records a solution as used; false when it was used before (a replay). */
  async claim(db: AuthDb, signature: string, expiresAt: Date): Promise<boolean> {
    const { count } = await db.botCheckSolution.createMany({
      data: [{ signature, expiresAt }],
      skipDuplicates: true,
    });
    return count === 1;
  }
}
