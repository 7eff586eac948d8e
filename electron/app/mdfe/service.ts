// The MDF-e of the app: read from the offline cache first (list, detail, open ones), changed
// through the API (issue via the outbox with `referencia`, cancel, close, include a driver) with
// each answer written back to the cache, and printed locally from the cached XML.
import type { Repositories } from '../../cache/repositories';
import type { CachedMdfe, MdfeEventType, MdfeScope } from '../../cache/repositories/mdfe';
import type { Environment } from '../../cache/repositories/types';
import type { EmitterCompany, JsonObject } from '../../fiscal/payload';
import { openMdfeBlocks } from '../../fiscal/mdfe-rules';
import type { DfeEvento } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { MdfeDetail, MdfeIssueInput, MdfeSummary } from '../../shared/schemas/mdfe';
import type { Issuing } from '../issuing';
import type { ApiAccess, IssueOutcome } from '../issuing/sender';
import { syncMdfe } from '../sync/mdfe-sync';
import { rememberTrip } from './remember';
import { mdfeCancelState, toMdfeSummary } from './summary';

export interface MdfeServiceDeps {
  repos: () => Repositories;
  api: ApiAccess;
  issuing: Issuing;
  /** The environment the screens browse (Settings), for cache-only reads. */
  environment: () => Environment;
  /** The emitter as the API registers it (name, IE, address). */
  emitter: (cpfCnpj: string) => Promise<EmitterCompany>;
  /** This workstation's MDF-e série (Settings), else 1. */
  serie?: () => number | undefined;
  now?: () => Date;
}

const OPEN_RULE_TEXT: Record<611 | 686 | 462, string> = {
  611: 'já existe MDF-e não encerrado para esta placa e UF de descarregamento (rejeição 611 da SEFAZ)',
  686: 'a empresa tem MDF-e autorizado há mais de 30 dias sem encerramento (rejeição 686 da SEFAZ)',
  462: 'esta placa tem MDF-e aberto há mais de 5 dias (rejeição 462 da SEFAZ)',
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});

