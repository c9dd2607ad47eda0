import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asyncApiDocument } from './asyncapi.js';
import { catalogue } from './catalogue.js';

const committed = fileURLToPath(new URL('../../../docs/events.asyncapi.yaml', import.meta.url));

describe('docs/events.asyncapi.yaml', () => {
  it('matches the contract catalogue (run `npm run asyncapi` after changing a contract)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(asyncApiDocument());
  });

  it('documents every subject with its payload schema', () => {
    const document = parse(asyncApiDocument());
    const names = Object.values(document.components.messages).map((m) => (m as { name: string }).name);
    expect(names).toEqual(catalogue.map((c) => c.subject));
    expect(document.channels.projects_probe_record.address).toBe('memoreel.rpc.projects.probe.record');
    expect(document.components.messages.projects_probe_recorded.payload.properties.data.required).toContain(
      'note',
    );
  });
});
