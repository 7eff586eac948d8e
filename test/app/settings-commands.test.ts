import { describe, expect, it } from 'vitest';

import { createApp } from '../../electron/app/index';
import { memoryHost } from '../support/memory-host';

describe('settings:update', () => {
  it('clears the selected company when the environment changes', async () => {
    const { host } = memoryHost({ settings: { environment: 'sandbox', selectedCompany: '11222333000181' } });
    const app = await createApp(host);
    try {
      const same = await app.dispatch('settings:update', { scopes: 'conta cte' });
      expect(same).toMatchObject({ ok: true, data: { selectedCompany: '11222333000181' } });
      const switched = await app.dispatch('settings:update', { environment: 'producao' });
      expect(switched).toMatchObject({ ok: true, data: { environment: 'producao', selectedCompany: null } });
      const explicit = await app.dispatch('settings:update', {
        environment: 'sandbox',
        selectedCompany: '11222333000181',
      });
      expect(explicit).toMatchObject({ ok: true, data: { selectedCompany: '11222333000181' } });
    } finally {
      await app.dispose();
    }
  });
});