export class MdfeService {
  constructor(private readonly deps: MdfeServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private scope(company: string): MdfeScope {
    return { company, environment: this.deps.environment() };
  }

  private async row(id: number): Promise<CachedMdfe> {
    const row = await this.deps.repos().mdfe.byId(id);
    if (!row)
      throw new AppError(
        'mdfe_not_found',
        'MDF-e não encontrado no banco local. Sincronize e tente de novo.',
      );
    return row;
  }

  async list(company: string, limit: number, offset: number): Promise<MdfeSummary[]> {
    const rows = await this.deps.repos().mdfe.list(this.scope(company), limit, offset);
    return rows.map((r) => toMdfeSummary(r, this.now()));
  }

  async get(id: number): Promise<MdfeDetail> {
    const repo = this.deps.repos().mdfe;
    const row = await this.row(id);
    const events = await repo.events(id);
    const withXml = await Promise.all(events.map(async (e) => (await repo.xml(id, e.id)) !== null));
    return {
      mdfe: toMdfeSummary(row, this.now()),
      events: events.map((e, i) => ({
        id: e.id,
        type: e.type,
        sequence: e.sequence,
        status: e.status,
        protocolo: e.protocolo,
        dataEvento: e.data_evento,
        xmlCached: withXml[i]!,
      })),
      cancel: mdfeCancelState(row, events, this.now()),
    };
  }

  /** Open in the cache, plus those SEFAZ reports open (nao-encerrados) that the cache does not know. */
  async open(company: string) {
    const rows = await this.deps.repos().mdfe.open(this.scope(company));
    const items = rows.map((r) => toMdfeSummary(r, this.now()));
    try {
      const { client } = await this.deps.api();
      const answer = await client.mdfe.naoEncerrados(company);
      const known = new Set(rows.map((r) => r.chave));
      const outros = (answer.infMDFe ?? [])
        .filter((m) => m.chMDFe && !known.has(m.chMDFe))
        .map((m) => ({ chave: m.chMDFe!, protocolo: m.nProt ?? null }));
      return { items, outros, consultadoNaSefaz: true, aviso: null };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return {
        items,
        outros: [],
        consultadoNaSefaz: false,
        aviso: `Lista do banco local: a SEFAZ não pôde ser consultada agora (${detail}).`,
      };
    }
  }

  async refresh(company: string) {
    const { client, target } = await this.deps.api();
    const scope = { company, environment: target.environment };
    return syncMdfe({ repo: this.deps.repos().mdfe, source: client.mdfe, ambiente: target.ambiente }, scope);
  }

  /** The cached open MDF-e a new one of this truck and unloading UF would run into. */
  private async openConflicts(company: string, infMDFe: Json): Promise<string[]> {
    const ide = obj(infMDFe.ide);
    const placa = String(obj(obj(obj(infMDFe.infModal).rodo).veicTracao).placa ?? '');
    const next = { placa, tpEmit: Number(ide.tpEmit ?? 1), ufFim: String(ide.UFFim ?? '') };
    const problems: string[] = [];
    for (const row of await this.deps.repos().mdfe.open(this.scope(company))) {
      if (!row.data_autorizacao || !row.placa) continue;
      const open = {
        placa: row.placa,
        tpEmit: next.tpEmit,
        ufFim: row.uf_fim ?? '',
        percursoCount: row.percurso ? row.percurso.split(',').length : 0,
        authorizedAt: new Date(row.data_autorizacao),
      };
      const code = openMdfeBlocks(open, next, this.now());
      if (code !== null)
        problems.push(
          `MDF-e ${row.serie ?? '-'}/${row.numero ?? '-'} (placa ${row.placa}): ${OPEN_RULE_TEXT[code]}`,
        );
    }
    return problems;
  }

  async issue(input: MdfeIssueInput): Promise<IssueOutcome & { mdfe: MdfeSummary | null }> {
    const conflicts = await this.openConflicts(input.company, input.infMDFe);
    if (conflicts.length > 0 && !input.ignorarAbertos)
      throw new AppError(
        'mdfe_open_conflict',
        `Há MDF-e em aberto que a SEFAZ vai usar para rejeitar este: ${conflicts.join('; ')}. Encerre-o antes de emitir o novo.`,
        { detail: conflicts.join('\n') },
      );
    const company = await this.deps.emitter(input.company);
    const outcome = await this.deps.issuing.sender.issue({
      kind: 'mdfe',
      company,
      serie: input.serie ?? this.deps.serie?.() ?? 1,
      numero: input.numero,
      build: (c) => {
        const ide = obj(input.infMDFe.ide);
        const infMDFe = {
          ...input.infMDFe,
          ide: {
            ...ide,
            tpAmb: c.ambiente === 'producao' ? 1 : 2,
            serie: c.serie,
            nMDF: c.numero,
            dhEmi: c.dhEmi,
          },
        };
        return { ambiente: c.ambiente, referencia: c.referencia, infMDFe } as JsonObject;
      },
    });
    if (outcome.status === 'autorizado')
      await rememberTrip(this.deps.repos().registries, input.company, input.infMDFe).catch(() => undefined);
    const row = outcome.cacheId === null ? undefined : await this.deps.repos().mdfe.byId(outcome.cacheId);
    return {
      ...outcome,
      warnings: [...conflicts, ...outcome.warnings],
      mdfe: row ? toMdfeSummary(row, this.now()) : null,
    };
  }

  /** Stores an event's answer and its XML, then the manifest's new status: one answer, no follow-up screen fetch. */
  private async afterEvent(row: CachedMdfe, type: MdfeEventType, event: DfeEvento) {
    const { client, target } = await this.deps.api();
    const repo = this.deps.repos().mdfe;
    const eventId = await repo.upsertEvent(row.id, type, event);
    if (event.status === 'registrado' && event.id) {
      const file = await client.mdfe.xmlEvento(event.id).catch(() => null);
      if (file) await repo.setEventXml(row.id, eventId, file.data);
    }
    const doc = await client.mdfe.consultar(row.api_id).catch(() => null);
    if (doc) await repo.upsert({ company: row.company, environment: target.environment }, doc);
    return { event, mdfe: toMdfeSummary((await repo.byId(row.id))!, this.now()) };
  }

  private refused(event: DfeEvento, what: string): never {
    throw new AppError(
      'mdfe_event_rejected',
      `A SEFAZ não registrou ${what}: ${event.codigo_status ?? ''} ${event.motivo_status ?? ''}`.trim(),
      { detail: event.motivo_status ?? undefined },
    );
  }

  async cancel(id: number, justificativa: string) {
    const row = await this.row(id);
    const state = mdfeCancelState(row, await this.deps.repos().mdfe.events(id), this.now());
    if (!state.cancellable)
      throw new AppError('mdfe_cancel_refused', state.reason ?? 'Cancelamento recusado.');
    const { client } = await this.deps.api();
    const event = await client.mdfe.cancelar(row.api_id, justificativa);
    const result = await this.afterEvent(row, 'cancelamento', event);
    if (event.status === 'rejeitado') this.refused(event, 'o cancelamento');
    return result;
  }

  async close(id: number, pedido: { uf: string; codigoMunicipio: string; data?: string }) {
    const row = await this.row(id);
    if (row.status !== 'autorizado')
      throw new AppError(
        'mdfe_close_refused',
        `Só é possível encerrar um MDF-e autorizado; este está "${row.status}".`,
      );
    const { client } = await this.deps.api();
    const event = await client.mdfe.encerrar(row.api_id, {
      uf: pedido.uf as 'SP',
      codigo_municipio: pedido.codigoMunicipio,
      data_encerramento: pedido.data ?? null,
    });
    const result = await this.afterEvent(row, 'encerramento', event);
    if (event.status === 'rejeitado') this.refused(event, 'o encerramento');
    return result;
  }

  async includeDriver(id: number, driver: { nome: string; cpf: string }) {
    const row = await this.row(id);
    if (row.status !== 'autorizado')
      throw new AppError(
        'mdfe_driver_refused',
        `Só é possível incluir condutor em MDF-e autorizado e não encerrado; este está "${row.status}".`,
      );
    const { client } = await this.deps.api();
    const event = await client.mdfe.incluirCondutor(row.api_id, {
      nome_condutor: driver.nome,
      cpf_condutor: driver.cpf,
    });
    const result = await this.afterEvent(row, 'inclusao_condutor', event);
    if (event.status === 'rejeitado') this.refused(event, 'a inclusão do condutor');
    await this.deps.repos().registries.saveDriver(row.company, driver, true);
    return result;
  }

  /** The cached XML (the mdfeProc, or an event's procEventoMDFe): offline. */
  async xml(id: number, eventId: number) {
    const row = await this.row(id);
    const bytes = await this.deps.repos().mdfe.xml(id, eventId);
    if (!bytes)
      throw new AppError(
        'file_not_cached',
        'O XML deste MDF-e ainda não foi baixado para o computador. Conecte-se à internet e atualize a lista de MDF-e.',
      );
    const base = row.chave ?? row.api_id;
    const event =
      eventId > 0 ? (await this.deps.repos().mdfe.events(id)).find((e) => e.id === eventId) : undefined;
    return {
      fileName: event ? `${base}-${event.type}-${event.sequence}.xml` : `${base}-mdfe.xml`,
      base64: bytes.toString('base64'),
    };
  }
}
