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
const keptDir = 'C:\\Users\\Ana\\AppData\\Roaming\\Carreta\\bancos-anteriores';
const status = (over: Record<string, unknown> = {}) => ({
  ok: true as const,
  data: {
    lastBackupAt: null,
    reminderDue: false,
    degraded: false,
    cacheError: null,
    kept: [],
    keptDir,
    held: 0,
    ...over,
  },
});
const answer = (over: Record<string, unknown>) => ({
  ok: true as const,
  data: {
    state: 'needs_confirm',
    token: 'tok-1',
    manifest,
    previousKeptAt: null,
    keptDir,
    settingChanges: [],
    held: 0,
    ...over,
  },
});

async function chooseFile(wrapper: { get(selector: string): { element: Element } }) {
  const input = wrapper.get('[data-testid="backup-file"]').element as HTMLInputElement;
  const file = new File([new Uint8Array([80, 75, 3, 4])], 'copia.zip', { type: 'application/zip' });
  Object.defineProperty(input, 'files', { value: [file] });
  input.dispatchEvent(new Event('change'));
  await settle();
}

describe('Cópia de segurança (Configurações)', { timeout: 20_000 }, () => {
  it('restores only after the explicit confirmation, which says where the current database is kept', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => status({ reminderDue: true });
    transport.handlers['backup:restore'] = (input) =>
      (input as { confirm?: boolean }).confirm
        ? answer({ state: 'restored', token: null, previousKeptAt: `${keptDir}\\carreta-antes.db` })
        : answer({ held: 2 });
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    await waitFor(() => expect(wrapper.find('[data-testid="backup-reminder"]').exists()).toBe(true));
    await chooseFile(wrapper);
    const restores = () => transport.calls.filter((c) => c.channel === 'backup:restore').map((c) => c.input);
    // Without an upload route (Electron's preload, this fake), the bytes go inline.
    expect(restores()).toEqual([{ base64: btoa('PK\u0003\u0004') }]);
    const dialog = await waitFor(() => document.body.querySelector('[data-testid="backup-confirm"]')!);
    expect(dialog.querySelector('[data-testid="backup-confirm-replaces"]')!.textContent).toContain(
      'Será substituído por completo o que está guardado neste computador: documentos emitidos',
    );
    const kept = dialog.querySelector('[data-testid="backup-confirm-irreversible"]')!.textContent!;
    expect(kept).toContain('Nada é apagado');
    expect(kept).toContain(keptDir);
    expect(kept).toContain('Voltar a este banco');
    expect(dialog.querySelector('[data-testid="backup-confirm-held"]')!.textContent).toContain(
      '2 pedidos de emissão estavam em andamento',
    );
    document.body.querySelector<HTMLButtonElement>('[data-testid="backup-confirm-yes"]')!.click();
    await settle();
    expect(restores()[1]).toEqual({ token: 'tok-1', confirm: true, acceptSettingChanges: [] });
    expect(document.body.querySelector('[data-testid="backup-setting-changes"]')).toBeNull();
  });

  it('shows every setting the backup would change; only the ticked ones are accepted', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => status();
    const settingChanges = [
      {
        key: 'environment',
        label: 'Ambiente de emissão',
        current: 'Demonstração',
        backup: 'Produção — documentos com valor fiscal',
      },
      {
        key: 'smtp.bcc',
        label: 'Cópia oculta (Cco/Bcc) de todo e-mail',
        current: '(nenhum)',
        backup: 'copia@estranho.example',
      },
    ];
    transport.handlers['backup:restore'] = (input) =>
      (input as { confirm?: boolean }).confirm
        ? answer({ state: 'restored', token: null, settingChanges: [settingChanges[1]] })
        : answer({ token: 'tok-2', settingChanges });
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    await chooseFile(wrapper);
    const list = await waitFor(() => document.body.querySelector('[data-testid="backup-setting-changes"]')!);
    expect(list.textContent).toContain('Nenhuma muda a não ser que você marque');
    expect(list.textContent).toContain('Na cópia: Produção — documentos com valor fiscal');
    expect(list.textContent).toContain('Na cópia: copia@estranho.example');
    const boxes = [...list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => box.checked)).toEqual([false, false]);
    boxes[1]!.click();
    await settle();
    document.body.querySelector<HTMLButtonElement>('[data-testid="backup-confirm-yes"]')!.click();
    await settle();
    const confirmed = transport.calls.filter((c) => c.channel === 'backup:restore').at(-1)?.input;
    expect(confirmed).toEqual({ token: 'tok-2', confirm: true, acceptSettingChanges: ['smtp.bcc'] });
  });

  it('streams the file through the upload route where there is one, with progress', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => status();
    transport.handlers['backup:restore'] = () => answer({});
    const progress: number[] = [];
    let release!: () => void;
    transport.upload = async (_route, file, onProgress) => {
      onProgress?.(2, file.size);
      progress.push(2);
      await new Promise<void>((resolve) => (release = resolve));
      onProgress?.(file.size, file.size);
      return { ok: true, data: { id: '0b8a4c2e-1d1f-4f7e-9a57-3c0f3f3b1a20', size: file.size } };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    await chooseFile(wrapper);
    const bar = await waitFor(() => wrapper.get('[data-testid="backup-upload-progress"]'));
    expect(bar.text()).toContain('Enviando o arquivo');
    release();
    await settle();
    expect(transport.calls.filter((c) => c.channel === 'backup:restore').map((c) => c.input)).toEqual([
      { upload: '0b8a4c2e-1d1f-4f7e-9a57-3c0f3f3b1a20' },
    ]);
    expect(wrapper.find('[data-testid="backup-upload-progress"]').exists()).toBe(false);
  });

  it('lists the kept databases; going back asks for the same confirmation', async () => {
    const transport = createFakeTransport();
    const name = 'carreta-antes-da-restauracao-2026-11-20_09-15-00.db';
    transport.handlers['backup:status'] = () =>
      status({ kept: [{ name, keptAt: '2026-11-20T12:15:00.000Z', size: 3 * 1024 * 1024 }] });
    transport.handlers['backup:restore'] = () => answer({ token: 'tok-3' });
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    const kept = await waitFor(() => wrapper.get('[data-testid="backup-kept"]'));
    expect(kept.text()).toContain(keptDir);
    expect(kept.text()).toContain('Guardado em 20/11/2026');
    await wrapper.get('[data-testid="backup-kept-restore-0"]').trigger('click');
    await settle();
    expect(transport.calls.filter((c) => c.channel === 'backup:restore').map((c) => c.input)).toEqual([
      { kept: name },
    ]);
    const dialog = await waitFor(() => document.body.querySelector('[data-testid="backup-confirm"]')!);
    expect(dialog.textContent).toContain('Voltar a um banco guardado?');
  });

  it('lists the sends held by a restore; each is resolved by the clerk', async () => {
    const transport = createFakeTransport();
    transport.handlers['backup:status'] = () => status({ held: 1 });
    let held = [
      {
        id: 7,
        referencia: 'carreta-1',
        kind: 'cte',
        company: '11222333000181',
        environment: 'producao',
        serie: 1,
        numero: 120,
        state: 'queued',
        lastError: null,
        createdAt: '2026-11-01T11:00:00.000Z',
        heldAt: '2026-11-02T11:00:00.000Z',
      },
    ];
    transport.handlers['outbox:held'] = () => ({ ok: true, data: { items: held } });
    transport.handlers['outbox:review'] = (input) => {
      const { action } = input as { action: string };
      if (action === 'conferir')
        return {
          ok: true,
          data: { outcome: 'nao_encontrado', status: null, message: 'A Nuvem Fiscal não tem este pedido.' },
        };
      held = [];
      return { ok: true, data: { outcome: 'descartado', status: null, message: 'Pedido descartado.' } };
    };
    const { wrapper } = await mountWith(App, transport, { route: '/configuracoes' });
    await settle();
    const row = await waitFor(() => wrapper.get('[data-testid="review-row-7"]'));
    expect(row.text()).toContain('CT-e série 1 nº 120');
    expect(row.text()).toContain('Produção');
    expect(row.text()).toContain('na fila, não enviado');
    await wrapper.get('[data-testid="review-conferir-7"]').trigger('click');
    await settle();
    expect(wrapper.get('[data-testid="review-note-7"]').text()).toContain('não tem este pedido');
    await wrapper.get('[data-testid="review-descartar-7"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="review-row-7"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="review-last"]').text()).toContain('CT-e nº 120: Pedido descartado.');
    expect(transport.calls.filter((c) => c.channel === 'outbox:review').map((c) => c.input)).toEqual([
      { id: 7, action: 'conferir' },
      { id: 7, action: 'descartar' },
    ]);
  });
});
