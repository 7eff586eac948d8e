// The routes shared by /cte, /cteos and /dce (the paths of the API description).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { parseId } from '../../http/ids';
import { listEnvelope, parseListQuery } from '../../http/paging';
import {
  asQuery,
  parseAmbiente,
  parseBooleanQuery,
  parseIntegerQuery,
  queryValue,
  requireQuery,
} from '../../http/query';
import { logoDataUrl } from '../../pdf-engine';
import { cteAuthorizerFor } from '../authorizers';
import { presentDocument, presentEvent, presentGenericEvent, soapStep } from '../present';
import { openDfeRepository, type DfeRepository, type DocumentRow, type EventRow } from '../repository';
import { emitDocument } from './emission';
import { cancelDocument, correctDocument } from './events';
import type { KindSpec } from './spec';
import { NO_BODY, OPTIONAL_BODY } from '../../http/bodyless';

const AUTHORIZERS = [
  'AM',
  'BA',
  'CE',
  'GO',
  'MG',
  'MS',
  'MT',
  'PE',
  'PR',
  'RS',
  'SP',
  'SVAN',
  'SVRS',
  'SVCAN',
  'SVCRS',
  'AN',
  'SVSP',
  'SVCSP',
];
const STATUS_CACHE_MS = 5 * 60_000;

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml').send(Buffer.from(xml, 'utf8'));
}

