import type { Probe } from '@memoreel/contracts';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';

type ProbeRow = { id: string; note: string; recordedAt: Date };
const toProbe = (row: ProbeRow): Probe => ({
  id: row.id,
  note: row.note,
  recordedAt: row.recordedAt.toISOString(),
});

@Injectable()
export class ProbeRepository {
  /** Inserts the probe unless one with its id exists; says whether it was new. */
  async insertIfAbsent(tx: ProjectsTransaction, probe: { id: string; note: string }): Promise<boolean> {
    const { count } = await tx.probe.createMany({ data: [probe], skipDuplicates: true });
    return count === 1;
  }

  async getById(tx: ProjectsTransaction | ProjectsDatabase, id: string): Promise<Probe | null> {
    const row = await tx.probe.findUnique({ where: { id } });
    return row ? toProbe(row) : null;
  }
}
