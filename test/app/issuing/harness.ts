// A real sandbox over HTTP, a cache on disk and the issuing services wired as the app wires them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { AxiosInstance } from 'axios';
import axios from 'axios';

import type { Database } from '../../../electron/cache';
import { openCache } from '../../../electron/cache';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import type { ApiTarget } from '../../../electron/app/api-connection';
import { cteCommands } from '../../../electron/app/commands/cte';
import type { AppContext } from '../../../electron/app/context';
import { createIssuing } from '../../../electron/app/issuing';
import type { Issuing } from '../../../electron/app/issuing';
import { createNuvemFiscalClient } from '../../../electron/nuvemfiscal';
import type { Dfe, NuvemFiscalClient } from '../../../electron/nuvemfiscal';
import { makePfx } from '../../../electron/sandbox/certificates/make-pfx';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { startSandbox } from '../../../electron/sandbox/server';
import type { CommandChannel, CommandOutput } from '../../../electron/shared/contract';
import { commands } from '../../../electron/shared/contract';
import { company } from '../../fiscal/payload/forms';
import { memoryHost } from '../../support/memory-host';

export const CLIENT_ID = 'issuing-test';
export const CLIENT_SECRET = 'issuing-secret';

export function apiClient(url: string, axiosInstance?: AxiosInstance): NuvemFiscalClient {
  const tokens = new Map<string, string>();
  return createNuvemFiscalClient({
    axiosInstance,
    apiUrl: url,
    tokenUrl: `${url}/oauth/token`,
    clientId: CLIENT_ID,
    clientSecret: async () => CLIENT_SECRET,
    scopes: 'empresa cte dce mdfe conta',
    tokenStore: {
      get: async (k) => tokens.get(k) ?? null,
      set: async (k, v) => void tokens.set(k, v),
      delete: async (k) => void tokens.delete(k),
    },
    timeoutMs: 10_000,
    retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
  });
}

export function target(url: string): ApiTarget {
  return {
    environment: 'sandbox',
    apiUrl: url,
    tokenUrl: `${url}/oauth/token`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ambiente: 'homologacao',
  };
}

export async function startIssuingSandbox(dataDir?: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    dataDir,
    tokenRequestsPerMinute: 1000,
    quotas: { 'dfe-eventos': 100_000 },
  });
  const client = apiClient(sandbox.url);
  const exists = await client.empresas.consultar(company.cpf_cnpj).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await client.empresas.criar({
      cpf_cnpj: company.cpf_cnpj,
      nome_razao_social: company.nome_razao_social,
      inscricao_estadual: company.inscricao_estadual ?? undefined,
      email: 'fiscal@rodoviaazul.example',
      endereco: { ...company.endereco, cep: company.endereco.cep ?? '80000000' },
    } as never);
    const pfx = makePfx({ cpfCnpj: company.cpf_cnpj, razaoSocial: company.nome_razao_social, password: 'x' });
    await client.http.json({
      method: 'PUT',
      path: `/empresas/${company.cpf_cnpj}/certificado`,
      body: { certificado: pfx.pfxBase64, password: 'x' },
    });
  }
  return sandbox;
}

export async function controlFault(url: string, fault: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${url}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-secret': CLIENT_SECRET },
    body: JSON.stringify(fault),
  });
  if (res.status >= 300) throw new Error(`fault ${res.status}: ${await res.text()}`);
}

export interface Rig {
  db: Database;
  repos: Repositories;
  client: NuvemFiscalClient;
  issuing: Issuing;
  dir: string;
  close(): Promise<void>;
}

export async function openRig(
  url: string,
  dir?: string,
  fast = true,
  client: NuvemFiscalClient = apiClient(url),
): Promise<Rig> {
  const folder = dir ?? mkdtempSync(path.join(tmpdir(), 'carreta-issuing-'));
  const db = await openCache(path.join(folder, 'cache.sqlite'));
  const repos = createRepositories(db);
  const issuing = createIssuing({
    repos: () => repos,
    api: async () => ({ client, target: target(url) }),
    sleep: fast ? (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) : undefined,
  });
  return {
    db,
    repos,
    client,
    issuing,
    dir: folder,
    async close() {
      await db.close();
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type CommandCall = <C extends CommandChannel>(channel: C, input: unknown) => Promise<CommandOutput<C>>;

/**
 * The CT-e commands as the app runs them (inputs and answers through the contract) over a real
 * sandbox, counting every HTTP request the app's API client makes (token requests included).
 */
export async function countedCommands(
  url: string,
  now: () => Date = () => new Date(),
): Promise<{
  rig: Rig;
  call: CommandCall;
  requests(): number;
}> {
  const instance = axios.create();
  let requests = 0;
  instance.interceptors.request.use((config) => {
    requests += 1;
    return config;
  });
  const client = apiClient(url, instance);
  const rig = await openRig(url, undefined, true, client);
  const { host } = memoryHost({ settings: { environment: 'sandbox' } });
  const ctx = {
    host,
    cache: { require: () => rig.repos, repos: null },
    api: { client: async () => ({ client, target: target(url) }) },
  } as unknown as AppContext;
  const table = cteCommands(ctx, rig.issuing, now) as unknown as Record<string, (input: unknown) => unknown>;
  const call: CommandCall = async (channel, input) => {
    const def = commands[channel];
    return def.output.parse(await table[channel]!(def.input.parse(input))) as never;
  };
  return { rig, call, requests: () => requests };
}

/** Every CT-e of a série at the sandbox. */
export async function listSerie(url: string, serie: number): Promise<Dfe[]> {
  const client = apiClient(url);
  const all: Dfe[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await client.cte.listar(
      { cpf_cnpj: company.cpf_cnpj, ambiente: 'homologacao', serie },
      { top: 100, skip },
    );
    all.push(...page.data);
    if (page.data.length < 100) return all;
  }
}

/** Extra documents per referencia and extra authorized documents per número (0 = no duplicate). */
export function duplicatesIn(docs: Dfe[]): number {
  const byRef = new Map<string, number>();
  const byNumero = new Map<number, number>();
  for (const d of docs) {
    if (d.referencia) byRef.set(d.referencia, (byRef.get(d.referencia) ?? 0) + 1);
    if (d.status === 'autorizado') byNumero.set(d.numero ?? 0, (byNumero.get(d.numero ?? 0) ?? 0) + 1);
  }
  return [...byRef.values(), ...byNumero.values()].reduce((n, c) => n + (c - 1), 0);
}
