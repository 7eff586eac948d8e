import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { soapStep } from '../dfe/present';
import { NO_BODY, OPTIONAL_BODY } from '../http/bodyless';
import { badRequest, notFound } from '../http/errors';
import { newId, parseId } from '../http/ids';
import { keepLargeJsonBodies } from '../http/large-json';
import { listEnvelope, parseListQuery } from '../http/paging';
import {
  asQuery,
  parseAmbiente,
  parseBooleanQuery,
  parseIntegerQuery,
  queryValue,
  requireQuery,
} from '../http/query';
import type { MdfeEventKind } from '../mdfe/events-xml';
import { addCondutor, addDfe, cancelMdfe, closeMdfe } from '../mdfe/operations';
import { presentGenericMdfeEvent, presentLote, presentMdfe, presentMdfeEvent } from '../mdfe/present';
import { printMdfe } from '../mdfe/printout';
import { openMdfeRepository, type MdfeRepository, type MdfeRow } from '../mdfe/repository';
import { mdfePedidoEmissaoLote } from '../../fiscal/requests/mdfe';
import { emitMdfe, emitParsed, parseOrFail, WS_CONSULTA } from '../mdfe/service';
import { mdfeControlRoutes } from './control-mdfe';

const STATUS_CACHE_MS = 5 * 60_000;
const EVENT_LABEL: Record<MdfeEventKind, string> = {
  cancelamento: 'cancelamento',
  encerramento: 'encerramento',
  'inclusao-condutor': 'inclusão de condutor',
  'inclusao-dfe': 'inclusão de DF-e',
};

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml').send(Buffer.from(xml, 'utf8'));
}

