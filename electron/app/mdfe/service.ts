// The MDF-e of the app: read from the offline cache first (list, detail, open ones), changed
// through the API (issue via the outbox with `referencia`, cancel, close, include a driver) with
// each answer written back to the cache, and printed locally from the cached XML.
import type { Repositories } from '../../cache/repositories';
import type { CachedMdfe, MdfeEventType, MdfeScope } from '../../cache/repositories/mdfe';
import type { Environment } from '../../cache/repositories/types';
import type { EmitterCompany, MdfeFormFacts, MdfeManifest } from '../../fiscal/payload';
import type { MdfePedidoEmissaoInput, UnnumberedInfMDFe } from '../../fiscal/requests/mdfe';
import type { UfSigla } from '../../fiscal/uf';
import { buildMdfePayloads } from '../../fiscal/payload';
import { assertMdfeAnttRules, MdfeRuleError } from '../../fiscal/mdfe-antt';
import { openMdfeBlocks } from '../../fiscal/mdfe-rules';
import type { DfeEvento } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';
import type { MdfeDetail, MdfeIncludeDfeInput, MdfeIssueInput, MdfeSummary } from '../../shared/schemas/mdfe';
import { closingDateProblem } from '../../shared/schemas/mdfe';
import type { Issuing } from '../issuing';
import type { ApiAccess, IssueOutcome } from '../issuing/sender';
import { mdfeFieldsOfXml, syncMdfe } from '../sync/mdfe-sync';
import { mdfeDetail } from './detail';
import type { Recebedor } from './remember';
import { rememberPayees, rememberTrip } from './remember';
import { mdfeCancelState, toMdfeSummary } from './summary';
import type { ApiRecord } from '../../cache/repositories/types';

export interface MdfeServiceDeps {
  repos: () => Repositories;
  api: ApiAccess;
  issuing: Issuing;
  /** The environment the screens browse (Settings), for cache-only reads. */
  environment: () => Environment;
  /** The emitter as the API registers it (name, IE, address). */
  emitter: (cpfCnpj: string) => Promise<EmitterCompany>;
  /** The emitter of a preview: offline, as the API last gave it. Defaults to `emitter`. */
  previewEmitter?: (cpfCnpj: string) => Promise<EmitterCompany>;
  /** This workstation's MDF-e série (Settings), else 1. */
  serie?: () => number | undefined;
  now?: () => Date;
}

