import type { AddressInfo } from 'node:net';
import type { Logger } from '@memoreel/platform';
import express from 'express';
import { expect, it } from 'vitest';
import { requestLog } from './request-log.js';

it('writes one line per API request and per failure, and none for files and probes', async () => {
  const lines: { level: string; line: string; fields: Record<string, unknown> }[] = [];
  const record = (level: string) => (fields: Record<string, unknown>, line: string) =>
    lines.push({ level, line, fields });
  const logger = { info: record('info'), warn: record('warn'), error: record('error') } as unknown as Logger;

  const app = express();
  app.use(requestLog(logger));
  app.use(express.json());
  const graphql = express.Router();
  graphql.post('/', (_req, res) => res.json({ data: {} }));
  app.use('/graphql', graphql);
  app.post('/auth/v1/token', (_req, res) => res.status(400).json({ error: 'invalid_grant' }));
  app.get('/assets/app.js', (_req, res) => res.send('//'));
  app.get('/health/ready', (_req, res) => res.json({ status: 'ok' }));
  app.get('/broken', () => {
    throw new Error('boom');
  });
  app.use(((_error, _req, res, _next) => res.status(500).end()) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const json = { 'content-type': 'application/json' };
    await fetch(`${base}/graphql`, { method: 'POST', headers: json, body: '{"operationName":"Projects"}' });
    await fetch(`${base}/auth/v1/token`, { method: 'POST', headers: json, body: '{}' });
    await fetch(`${base}/assets/app.js`);
    await fetch(`${base}/health/ready`);
    await fetch(`${base}/broken`);
    await new Promise((settled) => setTimeout(settled, 20));
  } finally {
    server.close();
  }

  expect(lines.map(({ level, line }) => [level, line.replace(/\d+ ms$/, 'N ms')])).toEqual([
    ['info', 'POST /graphql Projects 200 N ms'],
    ['warn', 'POST /auth/v1/token 400 N ms'],
    ['error', 'GET /broken 500 N ms'],
  ]);
  expect(lines[0]?.fields).toMatchObject({
    method: 'POST',
    path: '/graphql',
    status: 200,
    operation: 'Projects',
  });
});
