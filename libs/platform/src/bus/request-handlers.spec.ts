import { randomUUID } from 'node:crypto';
import { type Actor, countProjects, ErrorCodes, getProbe, recordProbe } from '@memoreel/contracts';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusClient } from './bus-client.js';
import { BusTransport } from './bus-transport.js';
import { NotFoundError } from './domain-error.js';
import { InProcessBus } from './in-process-bus.js';
import { requestHandlers } from './request-handlers.js';

@Injectable()
class Notebook {
  readonly notes = new Map<string, string>();
  readonly callers: Actor[] = [];
}

@Injectable()
class Counter {
  count(actor: Actor) {
    return { count: actor.userId ? 3 : 0, limit: 10 };
  }
}

const recordedAt = '2026-11-23T07:00:00.000Z';

const NotebookHandlers = requestHandlers(Notebook, (answer) => [
  answer(recordProbe, (notebook, { actor, data }) => {
    notebook.callers.push(actor);
    notebook.notes.set(data.id, data.note);
    return { ...data, recordedAt };
  }),
  answer(getProbe, async (notebook, { data }) => {
    const note = notebook.notes.get(data.id);
    if (!note) throw new NotFoundError('Probe not found');
    return { id: data.id, note, recordedAt };
  }),
]);

const CountingHandlers = requestHandlers({ notebook: Notebook, counter: Counter }, (answer) => [
  answer(countProjects, ({ notebook, counter }, { actor }) => {
    notebook.callers.push(actor);
    return counter.count(actor);
  }),
]);

@Module({ controllers: [NotebookHandlers, CountingHandlers], providers: [Notebook, Counter] })
class NotebookModule {}

const actor: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };

describe('requestHandlers', () => {
  const bus = new InProcessBus({ namespace: 'request-handlers' });
  const client = new BusClient(bus);
  let app: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;

  beforeAll(async () => {
    const transport = new BusTransport({ bus, service: 'projects' });
    app = await NestFactory.createMicroservice(NotebookModule, { strategy: transport, logger: false });
    await app.listen();
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });

  it('answers each contract of the table with its row, given the injected provider and the validated envelope', async () => {
    const id = randomUUID();

    expect(await client.request(recordProbe, actor, { id, note: '  kept  ' })).toEqual({
      id,
      note: 'kept',
      recordedAt,
    });
    expect(await client.request(getProbe, actor, { id })).toEqual({ id, note: 'kept', recordedAt });
    expect(app.get(Notebook).callers.at(-1)).toEqual(actor);
  });

  it("passes a row's DomainError on as the reply's error", async () => {
    await expect(client.request(getProbe, actor, { id: randomUUID() })).rejects.toMatchObject({
      code: ErrorCodes.notFound,
      message: 'Probe not found',
    });
  });

  it('hands several providers to the rows by the names the table gives them', async () => {
    expect(await client.request(countProjects, actor, {})).toEqual({ count: 3, limit: 10 });
    expect(app.get(Notebook).callers.at(-1)).toEqual(actor);
  });

  it('names the controller after what it is given', () => {
    expect(NotebookHandlers.name).toBe('NotebookHandlers');
    expect(CountingHandlers.name).toBe('NotebookAndCounterHandlers');
  });

  it('refuses a table that answers one contract twice', () => {
    expect(() =>
      requestHandlers(Counter, (answer) => [
        answer(countProjects, (counter, { actor }) => counter.count(actor)),
        answer(countProjects, (counter, { actor }) => counter.count(actor)),
      ]),
    ).toThrow('projects.project.count is handled twice');
  });
});
