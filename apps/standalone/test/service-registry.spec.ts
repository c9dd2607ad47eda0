import { registeredServiceNames, registeredServices } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import { services } from '../src/services.js';
import './service-registry.js';

describe('the registry specs start collaborators from', () => {
  it('holds every service the standalone runs, each under its own name', async () => {
    const names = services.map((service) => service.name).sort();
    expect(registeredServiceNames()).toEqual(names);
    expect(await registeredServices(names)).toEqual(
      names.map((name) => services.find((s) => s.name === name)),
    );
  });

  it('names what is registered when asked for a service it does not hold', async () => {
    await expect(registeredServices(['photo-edit-worker'])).rejects.toThrow(
      /No service "photo-edit-worker" is registered for specs \(registered: auth, billing, media, projects, render, sharing\)/,
    );
  });
});
