// The API client secret is stored with the origins it was typed for and resolves as usable only
// while the settings point there; one saved by an earlier version counts as typed for the official
// Nuvem Fiscal hosts (where it was issued), and nowhere else.
import { describe, expect, it } from 'vitest';

import { CredentialsService } from '../../electron/app/credentials';
import { defaultSettings } from '../../electron/shared/schemas/settings';
import { MemorySecrets, MemorySettings } from '../support/memory-host';

const other = { api: 'https://api.outro.example', auth: 'https://auth.outro.example/oauth/token' };

describe('credentials bound to their hosts', () => {
  it('binds on save to the token and API origins of the saved settings', async () => {
    const settings = new MemorySettings({ environment: 'producao' });
    const secrets = new MemorySecrets();
    const service = new CredentialsService(secrets, settings);
    await service.save({ environment: 'producao', clientId: 'c', clientSecret: 's' });
    expect(JSON.parse((await secrets.get('credentials:producao'))!)).toEqual({
      clientId: 'c',
      clientSecret: 's',
      boundTo: { auth: 'https://auth.nuvemfiscal.com.br', api: 'https://api.nuvemfiscal.com.br' },
    });
    // Same origins, another path: still the same servers.
    settings.update({
      hosts: {
        ...defaultSettings.hosts,
        producao: { ...defaultSettings.hosts.producao, api: 'https://api.nuvemfiscal.com.br/v2' },
      },
    });
    expect((await service.resolve('producao'))?.secretMatchesHosts).toBe(true);
    settings.update({ hosts: { ...defaultSettings.hosts, producao: other } });
    expect((await service.resolve('producao'))?.secretMatchesHosts).toBe(false);
    expect((await service.status('producao')).secretConfigured).toBe(false);
    // Typing it again binds it to the new hosts.
    await service.save({ environment: 'producao', clientId: 'c', clientSecret: 's' });
    expect((await service.status('producao')).secretConfigured).toBe(true);
  });

  it('a secret saved by an earlier version goes only to the official hosts', async () => {
    const settings = new MemorySettings({ environment: 'sandbox' });
    const secrets = new MemorySecrets();
    await secrets.set('credentials:sandbox', JSON.stringify({ clientId: 'c', clientSecret: 's' }));
    const service = new CredentialsService(secrets, settings);
    expect((await service.resolve('sandbox'))?.secretMatchesHosts).toBe(true);
    settings.update({ hosts: { ...defaultSettings.hosts, sandbox: other } });
    expect((await service.resolve('sandbox'))?.secretMatchesHosts).toBe(false);
  });
});
