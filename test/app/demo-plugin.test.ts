// Demonstração is the host's plug-in (app/demo-plugin.ts): a host that composes none gets a clear
// refusal in Portuguese when demonstração is chosen, never a crash or a sandbox loaded by the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DemoSeeder } from '../../electron/app/demo-plugin';
import { unavailableDemo } from '../../electron/app/demo-plugin';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import { memoryHost } from '../support/memory-host';

describe('a host without the demonstração plug-in', { timeout: 60_000 }, () => {
  let app: CarretaApp;

  beforeAll(async () => {
    const { host } = memoryHost();
    delete host.demo;
    expect(host.settings.get().environment).toBe('demonstracao');
    app = await createApp(host);
    app.context.sync.stop();
    app.context.inbox.stop();
  });
  afterAll(async () => {
    await app.dispose();
  });

  it('refuses demonstração with a message the clerk can act on', async () => {
    await expect(app.context.api.target()).rejects.toMatchObject({
      code: 'demo_unavailable',
      message:
        'A demonstração não está disponível nesta instalação. Escolha o sandbox ou a produção em Configurações.',
    });
    expect(app.context.embedded.url()).toBeNull();
    expect(app.context.embedded.insurers()).toBeNull();
    // Through the command table too: the refusal reaches the screen as it is.
    expect(await app.dispatch('connection:test', { environment: 'demonstracao' })).toMatchObject({
      ok: false,
      error: { code: 'demo_unavailable' },
    });
  });
});

describe('the plug-in outlives the app it was handed to', () => {
  it('a disposed app takes its demo seeding back', async () => {
    const seeders = new Set<DemoSeeder>();
    const { host } = memoryHost();
    host.demo = {
      ...unavailableDemo(),
      onStarted(seeder) {
        seeders.add(seeder);
        return () => seeders.delete(seeder);
      },
    };
    const app = await createApp(host);
    expect(seeders.size).toBe(1);
    await app.dispose();
    expect(seeders.size).toBe(0);
  });
});
