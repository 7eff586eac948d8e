// The issuing-form session shared by the CT-e, CT-e OS, CT-e Simplificado and DC-e stores: what a
// company switch does to the form and its pending draft, and saves that finish after a reset.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { AUTOSAVE_MS } from '../../renderer/src/composables/form-session';
import { useAppStore } from '../../renderer/src/stores/app';
import { useCteStore } from '../../renderer/src/stores/cte';
import { useDceStore } from '../../renderer/src/stores/dce';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import type { FakeTransport } from './support/fake-transport';
import { settle } from './support/mount';

const A = '45723174000110';
const B = '11222333000181';

type SaveInput = { id?: number; company: string; kind: string; data: unknown };

let transport: FakeTransport;
let releaseSave: (() => void) | null = null;
let holdSaves = false;

beforeEach(async () => {
  setActivePinia(createPinia());
  transport = createFakeTransport({ settings: settingsWith({ selectedCompany: A }) });
  let nextId = 40;
  transport.handlers['drafts:save'] = async (input) => {
    const i = input as SaveInput;
    if (holdSaves) await new Promise<void>((resolve) => (releaseSave = resolve));
    return {
      ok: true,
      data: { ...i, id: i.id ?? ++nextId, title: null, createdAt: '', updatedAt: '' },
    };
  };
  setTransport(transport);
  await useAppStore().start();
});
afterEach(() => {
  vi.useRealTimers();
  holdSaves = false;
  releaseSave = null;
  setTransport(null);
});

const deletes = () =>
  transport.calls.filter((c) => c.channel === 'drafts:delete').map((c) => (c.input as { id: number }).id);
/** An issuing call that answers "autorizado" (only the fields the session reads). */
const authorized =
  <R>() =>
  async () =>
    ({ status: 'autorizado', rejection: null }) as unknown as R;

const saves = () =>
  transport.calls.filter((c) => c.channel === 'drafts:save').map((c) => c.input as SaveInput);

describe('issuing-form session', () => {
  it('a company switch keeps what was typed as a draft of the first company and starts over', async () => {
    const store = useCteStore();
    store.data.remetente.xNome = 'Digitado para A';
    await settle();
    await useAppStore().updateSettings({ selectedCompany: B });
    await settle();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]).toMatchObject({ company: A, kind: 'cte' });
    expect(JSON.stringify(saves()[0]!.data)).toContain('Digitado para A');
    expect(store.data.remetente.xNome).toBe('');
    expect(store.draftId).toBeNull();
    expect(store.company).toBe(B);
  });

  it('a switch with nothing pending saves nothing; the DC-e starts over too', async () => {
    const dce = useDceStore();
    dce.data.observacoes = 'Rascunho da A';
    await settle();
    await dce.saveDraft();
    expect(saves()).toHaveLength(1);
    await useAppStore().updateSettings({ selectedCompany: B });
    await settle();
    expect(saves()).toHaveLength(1);
    expect(dce.data.observacoes).toBe('');
    expect(dce.draftId).toBeNull();
  });

  it('a save still in flight when another draft opens does not take over that draft', async () => {
    const store = useCteStore();
    store.data.remetente.xNome = 'Primeiro';
    holdSaves = true;
    const inFlight = store.saveDraft();
    await settle();
    store.load({ id: 7, data: { remetente: { xNome: 'Outro rascunho' } } });
    releaseSave!();
    await inFlight;
    expect(store.draftId).toBe(7);
    expect(store.data.remetente.xNome).toBe('Outro rascunho');
  });

  it('an authorized document leaves no draft behind, even when its autosave was still waiting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    transport.handlers['drafts:delete'] = async () => ({ ok: true, data: { ok: true } });
    const store = useCteStore();
    store.data.remetente.xNome = 'Emitido antes do autosave';
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1000);
    expect(await store.send(authorized(), undefined, () => true)).toMatchObject({ status: 'autorizado' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 2);
    expect(saves()).toHaveLength(0);
    expect(store.draftId).toBeNull();
  });

  it('a save in flight when the document is authorized deletes the draft it wrote', async () => {
    transport.handlers['drafts:delete'] = async () => ({ ok: true, data: { ok: true } });
    const store = useDceStore();
    store.data.observacoes = 'Salvo durante o envio';
    holdSaves = true;
    const inFlight = store.saveDraft();
    await settle();
    await store.send(authorized(), undefined, () => true);
    releaseSave!();
    await inFlight;
    await settle();
    expect(saves()).toHaveLength(1);
    expect(deletes()).toEqual([41]);
    expect(store.draftId).toBeNull();
  });
});