/** /mdfe: MDF-e (modelo 58), road modal, authorized by SVRS; scope `mdfe`. */
export async function dfeMdfeRoutes(app: FastifyInstance, ctx: SandboxContext) {
  let repoPromise: Promise<MdfeRepository> | null = null;
  const repo = () => (repoPromise ??= openMdfeRepository(ctx.store));
  const statusCache = new Map<string, { at: number; body: object }>();

  /** Reads a manifest; a consultation also advances a pending fault. */
  async function load(id: unknown, consult: boolean): Promise<MdfeRow> {
    const r = await repo();
    const doc = await r.get(parseId(id));
    if (!doc) throw notFound('MDF-e não encontrado.');
    if (consult && doc.pending_polls > 0) {
      const pending_polls = doc.pending_polls - 1;
      const answer =
        pending_polls > 0
          ? { cStat: 105, xMotivo: 'Arquivo em processamento' }
          : { cStat: doc.codigo_status, xMotivo: doc.motivo_status };
      await ctx.debug.record(doc.id, {
        steps: [
          soapStep(
            'consulta_protocolo',
            WS_CONSULTA,
            `<consSitMDFe><chMDFe>${doc.chave}</chMDFe></consSitMDFe>`,
            `<retConsSitMDFe><cStat>${answer.cStat}</cStat><xMotivo>${answer.xMotivo}</xMotivo></retConsSitMDFe>`,
            answer,
          ),
        ],
      });
      await r.update(doc.id, { pending_polls });
      doc.pending_polls = pending_polls;
    }
    return doc;
  }
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;
  const ready = (doc: MdfeRow) => {
    if (doc.pending_polls > 0) throw badRequest('O MDF-e ainda está pendente de autorização.');
    return doc;
  };
  const procOf = (doc: MdfeRow) => {
    if (!ready(doc).xml_proc)
      throw badRequest(`O MDF-e não está autorizado (situação: ${doc.status}); não há XML processado.`);
    return doc.xml_proc!;
  };
  /**
   * The event `GET …/{cancelamento|encerramento}` answers: the one in force (registered) when there
   * is one — a later attempt the authority refused stays in the events — else the last attempt.
   */
  const lastEvent = async (doc: MdfeRow, kind: MdfeEventKind) => {
    const list = await (await repo()).events(doc.id, kind);
    const last = list.filter((e) => e.status === 'registrado').pop() ?? list[list.length - 1];
    if (!last) throw notFound(`Nenhum evento de ${EVENT_LABEL[kind]} para este MDF-e.`);
    return last;
  };
  /** The registered events' procEventoMDFe: what marks a DAMDFE closed or cancelled. */
  const registeredEvents = async (doc: MdfeRow) => {
    const xml: string[] = [];
    for (const kind of Object.keys(EVENT_LABEL) as MdfeEventKind[])
      for (const ev of await (await repo()).events(doc.id, kind))
        if (ev.status === 'registrado' && ev.xml_proc) xml.push(ev.xml_proc);
    return xml;
  };
  const pdf = async (
    reply: FastifyReply,
    doc: MdfeRow,
    xml: string,
    title: string,
    logotipo = false,
    events: string[] = [],
  ) =>
    reply.type('application/pdf').send(
      await printMdfe(ctx, {
        xml,
        title,
        status: doc.status,
        homologacao: doc.ambiente === 'homologacao',
        cpfCnpj: doc.cpf_cnpj,
        logotipo,
        events,
      }),
    );

  // Large manifests are signed in a worker thread (offload.ts). Emissions run one at a time, as the
  // authority takes them: the open-manifest (611/686/462) and duplicate (539) checks of one must see
  // the manifest the previous one stored, however long its signing took.
  const issuer = ctx.mdfeIssuer;
  // A large POST /mdfe body is parsed in the worker, not here (http/large-json.ts).
  keepLargeJsonBodies(app, (request) => request.method === 'POST' && request.routeOptions.url === '/mdfe');
  let emitting: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(job: () => Promise<T>): Promise<T> => {
    const run = emitting.then(job, job);
    emitting = run.catch(() => undefined);
    return run;
  };

  app.post('/mdfe', async (request) =>
    oneAtATime(async () => emitMdfe(ctx, await repo(), request.body, issuer)),
  );

  app.get('/mdfe', async (request) => {
    const q = asQuery(request.query);
    const list = parseListQuery(q);
    const result = await (
      await repo()
    ).list({
      cpfCnpj: requireQuery(q, 'cpf_cnpj'),
      ambiente: parseAmbiente(q),
      referencia: queryValue(q, 'referencia'),
      chave: queryValue(q, 'chave'),
      serie: parseIntegerQuery(q, 'serie', 0, 999),
      top: list.top,
      skip: list.skip,
    });
    return listEnvelope(result.data.map(presentMdfe), result.count, list);
  });

  app.post('/mdfe/lotes', async (request) => {
    const body = parseOrFail(mdfePedidoEmissaoLote, request.body);
    const r = await repo();
    const doc = body.documentos[0]!;
    if (doc.ambiente !== body.ambiente)
      throw badRequest('O ambiente do lote difere do ambiente do documento (documentos[0].ambiente).');
    const row = await oneAtATime(() => emitParsed(ctx, r, doc, request.body as object, issuer));
    const now = ctx.clock.now();
    const lote = {
      id: newId('lote'),
      cpf_cnpj: row.cpf_cnpj,
      ambiente: body.ambiente,
      created_at: now.toISOString(),
      referencia: body.referencia ?? null,
      id_lote: body.id_lote,
      data_recebimento: now.toISOString(),
      recibo: JSON.stringify({
        numero: row.numero_protocolo ?? row.chave.slice(0, 15),
        codigo_status: 104,
        motivo_status: 'Arquivo processado',
        data_recebimento: now.toISOString(),
      }),
      documentos: JSON.stringify([row.id]),
    };
    await r.insertLote(lote);
    return presentLote(lote, [row]);
  });

  const loteDocs = async (ids: string) => {
    const r = await repo();
    const rows = await Promise.all((JSON.parse(ids) as string[]).map((id) => r.get(id)));
    return rows.filter((d): d is MdfeRow => d !== null);
  };
  app.get('/mdfe/lotes', async (request) => {
    const q = asQuery(request.query);
    const list = parseListQuery(q);
    const result = await (
      await repo()
    ).lotes({
      cpfCnpj: requireQuery(q, 'cpf_cnpj'),
      ambiente: parseAmbiente(q),
      referencia: queryValue(q, 'referencia'),
      top: list.top,
      skip: list.skip,
    });
    const data = await Promise.all(
      result.data.map(async (l) => presentLote(l, await loteDocs(l.documentos))),
    );
    return listEnvelope(data, result.count, list);
  });
  app.get('/mdfe/lotes/:id', async (request) => {
    const lote = await (await repo()).getLote(parseId(idOf(request)));
    if (!lote) throw notFound('Lote não encontrado.');
    return presentLote(lote, await loteDocs(lote.documentos));
  });

  app.get('/mdfe/nao-encerrados', async (request) => {
    const q = asQuery(request.query);
    const cpfCnpj = requireQuery(q, 'cpf_cnpj');
    const company = await ctx.companies.get(cpfCnpj);
    if (!company) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    const config = await ctx.companies.getConfig<{ ambiente?: string }>(cpfCnpj, 'mdfe');
    const ambiente = config?.ambiente === 'producao' ? 'producao' : 'homologacao';
    const open = await (await repo()).openOf(cpfCnpj, ambiente);
    const found = open.length > 0;
    const body = {
      tpAmb: ambiente === 'producao' ? 1 : 2,
      verAplic: 'SANDBOX-CARRETA-1.0',
      cStat: found ? 111 : 112,
      xMotivo: found
        ? 'Consulta Não Encerrados localizou MDF-e nessa situação'
        : 'Consulta Não Encerrados não localizou MDF-e nessa situação',
      cUF: 43,
      infMDFe: open.map((d) => ({ chMDFe: d.chave, nProt: d.numero_protocolo ?? '' })),
    };
    return body;
  });

  app.get('/mdfe/sefaz/status', async (request) => {
    const q = asQuery(request.query);
    const cpfCnpj = requireQuery(q, 'cpf_cnpj');
    const company = await ctx.companies.get(cpfCnpj);
    if (!company) throw notFound(`Empresa ${cpfCnpj} não encontrada.`);
    const asked = queryValue(q, 'autorizador');
    // The description lists SVRS as the only MDF-e authorizer.
    if (asked && asked !== 'SVRS')
      throw badRequest(`Autorizador "${asked}" desconhecido para MDF-e (disponível: SVRS).`);
    const now = ctx.clock.now();
    const cached = statusCache.get(cpfCnpj);
    // The service caches the authority's status for 5 minutes; so does the sandbox.
    if (cached && now.getTime() - cached.at < STATUS_CACHE_MS) return cached.body;
    const config = await ctx.companies.getConfig<{ ambiente?: string }>(cpfCnpj, 'mdfe');
    const body = {
      autorizador: 'SVRS',
      ambiente: config?.ambiente === 'producao' ? 'producao' : 'homologacao',
      data_hora_consulta: now.toISOString(),
      codigo_status: 107,
      motivo_status: 'Serviço em Operação',
      tempo_medio_resposta: 1,
      data_hora_retorno: now.toISOString(),
    };
    statusCache.set(cpfCnpj, { at: now.getTime(), body });
    return body;
  });

  const loadEvent = async (id: unknown) => {
    const r = await repo();
    const ev = await r.getEvent(parseId(id));
    const doc = ev && (await r.get(ev.document_id));
    if (!ev || !doc) throw notFound('Evento não encontrado.');
    return { ev, doc };
  };
  app.get('/mdfe/eventos/:id', async (request) =>
    presentGenericMdfeEvent((await loadEvent(idOf(request))).ev),
  );
  app.get('/mdfe/eventos/:id/xml', async (request, reply) =>
    sendXml(reply, (await loadEvent(idOf(request))).ev.xml_proc),
  );
  app.get('/mdfe/eventos/:id/pdf', async (request, reply) => {
    const { ev, doc } = await loadEvent(idOf(request));
    return pdf(reply, doc, ev.xml_proc, `Evento ${ev.tipo_evento} do MDF-e`);
  });

  app.get('/mdfe/:id', async (request) => presentMdfe(await load(idOf(request), true)));

  app.post('/mdfe/:id/sincronizar', NO_BODY, async (request) => {
    const doc = await load(idOf(request), true);
    return {
      status: doc.pending_polls > 0 ? 'pendente' : 'sincronizado',
      codigo_status: doc.codigo_status,
      motivo_status: doc.motivo_status,
      data_recebimento: new Date(doc.data_recebimento).toISOString(),
      chave: doc.chave,
    };
  });

  app.get('/mdfe/:id/xml', async (request, reply) =>
    sendXml(reply, procOf(await load(idOf(request), false))),
  );
  app.get('/mdfe/:id/xml/manifesto', async (request, reply) =>
    sendXml(reply, ready(await load(idOf(request), false)).xml_documento),
  );
  app.get('/mdfe/:id/xml/protocolo', async (request, reply) => {
    const proc = procOf(await load(idOf(request), false));
    const start = proc.search(/<protMDFe[ >]/);
    const prot = proc.slice(start, proc.lastIndexOf('</mdfeProc>'));
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>${prot.replace('<protMDFe ', '<protMDFe xmlns="http://www.portalfiscal.inf.br/mdfe" ')}`,
    );
  });
  app.get('/mdfe/:id/pdf', async (request, reply) => {
    const doc = await load(idOf(request), false);
    const xml = procOf(doc);
    const logotipo = parseBooleanQuery(asQuery(request.query), 'logotipo') ?? false;
    return pdf(reply, doc, xml, 'DAMDFE', logotipo, await registeredEvents(doc));
  });

  const actions = {
    cancelamento: cancelMdfe,
    encerramento: closeMdfe,
    'inclusao-condutor': addCondutor,
    'inclusao-dfe': addDfe,
  } as const;
  for (const [kind, action] of Object.entries(actions) as Array<
    [MdfeEventKind, (typeof actions)[MdfeEventKind]]
  >) {
    // The cancellation's body is optional in the description (`justificativa` is filled when blank).
    app.post(`/mdfe/:id/${kind}`, kind === 'cancelamento' ? OPTIONAL_BODY : {}, async (request) =>
      action(ctx, await repo(), await load(idOf(request), false), request.body),
    );
  }
  for (const kind of ['cancelamento', 'encerramento'] as const) {
    app.get(`/mdfe/:id/${kind}`, async (request) =>
      presentMdfeEvent(await lastEvent(await load(idOf(request), false), kind)),
    );
    app.get(`/mdfe/:id/${kind}/xml`, async (request, reply) =>
      sendXml(reply, (await lastEvent(await load(idOf(request), false), kind)).xml_proc),
    );
    app.get(`/mdfe/:id/${kind}/pdf`, async (request, reply) => {
      const doc = await load(idOf(request), false);
      const ev = await lastEvent(doc, kind);
      return pdf(
        reply,
        doc,
        ev.xml_proc,
        kind === 'cancelamento' ? 'Cancelamento do MDF-e' : 'Encerramento do MDF-e',
      );
    });
  }

  await mdfeControlRoutes(app, ctx, repo);
}
