/** One sandbox per house style, each with a service client on it, for the reads tests (started before, closed after the file). */
import { afterAll, beforeAll } from 'vitest';
import { SANDBOX_KEYS, SANDBOX_STYLES, startSandbox, type Sandbox, type SandboxStyle } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/index.js';

export function clientsByStyle(): Record<SandboxStyle, ServiceClient> {
  const started: { sandbox: Sandbox; client: ServiceClient }[] = [];
  const clients = {} as Record<SandboxStyle, ServiceClient>;
  beforeAll(async () => {
    for (const style of SANDBOX_STYLES) {
      const sandbox = await startSandbox({ speed: 1000, style });
      const client = createServiceClient({ baseUrl: sandbox.url, apiKey: SANDBOX_KEYS.readWrite, retry: false });
      started.push({ sandbox, client });
      clients[style] = client;
    }
  });
  afterAll(async () => {
    for (const { sandbox, client } of started) {
      await client.close();
      await sandbox.close();
    }
  });
  return clients;
}
