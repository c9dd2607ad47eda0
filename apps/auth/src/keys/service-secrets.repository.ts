import { Injectable } from '@nestjs/common';
import type { AuthDb } from '../database/auth-database.js';

@Injectable()
export class ServiceSecretsRepository {
  /** The stored secret `name`, storing `candidate` first if there is none; replicas starting together agree on one. */
  async getOrCreate(db: AuthDb, name: string, candidate: string): Promise<string> {
    await db.serviceSecret.createMany({ data: [{ name, value: candidate }], skipDuplicates: true });
    const secret = await db.serviceSecret.findUniqueOrThrow({ where: { name } });
    return secret.value;
  }
}
