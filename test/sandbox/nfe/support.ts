// Shared setup of the NF-e inbox tests: a sandbox on a fixed clock with one company that has a
// certificate, a token with the `distribuicao-nfe` scope, and the control API.
import type { makePfx } from '../../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import {
  certificateOnClock,
  certifiedCompany,
  client,
  control,
  getToken,
  startTestSandbox,
} from '../support';

export const CNPJ = '11222333000181';
export const START = Date.parse('2026-11-22T12:00:00Z');

export interface InboxTest {
  sandbox: RunningSandbox;
  api: ReturnType<typeof client>;
  ctl: <T = unknown>(method: string, path: string, body?: unknown) => ReturnType<typeof control<T>>;
  inject(body: Record<string, unknown>): Promise<string[]>;
  renewToken(): Promise<void>;
  close(): Promise<void>;
}

let pfx: ReturnType<typeof makePfx> | null = null;

export async function startInbox(options: { demo?: boolean; cnpjs?: string[] } = {}): Promise<InboxTest> {
  const sandbox = await startTestSandbox({ clockStart: START });
  let api = client(sandbox.url, await getToken(sandbox.url, 'empresa distribuicao-nfe'));
  const ctl = <T = unknown>(method: string, path: string, body?: unknown) =>
    control<T>(sandbox.url, method, path, body);
  await ctl('PUT', '/quotas/dfe-eventos', { limite: 1_000_000 });
  if (options.demo === false) await ctl('PUT', '/nfe/config', { notas_demonstracao: false });
  // One certificate for every inbox sandbox (they share the clock START): RSA keys are slow to make.
  pfx ??= certificateOnClock(sandbox, CNPJ);
  for (const cnpj of options.cnpjs ?? [CNPJ]) await certifiedCompany(sandbox, api, cnpj, undefined, pfx);
  return {
    sandbox,
    get api() {
      return api;
    },
    ctl,
    // Tokens live 30 days on the sandbox clock: moving the clock months ahead needs a new one.
    async renewToken() {
      api = client(sandbox.url, await getToken(sandbox.url, 'empresa distribuicao-nfe'));
    },
    async inject(body) {
      const res = await ctl<{ chaves: string[] }>('POST', '/nfe/inject', {
        cpf_cnpj: CNPJ,
        ambiente: 'homologacao',
        ...body,
      });
      if (res.status !== 201) throw new Error(`inject: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.chaves;
    },
    close: () => sandbox.close(),
  };
}

export const distribute = (t: InboxTest, body: Record<string, unknown>) =>
  t.api.post<Record<string, unknown> & { documentos: Record<string, unknown>[] }>('/distribuicao/nfe', {
    cpf_cnpj: CNPJ,
    ambiente: 'homologacao',
    ...body,
  });

/** Pages dist-nsu from NSU 0 to the end, so every document of the stream counts as delivered. */
export async function deliverAll(t: InboxTest): Promise<number> {
  let nsu = 0;
  for (let page = 0; page < 100; page++) {
    const res = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: nsu, ignorar_tempo_espera: true });
    const ultimo = res.body.ultimo_nsu as number;
    const max = res.body.max_nsu as number;
    if (res.body.codigo_status !== 138 || ultimo >= max) return ultimo;
    nsu = ultimo;
  }
  throw new Error('deliverAll: the stream did not end');
}

export const manifest = (t: InboxTest, body: Record<string, unknown>) =>
  t.api.post<Record<string, unknown>>('/distribuicao/nfe/manifestacoes', {
    cpf_cnpj: CNPJ,
    ambiente: 'homologacao',
    ...body,
  });

export async function advance(t: InboxTest, seconds: number) {
  await t.ctl('POST', '/clock', { advance_seconds: seconds });
  await t.renewToken();
}
