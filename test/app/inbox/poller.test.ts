// The inbox poller on fake timers, against a recording fake of the API (no network): every company
// of the environment with the inbox enabled gets its own hourly run; a company where the service
// distributes by itself only has its distributed documents read; one without distnfe config is left
// alone; a run in progress is never doubled and a slow company holds up no other.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '../../../electron/cache';
import { MEMORY, openCache } from '../../../electron/cache';
import type { InboxTarget } from '../../../electron/app/inbox/service';
import { InboxService } from '../../../electron/app/inbox/service';
import { POLLER_TICK_MS } from '../../../electron/app/inbox/poller';
import { InboxStore } from '../../../electron/app/inbox/store';
import { silentLogger } from '../../../electron/app/logger';
import { ApiError } from '../../../electron/nuvemfiscal';
import type { Distribuicao } from '../../../electron/nuvemfiscal/schemas';

const MANUAL = '11222333000181';
const AUTOMATIC = '45723174000110';
const NO_INBOX = '19131243000197';
const AUTOMATIC_IN_PRODUCAO = '04252011000110';
const FIRST_DELAY = 60_000;
const MINUTE = 60_000;

type Call = { company: string; what: 'dist-nsu' | 'documentos' };

interface FakeApi {
  calls: Call[];
  online: boolean;
  /** dist-nsu answers that the test releases by hand (a slow authority). */
  held: Map<string, () => void>;
  hold: Set<string>;
  target: InboxTarget;
}

const configs: Record<string, Record<string, unknown> | null> = {
  [MANUAL]: { ambiente: 'homologacao', distribuicao_automatica: false },
  [AUTOMATIC]: { ambiente: 'homologacao', distribuicao_automatica: true },
  [NO_INBOX]: null,
  // The service distributes by itself in the other ambiente only: here the app polls.
  [AUTOMATIC_IN_PRODUCAO]: { ambiente: 'producao', distribuicao_automatica: true },
};

function offline(): ApiError {
  return new ApiError({ kind: 'offline', message: 'Sem conexão.' });
}

function fakeApi(): FakeApi {
  const api: FakeApi = { calls: [], online: true, held: new Map(), hold: new Set(), target: null! };
  const empty = (company: string): Distribuicao => ({
    id: `dnf_${company}_${api.calls.length}`,
    status: 'concluido',
    ambiente: 'homologacao',
    tipo_consulta: 'dist-nsu',
    codigo_status: 137,
    motivo_status: 'Nenhum documento localizado',
    data_hora_resposta: new Date().toISOString(),
    ultimo_nsu: 0,
    max_nsu: 0,
    documentos: [],
  });
  const client = {
    empresas: {
      async listar() {
        if (!api.online) throw offline();
        return { data: Object.keys(configs).map((cpf_cnpj) => ({ cpf_cnpj })) };
      },
      async config(company: string) {
        if (!api.online) throw offline();
        const config = configs[company];
        if (!config) throw new ApiError({ kind: 'http', status: 404, message: 'Não encontrada.' });
        return config;
      },
    },
    distribuicao: {
      async distribuir(company: string) {
        if (!api.online) throw offline();
        api.calls.push({ company, what: 'dist-nsu' });
        if (api.hold.has(company)) await new Promise<void>((resolve) => api.held.set(company, resolve));
        return empty(company);
      },
      async documentos(filter: { cpf_cnpj: string }) {
        if (!api.online) throw offline();
        api.calls.push({ company: filter.cpf_cnpj, what: 'documentos' });
        return { data: [] };
      },
    },
  };
  api.target = {
    client: client as unknown as InboxTarget['client'],
    environment: 'sandbox',
    ambiente: 'homologacao',
  };
  return api;
}

let db: Database;
let api: FakeApi;
let service: InboxService;

beforeEach(async () => {
  // Only the timers and the date are fake: the SQLite driver keeps its own I/O callbacks.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'Date'],
    now: Date.parse('2026-11-22T12:00:00Z'),
  });
  db = await openCache(MEMORY);
  const store = new InboxStore(db);
  api = fakeApi();
  service = new InboxService({
    store: () => store,
    target: async () => api.target,
    changed: () => undefined,
    logger: silentLogger,
  });
});

afterEach(async () => {
  service.stop();
  for (const release of api.held.values()) release();
  await service.idle();
  vi.useRealTimers();
  await db.close();
});

const count = (company: string, what: Call['what']) =>
  api.calls.filter((c) => c.company === company && c.what === what).length;

/** Moves the fake clock and lets the check it started finish. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await service.idle();
}

describe('o agendador da caixa de entrada', () => {
  it('polls every enabled company of the environment on its own hour, one poller per company', async () => {
    service.start(POLLER_TICK_MS, FIRST_DELAY);
    await advance(FIRST_DELAY - 1);
    expect(api.calls).toEqual([]);
    await advance(1);
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
    expect(count(AUTOMATIC_IN_PRODUCAO, 'dist-nsu')).toBe(1);
    // The service queries the authority itself: the app only reads what it distributed.
    expect(count(AUTOMATIC, 'dist-nsu')).toBe(0);
    expect(count(AUTOMATIC, 'documentos')).toBe(1);
    expect(api.calls.filter((c) => c.company === NO_INBOX)).toEqual([]);

    // The empty answers (137) start the one-hour wait: the 5-minute checks send nothing more.
    await advance(55 * MINUTE);
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
    expect(count(AUTOMATIC, 'documentos')).toBe(1);
    await advance(5 * MINUTE);
    expect(count(MANUAL, 'dist-nsu')).toBe(2);
    expect(count(AUTOMATIC_IN_PRODUCAO, 'dist-nsu')).toBe(2);
    expect(count(AUTOMATIC, 'documentos')).toBe(2);
    expect(count(AUTOMATIC, 'dist-nsu')).toBe(0);
    expect(api.calls.filter((c) => c.company === NO_INBOX)).toEqual([]);
  });

  it('never doubles a run in progress, and a slow company holds up no other', async () => {
    api.hold.add(MANUAL);
    const manual = service.distribute(MANUAL);
    await vi.waitFor(() => expect(api.held.has(MANUAL)).toBe(true));
    service.start(POLLER_TICK_MS, FIRST_DELAY);
    await vi.advanceTimersByTimeAsync(FIRST_DELAY);
    await vi.waitFor(() => expect(count(AUTOMATIC_IN_PRODUCAO, 'dist-nsu')).toBe(1));
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
    api.held.get(MANUAL)!();
    await manual;
    await advance(POLLER_TICK_MS);
    // The user's run counted as the company's hour: the poller did not send a second request.
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
  });

  it('offline, a check does nothing; the next one tries again; stop ends the checks', async () => {
    api.online = false;
    service.start(POLLER_TICK_MS, FIRST_DELAY);
    await advance(FIRST_DELAY);
    expect(api.calls).toEqual([]);
    api.online = true;
    await advance(POLLER_TICK_MS);
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
    service.stop();
    await advance(3 * 60 * MINUTE);
    expect(count(MANUAL, 'dist-nsu')).toBe(1);
  });
});