export function registerDfeRoutes<T>(app: FastifyInstance, ctx: SandboxContext, spec: KindSpec<T>) {
  const p = spec.prefix;
  let repoPromise: Promise<DfeRepository> | null = null;
  const repo = () => (repoPromise ??= openDfeRepository(ctx.store));
  const statusCache = new Map<string, { at: number; body: object }>();

  /** Reads a document; a consultation also advances a pending fault and sees authority-side cancellations. */
  async function load(id: unknown, consult: boolean): Promise<DocumentRow> {
    const r = await repo();
    const doc = await r.getDocument(spec.kind, parseId(id));
    if (!doc) throw notFound(`${spec.label} não encontrado.`);
    const changes: Partial<DocumentRow> = {};
    if (consult && doc.pending_polls > 0) {
      changes.pending_polls = doc.pending_polls - 1;
      const answer =
        changes.pending_polls > 0
          ? { cStat: 105, xMotivo: 'Lote em processamento' }
          : { cStat: doc.codigo_status, xMotivo: doc.motivo_status };
      const ret = `<retConsSit><cStat>${answer.cStat}</cStat><xMotivo>${answer.xMotivo}</xMotivo></retConsSit>`;
      await ctx.debug.record(doc.id, {
        steps: [
          soapStep(
            'consulta_protocolo',
            spec.wsConsulta,
            `<consSit><ch>${doc.chave}</ch></consSit>`,
            ret,
            answer,
          ),
        ],
      });
    }
    if (consult && doc.status === 'autorizado' && ctx.faults.cancelledAtAuthority(doc.id, doc.chave))
      changes.status = 'cancelado';
    if (Object.keys(changes).length) {
      await r.updateDocument(doc.id, changes);
      Object.assign(doc, changes);
    }
    return doc;
  }
  const ready = (doc: DocumentRow) => {
    if (doc.pending_polls > 0) throw badRequest(`O ${spec.label} ainda está pendente de autorização.`);
    return doc;
  };
  const procOf = (doc: DocumentRow) => {
    if (!ready(doc).xml_proc)
      throw badRequest(
        `O ${spec.label} não está autorizado (situação: ${doc.status}); não há XML processado.`,
      );
    return doc.xml_proc!;
  };
  /** The rich printout of `xml` when the engine answers; the plain PDF of `lines` otherwise. */
  const pdfOf = async (
    reply: FastifyReply,
    doc: DocumentRow,
    printout: { xml: string; cancelled?: boolean },
    title: string,
    lines: string[],
    logotipo: boolean,
  ) => {
    const logo = logotipo ? await ctx.companies.getLogo(doc.cpf_cnpj) : null;
    const rich = await ctx.printer.print(printout.xml, {
      logoDataUrl: logoDataUrl(logo),
      cancelled: printout.cancelled,
    });
    return reply
      .type('application/pdf')
      .send(rich ?? (await ctx.pdf.render({ title, lines, logo: logo?.data ?? null })));
  };
  const docLines = (d: DocumentRow) => [
    `Chave de acesso: ${d.chave}`,
    `Modelo ${d.modelo}  Série ${d.serie}  Número ${d.numero}`,
    `Emissão: ${d.data_emissao}`,
    `Emitente: ${d.cpf_cnpj}`,
    `Valor total: R$ ${d.valor_total.toFixed(2).replace('.', ',')}`,
    `Protocolo: ${d.numero_protocolo ?? '-'}  Situação: ${d.status}`,
    ...(d.ambiente === 'homologacao' ? ['EMITIDO EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL'] : []),
  ];
  /**
   * The event `GET …/{kind}` answers. A cancellation: the one in force (registered) when there is
   * one — a later rejected attempt (218, already cancelled) does not replace it; it stays readable
   * by its own id under `/eventos/{id}`. Otherwise, and for correction letters, the latest attempt.
   */
  const eventOf = async (doc: DocumentRow, kind: EventRow['kind']) => {
    const list = await (await repo()).events(doc.id, kind);
    const inForce = kind === 'cancelamento' ? list.filter((e) => e.status === 'registrado').pop() : undefined;
    const last = inForce ?? list[list.length - 1];
    if (!last)
      throw notFound(
        `Nenhum evento de ${kind === 'cancelamento' ? 'cancelamento' : 'carta de correção'} para este ${spec.label}.`,
      );
    return last;
  };
  const eventLines = (e: EventRow) => [
    `Evento ${e.tipo_evento} (sequência ${e.numero_sequencial})`,
    `Chave: ${e.chave}`,
    `Protocolo: ${e.numero_protocolo ?? '-'}  Situação: ${e.status}`,
    `${e.codigo_status} - ${e.motivo_status}`,
    ...(e.justificativa ? [`Justificativa: ${e.justificativa}`] : []),
    ...(e.correcoes
      ? (JSON.parse(e.correcoes) as Array<Record<string, unknown>>).map(
          (c) => `${String(c.grupo_alterado)}/${String(c.campo_alterado)}: ${String(c.valor_alterado)}`,
        )
      : []),
  ];

  app.post(p, async (request) => emitDocument(ctx, await repo(), spec, request.body));

  app.get(p, async (request) => {
    const q = asQuery(request.query);
    const list = parseListQuery(q);
    const result = await (
      await repo()
    ).list({
      kind: spec.kind,
      cpfCnpj: requireQuery(q, 'cpf_cnpj'),
      ambiente: parseAmbiente(q),
      referencia: queryValue(q, 'referencia'),
      chave: queryValue(q, 'chave'),
      serie: parseIntegerQuery(q, 'serie', 0, 999),
      top: list.top,
      skip: list.skip,
    });
    return listEnvelope(result.data.map(presentDocument), result.count, list);
  });

  app.get(`${p}/sefaz/status`, async (request) => {
    const q = asQuery(request.query);
    const cpfCnpj = requireQuery(q, 'cpf_cnpj');
    const company = await ctx.companies.get(cpfCnpj);
    if (!company) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    const asked = queryValue(q, 'autorizador');
    if (asked && !AUTHORIZERS.includes(asked)) throw badRequest(`Autorizador "${asked}" desconhecido.`);
    const autorizador = asked ?? (spec.kind === 'dce' ? 'PR' : cteAuthorizerFor(company.endereco.uf));
    const key = `${cpfCnpj}:${autorizador}`;
    const cached = statusCache.get(key);
    const now = ctx.clock.now();
    // The service caches the authority's status for 5 minutes; so does the sandbox.
    if (cached && now.getTime() - cached.at < STATUS_CACHE_MS) return cached.body;
    const config = await ctx.companies.getConfig<{ ambiente?: string }>(cpfCnpj, spec.kind);
    const body = {
      autorizador,
      ambiente: config?.ambiente === 'producao' ? 'producao' : 'homologacao',
      data_hora_consulta: now.toISOString(),
      codigo_status: 107,
      motivo_status: 'Serviço em Operação',
      tempo_medio_resposta: 1,
      data_hora_retorno: now.toISOString(),
    };
    statusCache.set(key, { at: now.getTime(), body });
    return body;
  });

  app.get(`${p}/:id`, async (request) =>
    presentDocument(await load((request.params as { id: string }).id, true)),
  );

  app.post(`${p}/:id/sincronizar`, NO_BODY, async (request) => {
    const doc = await load((request.params as { id: string }).id, true);
    return {
      status: doc.pending_polls > 0 ? 'pendente' : 'sincronizado',
      codigo_status: doc.codigo_status,
      motivo_status: doc.motivo_status,
      data_recebimento: new Date(doc.data_recebimento).toISOString(),
      chave: doc.chave,
    };
  });

  app.get(`${p}/:id/xml`, async (request, reply) =>
    sendXml(reply, procOf(await load((request.params as { id: string }).id, false))),
  );
  app.get(`${p}/:id/xml/${spec.documentXmlName}`, async (request, reply) =>
    sendXml(reply, ready(await load((request.params as { id: string }).id, false)).xml_documento),
  );
  app.get(`${p}/:id/xml/protocolo`, async (request, reply) => {
    const proc = procOf(await load((request.params as { id: string }).id, false));
    const start = proc.search(/<prot(CTe|DCe)[ >]/);
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>${proc.slice(start, proc.lastIndexOf('</'))}`,
    );
  });
  app.get(`${p}/:id/pdf`, async (request, reply) => {
    const doc = ready(await load((request.params as { id: string }).id, false));
    if (!doc.xml_proc)
      throw badRequest(`O ${spec.label} não está autorizado; não há documento auxiliar para imprimir.`);
    const logotipo = parseBooleanQuery(asQuery(request.query), 'logotipo') ?? false;
    const printout = { xml: doc.xml_proc, cancelled: doc.status === 'cancelado' };
    return pdfOf(reply, doc, printout, spec.kind === 'dce' ? 'DACE' : 'DACTE', docLines(doc), logotipo);
  });

  const kinds: Array<EventRow['kind']> = spec.correctionLetters
    ? ['cancelamento', 'carta-correcao']
    : ['cancelamento'];
  for (const kind of kinds) {
    // The cancellation's body is optional in the description (`justificativa` is filled when blank).
    app.post(`${p}/:id/${kind}`, kind === 'cancelamento' ? OPTIONAL_BODY : {}, async (request) => {
      const doc = await load((request.params as { id: string }).id, false);
      return kind === 'cancelamento'
        ? cancelDocument(ctx, await repo(), spec, doc, request.body)
        : correctDocument(ctx, await repo(), spec, doc, request.body);
    });
    app.get(`${p}/:id/${kind}`, async (request) =>
      presentEvent(await eventOf(await load((request.params as { id: string }).id, false), kind)),
    );
    app.get(`${p}/:id/${kind}/xml`, async (request, reply) =>
      sendXml(
        reply,
        (await eventOf(await load((request.params as { id: string }).id, false), kind)).xml_proc,
      ),
    );
    app.get(`${p}/:id/${kind}/pdf`, async (request, reply) => {
      const doc = await load((request.params as { id: string }).id, false);
      const ev = await eventOf(doc, kind);
      return pdfOf(
        reply,
        doc,
        { xml: ev.xml_proc },
        kind === 'cancelamento' ? 'Cancelamento' : 'Carta de Correção',
        eventLines(ev),
        false,
      );
    });
  }

  if (spec.kind !== 'dce') {
    const loadEvent = async (id: unknown) => {
      const ev = await (await repo()).getEvent(parseId(id));
      const doc = ev && (await (await repo()).getDocument(spec.kind, ev.document_id));
      if (!ev || !doc) throw notFound('Evento não encontrado.');
      return { ev, doc };
    };
    app.get(`${p}/eventos/:id`, async (request) =>
      presentGenericEvent((await loadEvent((request.params as { id: string }).id)).ev),
    );
    app.get(`${p}/eventos/:id/xml`, async (request, reply) =>
      sendXml(reply, (await loadEvent((request.params as { id: string }).id)).ev.xml_proc),
    );
    app.get(`${p}/eventos/:id/pdf`, async (request, reply) => {
      const { ev, doc } = await loadEvent((request.params as { id: string }).id);
      return pdfOf(reply, doc, { xml: ev.xml_proc }, `Evento ${ev.tipo_evento}`, eventLines(ev), false);
    });
  }
}
