// Writes docs/events.asyncapi.yaml from the contract catalogue (run after changing libs/contracts).
import { writeFileSync } from 'node:fs';
import { asyncApiDocument } from '@memoreel/contracts/asyncapi';

writeFileSync(new URL('../../docs/events.asyncapi.yaml', import.meta.url), asyncApiDocument());
console.log('docs/events.asyncapi.yaml written');