const OPEN_RULE_TEXT: Record<611 | 686 | 462, string> = {
  611: 'já existe MDF-e não encerrado para esta placa e UF de descarregamento (rejeição 611 da SEFAZ)',
  686: 'a empresa tem MDF-e autorizado há mais de 30 dias sem encerramento (rejeição 686 da SEFAZ)',
  462: 'esta placa tem MDF-e aberto há mais de 5 dias (rejeição 462 da SEFAZ)',
};

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
    return mdfeDetail(this.deps.repos().mdfe, await this.row(id), this.now());
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
  private async openConflicts(company: string, infMDFe: UnnumberedInfMDFe): Promise<string[]> {
    const placa = infMDFe.infModal.rodo?.veicTracao.placa ?? '';
    const next = { placa, tpEmit: infMDFe.ide.tpEmit, ufFim: infMDFe.ide.UFFim };
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

  /** The trip's MDF-e built from the form: one per unloading UF, with the emitter as the API has it. */
  async manifests(
    company: string,
    form: MdfeFormFacts,
    options: { preview?: boolean } = {},
  ): Promise<MdfeManifest[]> {
    const emitter = (options.preview && this.deps.previewEmitter) || this.deps.emitter;
    const emitterCompany = await emitter(company);
    return ruleChecked(() => buildMdfePayloads(form, emitterCompany));
  }

  /** The trip's MDF-e for `ufFim`, built from the form and issued like `issue`. */
  async issueForm(input: {
    company: string;
    form: MdfeFormFacts;
    ufFim: string;
    serie?: number;
    ignorarAbertos: boolean;
  }): Promise<IssueOutcome & { mdfe: MdfeSummary | null }> {
    const manifest = (await this.manifests(input.company, input.form)).find((m) => m.ufFim === input.ufFim);
    if (!manifest)
      throw new AppError(
        'mdfe_uf_not_in_trip',
        `Nenhum documento da viagem é descarregado em ${input.ufFim}: confira a UF de descarregamento.`,
      );
    const recebedores = input.form.pagamentos.map((p) => p.recebedor ?? null);
    const outcome = await this.issue(
      {
        company: input.company,
        serie: input.serie,
        infMDFe: manifest.infMDFe,
        ignorarAbertos: input.ignorarAbertos,
      },
      recebedores,
    );
    if (!outcome.rejection) return outcome;
    const fields = routeFieldsOf(outcome.rejection.fields, input.form.rotas ?? [], input.ufFim);
    return { ...outcome, rejection: { ...outcome.rejection, fields } };
  }

  /** `recebedores`: who receives each infPag, as the form named them (remembered with the bank data). */
  async issue(
    // The command's parsed body, or a manifest the trip's builder just made (same request schema).
    input: Omit<MdfeIssueInput, 'infMDFe'> & { infMDFe: UnnumberedInfMDFe },
    recebedores: readonly (Recebedor | null)[] = [],
  ): Promise<IssueOutcome & { mdfe: MdfeSummary | null }> {
    // The ANTT rules SEFAZ applies (301–304, 578), before anything is reserved or sent.
    ruleChecked(() => assertMdfeAnttRules(input.infMDFe));
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
      build: (c): MdfePedidoEmissaoInput => ({
        ambiente: c.ambiente,
        referencia: c.referencia,
        infMDFe: {
          ...input.infMDFe,
          ide: {
            ...input.infMDFe.ide,
            tpAmb: c.ambiente === 'producao' ? 1 : 2,
            serie: c.serie,
            nMDF: c.numero,
            dhEmi: c.dhEmi,
          },
        },
      }),
    });
    if (outcome.status === 'autorizado') {
      const repos = this.deps.repos();
      await rememberTrip(repos.registries, input.company, input.infMDFe).catch(() => undefined);
      await rememberPayees(repos.payees, input.company, input.infMDFe, recebedores).catch(() => undefined);
    }
    const row = outcome.cacheId === null ? undefined : await this.deps.repos().mdfe.byId(outcome.cacheId);
    return {
      ...outcome,
      warnings: [...conflicts, ...outcome.warnings],
      mdfe: row ? toMdfeSummary(row, this.now()) : null,
    };
  }

  /**
   * Stores an event's answer, its XML and the status it settles, and answers with the manifest and
   * its events from the cache: one answer, no follow-up fetch (like cte:cancel).
   */
  private async afterEvent(row: CachedMdfe, type: MdfeEventType, event: DfeEvento) {
    const { client } = await this.deps.api();
    const repo = this.deps.repos().mdfe;
    const eventId = await repo.upsertEvent(row.id, type, event);
    if (event.status === 'registrado') {
      if (type === 'encerramento') await repo.setStatus(row.id, 'encerrado');
      if (type === 'cancelamento') await repo.setStatus(row.id, 'cancelado');
      const file = event.id ? await client.mdfe.xmlEvento(event.id).catch(() => null) : null;
      if (file) await repo.setEventXml(row.id, eventId, file.data);
    }
    return { event, ...(await this.get(row.id)) };
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

  async close(id: number, pedido: { uf: UfSigla; codigoMunicipio: string; data?: string }) {
    const row = await this.row(id);
    if (row.status !== 'autorizado')
      throw new AppError(
        'mdfe_close_refused',
        `Só é possível encerrar um MDF-e autorizado; este está "${row.status}".`,
      );
    // The authority's date rules (615/635) checked here, so a clerk's typo never costs an event.
    const dateProblem = pedido.data
      ? closingDateProblem(pedido.data, row.data_autorizacao, this.now())
      : null;
    if (dateProblem) throw new AppError('mdfe_close_refused', dateProblem, { fields: ['data'] });
    const { client } = await this.deps.api();
    const event = await client.mdfe.encerrar(row.api_id, {
      uf: pedido.uf,
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

  /**
   * Inclusão de DF-e (110115): NF-e loaded after the issue, on an authorized, open MDF-e issued
   * with indCarregaPosterior (MOC MDF-e 3.00a; XSD evInclusaoDFeMDFe). The protocol is the
   * manifest's own (222 otherwise).
   */
  async includeDfe(id: number, pedido: Omit<MdfeIncludeDfeInput, 'id'>) {
    const row = await this.row(id);
    if (row.status !== 'autorizado')
      throw new AppError(
        'mdfe_dfe_refused',
        `Só é possível incluir NF-e em MDF-e autorizado e não encerrado; este está "${row.status}".`,
      );
    const { client } = await this.deps.api();
    const event = await client.mdfe.incluirDfe(row.api_id, {
      ...(row.protocolo ? { protocolo_autorizacao: row.protocolo } : {}),
      codigo_municipio_carrega: pedido.carregamento.codigo,
      municipio_carrega: pedido.carregamento.nome,
      documentos: pedido.documentos.map((d) => ({
        codigo_municipio_descarga: d.codigoMunicipio,
        municipio_descarga: d.municipio,
        chave_acesso_nfe: d.chave,
      })),
    });
    const result = await this.afterEvent(row, 'inclusao_dfe', event);
    if (event.status === 'rejeitado') this.refused(event, 'a inclusão das NF-e');
    return result;
  }

  /**
   * Sincronizar one MDF-e: SEFAZ's state re-read by the API (closed or cancelled elsewhere), then the
   * record, the XML and the final event brought into the cache.
   */
  async syncOne(id: number): Promise<MdfeDetail> {
    const row = await this.row(id);
    const { client, target } = await this.deps.api();
    const repo = this.deps.repos().mdfe;
    await client.mdfe.sincronizar(row.api_id);
    const record = await client.mdfe.consultar(row.api_id);
    await repo.upsert({ company: row.company, environment: target.environment }, record as ApiRecord);
    const fresh = (await repo.byId(id))!;
    if (fresh.xml_state !== 'present' && ['autorizado', 'encerrado', 'cancelado'].includes(fresh.status)) {
      const file = await client.mdfe.xml(fresh.api_id).catch(() => null);
      if (file) await repo.setXml(id, file.data, mdfeFieldsOfXml(file.data.toString('utf8')));
    }
    if (fresh.status === 'encerrado' || fresh.status === 'cancelado') {
      const type = fresh.status === 'encerrado' ? 'encerramento' : 'cancelamento';
      const known = (await repo.events(id)).some((e) => e.type === type && e.status === 'registrado');
      const event = known
        ? null
        : await (
            type === 'encerramento'
              ? client.mdfe.encerramento(fresh.api_id)
              : client.mdfe.cancelamento(fresh.api_id)
          ).catch(() => null);
      if (event) await repo.upsertEvent(id, type, event);
    }
    for (const e of await repo.events(id)) {
      if (e.status !== 'registrado' || !e.api_id || (await repo.xml(id, e.id))) continue;
      const file = await client.mdfe.xmlEvento(e.api_id).catch(() => null);
      if (file) await repo.setEventXml(id, e.id, file.data);
    }
    return this.get(id);
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

/** Runs `build`, turning a broken ANTT rule into the clerk's message at the form's field. */
function ruleChecked<T>(build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof MdfeRuleError)
      throw new AppError(`mdfe_regra_${error.code}`, `Antes de enviar: ${error.message}.`, {
        fields: [error.field],
      });
    throw error;
  }
}

/**
 * A rejection of one manifest of the trip names the route ('rotas', infPercurso): it is the form's
 * route of that manifest's unloading UF when the clerk gave one (`rotas.i.percurso`), otherwise the
 * proposed route, the list as a whole.
 */
export function routeFieldsOf(
  fields: string[],
  rotas: readonly { ufFim: string }[],
  ufFim: string,
): string[] {
  const i = rotas.findIndex((r) => r.ufFim === ufFim);
  return fields.map((f) => (f === 'rotas' && i >= 0 ? `rotas.${i}.percurso` : f));
}
