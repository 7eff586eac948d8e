import { afterEach, describe, expect, it } from 'vitest';

import App from '../../renderer/src/App.vue';
import { setTransport } from '../../renderer/src/bridge';
import { createFakeTransport } from './support/fake-transport';
import { mountWith, settle, waitFor } from './support/mount';

afterEach(() => {
  setTransport(null);
  document.body.innerHTML = '';
});

const manifest = {
  format: 'carreta-backup',
  formatVersion: 1,
  appVersion: '0.1.0',
  schemaVersion: 5,
  createdAt: '2026-11-01T12:00:00Z',
  databaseSha256: 'ab',
  databaseSize: 10,
};

describe('Cópia de segurança (Configurações)', { timeout: 20_000 }, () => {
  it('restores only after the explicit confirmation, with the validated token', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => ({
      ok: true,
      data: { lastBackupAt: null, reminderDue: true, degraded: false, cacheError: null },
    });
    transport.handlers['backup:restore'] = (input) => {
      const { confirm } = input as { confirm?: boolean };
      return confirm
        ? {
            ok: true,
            data: { state: 'restored', token: null, manifest, previousKeptAt: 'C:\\dados\\anterior' },
          }
        : { ok: true, data: { state: 'needs_confirm', token: 'tok-1', manifest, previousKeptAt: null } };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    await waitFor(() => expect(wrapper.find('[data-testid="backup-reminder"]').exists()).toBe(true));
    const input = wrapper.get('[data-testid="backup-file"]').element as HTMLInputElement;
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'copia.zip', { type: 'application/zip' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await settle();
    const restores = () => transport.calls.filter((c) => c.channel === 'backup:restore').map((c) => c.input);
    expect(restores()).toEqual([{ base64: btoa('PK\u0003\u0004') }]);
    const dialog = await waitFor(() => document.body.querySelector('[data-testid="backup-confirm"]')!);
    expect(dialog.textContent).toContain('serão substituídos');
    document.body.querySelector<HTMLButtonElement>('[data-testid="backup-confirm-yes"]')!.click();
    await settle();
    expect(restores()[1]).toEqual({ token: 'tok-1', confirm: true });
  });
});
