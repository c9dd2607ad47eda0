import { randomUUID } from 'node:crypto';
import {
  type Actor,
  catalogue,
  exportProjects,
  GUEST,
  getChunkPhotos,
  getMusicUrls,
  getPhotoUrls,
  getProject,
  listPhotos,
  listRenders,
  recordProbe,
  requestContracts,
  SYSTEM,
  setProjectTier,
} from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { natsPermissions, natsServerConfig } from './nats-server-config.js';
import { claimRefusal, deployables, durablesOf, isDeployable, requestsSentBy } from './senders.js';

const user: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };
const admin: Actor = { userId: randomUUID(), role: 'admin', isAnonymous: false };
const services = deployables.filter((name) => name !== 'gateway');

describe('claimRefusal: who may send which request, as which actor', () => {
  it('lets the gateway speak for browsers (guest, user, admin) but never as the system', () => {
    for (const actor of [GUEST, user, admin]) {
      expect(claimRefusal('gateway', recordProbe.subject, actor)).toBeUndefined();
    }
    for (const subject of [recordProbe.subject, setProjectTier.subject, getChunkPhotos.subject]) {
      expect(claimRefusal('gateway', subject, SYSTEM)).toBe('the gateway may not act as the system');
    }
  });

  it('lets no service send a request its grant does not list, not even as the system', () => {
    for (const service of services) {
      expect(claimRefusal(service, recordProbe.subject, SYSTEM)).toBe(
        `${service} may not send projects.probe.record`,
      );
      expect(claimRefusal(service, setProjectTier.subject, SYSTEM)).toBe(
        `${service} may not send projects.project.set-tier`,
      );
    }
  });

  it('lets the render worker ask only for its chunk photos, as the system', () => {
    expect(requestsSentBy('render-worker')).toEqual([getChunkPhotos.subject]);
    expect(claimRefusal('render-worker', getChunkPhotos.subject, SYSTEM)).toBeUndefined();
    expect(claimRefusal('render-worker', getChunkPhotos.subject, user)).toBe(
      'render-worker may not send render.chunk.photos on behalf of a user',
    );
  });

  it("lets sharing, billing, media and render forward the caller's actor to projects.project.get, and nobody else", () => {
    for (const actor of [GUEST, user, admin]) {
      for (const service of ['sharing', 'billing', 'media', 'render']) {
        expect(claimRefusal(service, getProject.subject, actor)).toBeUndefined();
      }
      expect(claimRefusal('auth', getProject.subject, actor)).toBeDefined();
      expect(claimRefusal('photo-edit-worker', getProject.subject, actor)).toBeDefined();
    }
    expect(claimRefusal('sharing', getProject.subject, SYSTEM)).toBe(
      'sharing may not send projects.project.get as the system',
    );
  });

  it("lets only sharing ask for a share's music, and read the owner's photos and videos as the owner", () => {
    expect(claimRefusal('sharing', getMusicUrls.subject, SYSTEM)).toBeUndefined();
    expect(claimRefusal('media', getMusicUrls.subject, SYSTEM)).toBe(
      `media may not send ${getMusicUrls.subject}`,
    );
    expect(claimRefusal('gateway', getMusicUrls.subject, user)).toBe(
      `gateway may not send ${getMusicUrls.subject}`,
    );
    // Media is the photo's one home: sharing asks it as the owner.
    expect(claimRefusal('sharing', listPhotos.subject, user)).toBeUndefined();
    expect(claimRefusal('sharing', listPhotos.subject, SYSTEM)).toBeDefined();
    expect(claimRefusal('sharing', listRenders.subject, user)).toBeUndefined();
    expect(claimRefusal('billing', listPhotos.subject, user)).toBeDefined();
  });

  it('lets render read the project, its photos with their URLs and a chunk’s photo URLs as their owner', () => {
    for (const subject of [getProject.subject, listPhotos.subject, getPhotoUrls.subject]) {
      expect(claimRefusal('render', subject, user)).toBeUndefined();
      expect(claimRefusal('render-worker', subject, user)).toBeDefined();
    }
  });

  it('lets media read the projects for its replica as the system, and no browser', () => {
    expect(claimRefusal('media', exportProjects.subject, SYSTEM)).toBeUndefined();
    expect(claimRefusal('gateway', exportProjects.subject, user)).toBe(
      `gateway may not send ${exportProjects.subject}`,
    );
  });

  it('refuses a sender that is no deployable, whatever it claims', () => {
    expect(claimRefusal('intruder', recordProbe.subject, SYSTEM)).toBe(
      'intruder is not a deployable of this system',
    );
  });
});

