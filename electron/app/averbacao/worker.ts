// Sends the queue: per company, model and série in number order (CNSP 361/2018 art. 21: strict
// sequence), the CT-e before the MDF-e, a cancellation only after its averbação. A failure the
// averbadora says to retry (fiscal/averbacao.ts) holds the later numbers of its série and comes back
// after a back-off; a refusal is shown and does not hold the others (it is a gap the Painel names).
// Every answer lands once on its row: a resend's "already registered" keeps the first protocol.
import type { QueueRow, QueueSettlement, Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { InsurerClient, InsurerDocFamily, InsurerEndpoint } from '../../insurers';
import { InsurerFailure, rootName } from '../../insurers';
import type { AverbacaoOperacao } from '../../shared/schemas/averbacao';
import { brasiliaClock, refusalDetail, refusalMessage } from './messages';
import type { ResolvedInsurer } from './settings';
import type { XmlSource } from './xml-source';
import { XmlUnavailable } from './xml-source';

/** Minutes, not seconds, between automatic attempts ("após alguns minutos", ATM-REST11 §10). */
export const DEFAULT_BACKOFF_MS: readonly number[] = [30_000, 60_000, 120_000, 300_000, 600_000, 900_000];
/** A login the averbadora refused is not tried again soon: the clerk has to act. */
export const LOGIN_RETRY_MS = 30 * 60_000;

const MODEL_ORDER: Record<string, number> = { '57': 0, '67': 1, '55': 2, '58': 3 };
const OPERATION_ORDER: Record<AverbacaoOperacao, number> = { averbar: 0, cancelar: 1, encerrar: 2 };

/** The open rows in sending order, one list per company, model and série. */
export function sendingGroups(rows: readonly QueueRow[]): QueueRow[][] {
  const groups = new Map<string, QueueRow[]>();
  for (const row of rows) {
    const key = `${row.company}|${row.modelo}|${row.serie}`;
    const group = groups.get(key) ?? [];
    group.push(row);
    groups.set(key, group);
  }
  const order = (row: QueueRow) => MODEL_ORDER[row.modelo] ?? 9;
  return [...groups.values()]
    .map((g) =>
      g.sort(
        (a, b) =>
          a.numero - b.numero || OPERATION_ORDER[a.operacao] - OPERATION_ORDER[b.operacao] || a.id - b.id,
      ),
    )
    .sort(
      (a, b) =>
        a[0]!.company.localeCompare(b[0]!.company) ||
        order(a[0]!) - order(b[0]!) ||
        a[0]!.serie - b[0]!.serie,
    );
}

const familyOf = (row: QueueRow): InsurerDocFamily =>
  row.tipo === 'mdfe' ? 'mdfe' : row.tipo === 'nfe' ? 'nfe' : 'cte';

export interface WorkerDeps {
  repos: () => Repositories | null;
  environment: () => Environment;
  resolve: (environment: Environment, company: string) => Promise<ResolvedInsurer | null>;
  client: (endpoint: InsurerEndpoint) => InsurerClient;
  xml: XmlSource;
  now: () => Date;
  backoffMs: readonly number[];
  changed: (company: string) => void;
}

type Outcome = 'done' | 'hold' | 'stop';

export class AverbacaoWorker {
  constructor(private readonly deps: WorkerDeps) {}

  private delay(tentativas: number): number {
    const list = this.deps.backoffMs;
    return list[Math.min(Math.max(tentativas - 1, 0), list.length - 1)] ?? 60_000;
  }

  /** One pass over the open rows of the current environment; returns how many were settled. */
  async run(): Promise<number> {
    const repos = this.deps.repos();
    if (!repos) return 0;
    const environment = this.deps.environment();
    const rows = await repos.averbacao.open(environment);
    const resolved = new Map<string, ResolvedInsurer | null>();
    const stopped = new Set<string>();
    let settled = 0;
    for (const group of sendingGroups(rows)) {
      const company = group[0]!.company;
      if (stopped.has(company)) continue;
      if (!resolved.has(company)) resolved.set(company, await this.deps.resolve(environment, company));
      const insurer = resolved.get(company) ?? null;
      if (!insurer) continue;
      for (const row of group) {
        const now = this.deps.now();
        if (
          row.estado === 'falha' &&
          row.proxima_tentativa &&
          Date.parse(row.proxima_tentativa) > now.getTime()
        ) {
          // A retryable failure holds the later numbers of its série until it goes through.
          if (row.operacao === 'averbar') break;
          continue;
        }
        if (row.operacao !== 'averbar') {
          const original = await repos.averbacao.original(environment, company, row.chave);
          if (original?.estado === 'recusado' || original?.estado === 'dispensado' || !original) {
            await repos.averbacao.settle(
              row.id,
              {
                estado: 'dispensado',
                erro: null,
                attempt: { resultado: 'revisar', mensagem: 'o documento não foi averbado: nada a cancelar' },
              },
              now,
            );
            settled += 1;
            this.deps.changed(company);
            continue;
          }
          if (original.estado !== 'averbado') continue;
        }
        const outcome = await this.send(repos, row, insurer);
        settled += 1;
        this.deps.changed(company);
        if (outcome === 'stop') {
          stopped.add(company);
          break;
        }
        if (outcome === 'hold' && row.operacao === 'averbar') break;
      }
    }
    return settled;
  }

  private async fail(
    repos: Repositories,
    row: QueueRow,
    failure: { codigo: string | null; mensagem: string; detalhe: string | null },
    waitMs: number,
  ): Promise<void> {
    const now = this.deps.now();
    const next = new Date(now.getTime() + waitMs).toISOString();
    await repos.averbacao.settle(
      row.id,
      {
        estado: 'falha',
        proximaTentativa: next,
        erro: { ...failure, mensagem: `${failure.mensagem} Nova tentativa às ${brasiliaClock(next)}.` },
        attempt: {
          resultado: 'falha',
          codigo: failure.codigo,
          mensagem: failure.detalhe ?? failure.mensagem,
        },
      },
      now,
    );
  }

  private async refuse(
    repos: Repositories,
    row: QueueRow,
    erro: { codigo: string | null; mensagem: string; detalhe: string | null },
    resposta: string | null,
  ): Promise<void> {
    await repos.averbacao.settle(
      row.id,
      {
        estado: 'recusado',
        proximaTentativa: null,
        erro,
        resposta,
        attempt: { resultado: 'recusado', codigo: erro.codigo, mensagem: erro.detalhe ?? erro.mensagem },
      },
      this.deps.now(),
    );
  }

  private async send(repos: Repositories, row: QueueRow, insurer: ResolvedInsurer): Promise<Outcome> {
    if (!insurer.endpoint) {
      await this.fail(
        repos,
        row,
        { codigo: null, mensagem: insurer.problema, detalhe: null },
        LOGIN_RETRY_MS,
      );
      return 'stop';
    }
    let xml: string;
    try {
      xml = await this.deps.xml.xml(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof XmlUnavailable && !error.transient) {
        await this.refuse(repos, row, { codigo: null, mensagem: message, detalhe: null }, null);
        return 'done';
      }
      await this.fail(
        repos,
        row,
        { codigo: null, mensagem: message, detalhe: null },
        this.delay(row.tentativas + 1),
      );
      return 'hold';
    }
    if (row.tipo === 'cte' && row.operacao === 'averbar' && rootName(xml) === 'cteSimpProc') {
      await repos.averbacao.setTipo(row.id, 'cte-simp');
      if (!insurer.settings.cobertura.cteSimp) {
        await repos.averbacao.settle(
          row.id,
          {
            estado: 'dispensado',
            erro: {
              codigo: null,
              mensagem:
                'CT-e Simplificado fora da cobertura configurada para a apólice (Empresas › Averbação).',
              detalhe: null,
            },
            attempt: { resultado: 'revisar', mensagem: 'fora da cobertura' },
          },
          this.deps.now(),
        );
        return 'done';
      }
    }
    await repos.averbacao.markSending(row.id, this.deps.now());
    const tentativas = row.tentativas + 1;
    try {
      const answer = await this.deps
        .client(insurer.endpoint)
        .send({ family: familyOf(row), chave: row.chave, xml });
      if (answer.outcome === 'registrado') {
        const first = answer.dadosSeguro[0];
        const settlement: QueueSettlement = {
          estado: 'averbado',
          // Stored once: a resend's answer never replaces a protocol already kept.
          ...(row.protocolo ? {} : { protocolo: answer.protocolo }),
          ...(row.averbado_em ? {} : { averbadoEm: answer.registradoEm ?? this.deps.now().toISOString() }),
          ...(answer.numeros.length || row.numeros_json === '[]' ? { numeros: answer.numeros } : {}),
          ...(first
            ? {
                seguradora: { nome: first.nomeSeguradora, cnpj: first.cnpjSeguradora },
                apolice: first.numApolice,
              }
            : {}),
          jaRegistrado: answer.jaRegistrado,
          teste: answer.teste,
          proximaTentativa: null,
          erro: null,
          resposta: answer.raw,
          attempt: {
            resultado: answer.jaRegistrado ? 'ja_registrado' : 'averbado',
            codigo: answer.infos[0]?.codigo ?? null,
            mensagem: answer.protocolo,
          },
        };
        await repos.averbacao.settle(row.id, settlement, this.deps.now());
        return 'done';
      }
      const erro = {
        codigo: answer.erros[0]?.codigo || null,
        mensagem: refusalMessage(answer.erros, row.operacao),
        detalhe: refusalDetail(answer.erros),
      };
      if (answer.retryable) {
        await this.fail(
          repos,
          row,
          { ...erro, mensagem: 'A averbadora pediu para enviar de novo mais tarde.' },
          this.delay(tentativas),
        );
        return 'hold';
      }
      await this.refuse(repos, row, erro, answer.raw);
      return 'done';
    } catch (error) {
      if (!(error instanceof InsurerFailure)) throw error;
      const failure = { codigo: error.codigo, mensagem: error.message, detalhe: error.detail };
      if (error.retryable) {
        await this.fail(repos, row, failure, this.delay(tentativas));
        return 'hold';
      }
      if (error.kind === 'credenciais') {
        await this.fail(repos, row, failure, LOGIN_RETRY_MS);
        return 'stop';
      }
      await this.refuse(repos, row, failure, null);
      return 'done';
    }
  }
}
