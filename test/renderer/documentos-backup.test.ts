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
            data: {
              state: 'restored',
              token: null,
              manifest,
              previousKeptAt: 'C:\\dados\\anterior',
              serverChanges: [],
            },
          }
        : {
            ok: true,
            data: {
              state: 'needs_confirm',
              token: 'tok-1',
              manifest,
              previousKeptAt: null,
              serverChanges: [],
            },
          };
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
    // Plain words: what is replaced and that it cannot be undone.
    expect(dialog.querySelector('[data-testid="backup-confirm-replaces"]')!.textContent).toContain(
      'Será substituído por completo o que está guardado neste computador: documentos emitidos',
    );
    expect(dialog.querySelector('[data-testid="backup-confirm-irreversible"]')!.textContent).toContain(
      'A restauração não pode ser desfeita pelo Carreta.',
    );
    document.body.querySelector<HTMLButtonElement>('[data-testid="backup-confirm-yes"]')!.click();
    await settle();
    expect(restores()[1]).toEqual({ token: 'tok-1', confirm: true, acceptServerChanges: [] });
    expect(document.body.querySelector('[data-testid="backup-server-changes"]')).toBeNull();
  });

  it('shows the servers the backup would change; only the ticked ones are accepted', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => ({
      ok: true,
      data: { lastBackupAt: null, reminderDue: false, degraded: false, cacheError: null },
    });
    const serverChanges = [
      {
        key: 'hosts.sandbox',
        label: 'Endereços da API do sandbox (homologação)',
        current:
          'https://api.sandbox.nuvemfiscal.com.br (token: https://auth.nuvemfiscal.com.br/oauth/token)',
        backup: 'https://api.estranho.example (token: https://auth.estranho.example/oauth/token)',
      },
      {
        key: 'smtp',
        label: 'Servidor de e-mail (SMTP)',
        current: 'fiscal@carreta.example em smtp.carreta.example:587 (STARTTLS)',
        backup: 'fiscal@carreta.example em smtp.estranho.example:25 (Nenhuma)',
      },
    ];
    transport.handlers['backup:restore'] = (input) => {
      const { confirm } = input as { confirm?: boolean };
      return {
        ok: true,
        data: confirm
          ? {
              state: 'restored',
              token: null,
              manifest,
              previousKeptAt: null,
              serverChanges: [serverChanges[1]],
            }
          : { state: 'needs_confirm', token: 'tok-2', manifest, previousKeptAt: null, serverChanges },
      };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    const input = wrapper.get('[data-testid="backup-file"]').element as HTMLInputElement;
    const file = new File([new Uint8Array([80, 75, 3, 4])], 'copia.zip', { type: 'application/zip' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await settle();
    const list = await waitFor(() => document.body.querySelector('[data-testid="backup-server-changes"]')!);
    expect(list.textContent).toContain('Este computador mantém os atuais');
    expect(list.textContent).toContain('https://api.estranho.example');
    expect(list.textContent).toContain('smtp.estranho.example:25 (Nenhuma)');
    const boxes = [...list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => box.checked)).toEqual([false, false]);
    boxes[1]!.click();
    await settle();
    document.body.querySelector<HTMLButtonElement>('[data-testid="backup-confirm-yes"]')!.click();
    await settle();
    const confirmed = transport.calls.filter((c) => c.channel === 'backup:restore').at(-1)?.input;
    expect(confirmed).toEqual({ token: 'tok-2', confirm: true, acceptServerChanges: ['smtp'] });
  });
});
