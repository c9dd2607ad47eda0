import { randomUUID } from 'node:crypto';
import {
  type Actor,
  catalogue,
  GUEST,
  getMusicUrls,
  getPhotoUrls,
  getProject,
  listPhotos,
  listPhotosForShare,
  listRenders,
  recordProbe,
  requestContracts,
  SYSTEM,
} from '@memoreel/contracts';
import { describe, expect, it } from 'vitest';
import { natsPermissions } from './nats-server-config.js';
import { claimRefusal, deployables, isDeployable } from './senders.js';

const user: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };
const admin: Actor = { userId: randomUUID(), role: 'admin', isAnonymous: false };

describe('claimRefusal: who may send which actor', () => {
  it('lets the gateway speak for browsers (guest, user, admin) but never as the system', () => {
    for (const actor of [GUEST, user, admin]) {
      expect(claimRefusal('gateway', recordProbe.subject, actor)).toBeUndefined();
    }
    expect(claimRefusal('gateway', recordProbe.subject, SYSTEM)).toBe(
      'the gateway may not act as the system',
    );
  });

  it('lets every service act as the system, and no service speak for a browser by default', () => {
    for (const service of deployables.filter((name) => name !== 'gateway')) {
      expect(claimRefusal(service, recordProbe.subject, SYSTEM)).toBeUndefined();
      expect(claimRefusal(service, recordProbe.subject, user)).toBe(
        `${service} may not send projects.probe.record on behalf of a user`,
      );
    }
  });

  it("lets sharing, billing and media forward the caller's actor to projects.project.get, and nobody else", () => {
    for (const actor of [GUEST, user, admin]) {
      expect(claimRefusal('sharing', getProject.subject, actor)).toBeUndefined();
      expect(claimRefusal('billing', getProject.subject, actor)).toBeUndefined();
      // Media reads the project's plan before an AI edit (decision 0017).
      expect(claimRefusal('media', getProject.subject, actor)).toBeUndefined();
      expect(claimRefusal('auth', getProject.subject, actor)).toBeDefined();
      expect(claimRefusal('photo-edit-worker', getProject.subject, actor)).toBeDefined();
    }
  });

  it("lets only sharing ask for a share's photos and music, and forward an owner to media's photo URLs", () => {
    for (const subject of [listPhotosForShare.subject, getMusicUrls.subject]) {
      expect(claimRefusal('sharing', subject, SYSTEM)).toBeUndefined();
      expect(claimRefusal('media', subject, SYSTEM)).toBe(`only sharing may send ${subject}`);
      expect(claimRefusal('gateway', subject, user)).toBe(`only sharing may send ${subject}`);
    }
    expect(claimRefusal('sharing', getPhotoUrls.subject, user)).toBeUndefined();
    expect(claimRefusal('sharing', listRenders.subject, user)).toBeUndefined();
    expect(claimRefusal('billing', getPhotoUrls.subject, user)).toBeDefined();
  });

  it('lets render read the project, photos and photo URLs it renders as their owner', () => {
    for (const subject of [getProject.subject, listPhotos.subject, getPhotoUrls.subject]) {
      expect(claimRefusal('render', subject, user)).toBeUndefined();
      expect(claimRefusal('render-worker', subject, user)).toBeDefined();
    }
  });

  it('refuses a sender that is no deployable, whatever it claims', () => {
    expect(claimRefusal('intruder', recordProbe.subject, SYSTEM)).toBe(
      'intruder is not a deployable of this system',
    );
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

  it('lets an identity publish requests only as itself', () => {
    const requestPrefixes = natsPermissions('sharing', 'ns').publish.allow.filter((s) =>
      s.startsWith('ns.rpc.'),
    );
    expect(requestPrefixes).toEqual(['ns.rpc.sharing.>']);
  });
});