describe('the grants table', () => {
  it('names only request contracts, and a deployable for every durable', () => {
    const requests = new Set(requestContracts.map((contract) => contract.subject));
    for (const deployable of deployables) {
      for (const subject of requestsSentBy(deployable)) expect(requests.has(subject), subject).toBe(true);
      for (const { subject, durable } of durablesOf(deployable)) {
        expect(
          catalogue.some((contract) => contract.subject === subject),
          subject,
        ).toBe(true);
        expect(durable.startsWith(`${deployable}--`)).toBe(true);
      }
    }
  });

  it("names each worker job's durable with its handler's tries", () => {
    const chunks = durablesOf('render-worker').find((d) => d.subject === 'render.chunk.render');
    expect(chunks).toMatchObject({
      queue: 'jobs',
      durable: 'render-worker--render_chunk_render',
      maxDeliver: 3,
    });
  });
});

describe('natsPermissions', () => {
  it('gives every contract a deployable that may answer or publish it', () => {
    for (const contract of catalogue) expect(isDeployable(contract.service), contract.subject).toBe(true);
    for (const contract of requestContracts) {
      expect(natsPermissions(contract.service as never).subscribe.allow).toContain(
        `memoreel.rpc.*.${contract.service}.>`,
      );
    }
  });

  it('lets a deployable publish exactly the requests of its grant, as itself', () => {
    for (const deployable of deployables) {
      const requestSubjects = natsPermissions(deployable, 'ns').publish.allow.filter((s) =>
        s.startsWith('ns.rpc.'),
      );
      expect(requestSubjects).toEqual(
        requestsSentBy(deployable).map((subject) => `ns.rpc.${deployable}.${subject}`),
      );
    }
    expect(natsPermissions('render-worker', 'ns').publish.allow).not.toContain(
      `ns.rpc.render-worker.${setProjectTier.subject}`,
    );
  });

  it('lets no deployable create a consumer, and each pull, ack and dead-letter only its own durables', () => {
    for (const deployable of deployables) {
      const { allow, deny } = natsPermissions(deployable, 'ns').publish;
      expect(allow.filter((s) => s.includes('CONSUMER.CREATE') || s.includes('DURABLE.CREATE'))).toEqual([]);
      expect(deny).toEqual(['$JS.API.CONSUMER.CREATE.>', '$JS.API.CONSUMER.DURABLE.CREATE.>']);
      const pulls = allow.filter((s) => s.startsWith('$JS.API.CONSUMER.MSG.NEXT.'));
      expect(pulls).toEqual(
        durablesOf(deployable).map(
          ({ queue, durable }) => `$JS.API.CONSUMER.MSG.NEXT.NS_${queue.toUpperCase()}.${durable}`,
        ),
      );
      expect(allow.filter((s) => s.startsWith('ns.dead.'))).toEqual(
        durablesOf(deployable)
          .filter(({ queue }) => queue !== 'dead')
          .map(({ durable }) => `ns.dead.${durable}.>`),
      );
    }
  });

  it('renders the deny list into the broker configuration', () => {
    expect(natsServerConfig({ namespace: 'ns', passwords: {} })).toContain(
      'deny: ["$JS.API.CONSUMER.CREATE.>", "$JS.API.CONSUMER.DURABLE.CREATE.>"]',
    );
  });
});
