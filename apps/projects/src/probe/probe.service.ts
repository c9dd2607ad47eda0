import { type Actor, type Probe, probeRecorded } from '@memoreel/contracts';
import { buildEvent, NotFoundError, recordEvent } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { ProjectsDatabase } from '../database/projects-database.js';
import { ProbeRepository } from './probe.repository.js';

@Injectable()
export class ProbeService {
  constructor(
    private readonly database: ProjectsDatabase,
    private readonly probes: ProbeRepository,
  ) {}

  /** Stores the probe and its event in one transaction; a retried id returns the stored probe, no second event. */
  record(actor: Actor, input: { id: string; note: string }): Promise<Probe> {
    return this.database.$transaction(async (tx) => {
      const created = await this.probes.insertIfAbsent(tx, input);
      const probe = await this.probes.getById(tx, input.id);
      if (!probe) throw new Error(`probe ${input.id} vanished inside its own transaction`);
      if (created) await recordEvent(tx, 'projects', buildEvent(probeRecorded, actor, probe));
      return probe;
    });
  }

  /** Probes are diagnostics anyone may run, so anyone may read one back by its (unguessable) id. */
  async get(_actor: Actor, id: string): Promise<Probe> {
    const probe = await this.probes.getById(this.database, id);
    if (!probe) throw new NotFoundError('Probe not found');
    return probe;
  }
}
