import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAvailable } from '../../support/shared';
import { errorOf } from '../support';
import { schemaErrors } from './contract';
import { CNPJ, advance, deliverAll, distribute, manifest, startInbox } from './support';
import type { InboxTest } from './support';

const conforms = (name: string, body: unknown) => {
  if (sharedAvailable) expect(schemaErrors(name, body)).toBeNull();
};
type Evento = {
  id: string;
  status: string;
  codigo_status: number;
  motivo_status: string;
  numero_protocolo: string | null;
};
type Doc = { nsu: number; schema: string; chave_acesso: string; resumo: boolean; tipo_evento: string | null };
const JUST = 'Mercadoria devolvida sem descarregar.';

let t: InboxTest;
let buyer: string[];
let carrier: string[];
beforeAll(async () => {
  t = await startInbox({ demo: false });
  buyer = await t.inject({ role: 'destinatario', count: 6 });
  carrier = await t.inject({ role: 'transportador', count: 1 });
});
afterAll(() => t.close());

const notasSem = async (conclusiva?: boolean) =>
  (
    await t.api.get<{ '@count': number; data: { chave_acesso: string }[] }>(
      `/distribuicao/nfe/notas-sem-manifestacao?cpf_cnpj=${CNPJ}&ambiente=homologacao&$top=100&$inlinecount=true${
        conclusiva === undefined ? '' : `&conclusiva=${conclusiva}`
      }`,
    )
  ).body;

describe('POST /distribuicao/nfe/manifestacoes', () => {
  it('registers a ciência (135) with a protocol and refuses the same event again (573)', async () => {
    const ok = await manifest(t, { chave_acesso: buyer[0], tipo_evento: '210210' });
    expect(ok.status).toBe(200);
    conforms('DistribuicaoNfeEvento', ok.body);
    expect(ok.body).toMatchObject({
      status: 'registrado',
      codigo_status: 135,
      tipo_evento: '210210',
      cpf_cnpj_autor: CNPJ,
    });
    expect(ok.body.numero_protocolo).toMatch(/^\d{15}$/);
    const again = await manifest(t, { chave_acesso: buyer[0], tipo_evento: '210210' });
    expect(again.body).toMatchObject({
      status: 'rejeitado',
      codigo_status: 573,
      motivo_status: 'Rejeição: Duplicidade de Evento',
    });
    const fetched = await t.api.get<Evento>(`/distribuicao/nfe/manifestacoes/${ok.body.id as string}`);
    expect(fetched.body).toEqual(ok.body);
  });

  it('makes the full procNFe arrive in the stream after the configured delay', async () => {
    await t.ctl('PUT', '/nfe/config', { atraso_xml_completo_segundos: 7200 });
    const first = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0, ignorar_tempo_espera: true });
    const seen = first.body.ultimo_nsu as number;
    expect(
      (first.body.documentos as Doc[]).filter((d) => d.chave_acesso === buyer[1]).map((d) => d.schema),
    ).toEqual(['resNFe_v1.01.xsd']);
    await manifest(t, { chave_acesso: buyer[1], tipo_evento: '210200' });
    const soon = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: seen,
      ignorar_tempo_espera: true,
    });
    // Only the company's own event so far: the full XML waits for the delay.
    expect((soon.body.documentos as Doc[]).map((d) => d.schema)).toEqual(['procEventoNFe_v1.00.xsd']);
    expect(soon.body.documentos[0]).toMatchObject({ chave_acesso: buyer[1], tipo_evento: '210200' });
    await advance(t, 7201);
    const later = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: soon.body.ultimo_nsu,
      ignorar_tempo_espera: true,
    });
    const docs = later.body.documentos as Doc[];
    expect(docs.map((d) => [d.schema, d.chave_acesso, d.resumo])).toEqual([
      ['procNFe_v4.00.xsd', buyer[1], false],
    ]);
    expect(docs[0]!.nsu).toBeGreaterThan(soon.body.ultimo_nsu as number);
    const xml = await t.api.get(
      `/distribuicao/nfe/documentos/${(later.body.documentos[0] as { id: string }).id}/xml`,
    );
    expect(xml.raw.toString()).toContain(
      `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">`,
    );
    // The ciência given earlier released buyer[0] too (delay was 0 then).
    const byKey = await distribute(t, {
      tipo_consulta: 'cons-chave',
      cons_chave: buyer[0],
      ignorar_tempo_espera: true,
    });
    expect(byKey.body.documentos[0]).toMatchObject({ schema: 'procNFe_v4.00.xsd' });
    await t.ctl('PUT', '/nfe/config', { atraso_xml_completo_segundos: 0 });
  });

  it('lists notes without manifestation, and without a conclusive one with conclusiva=true', async () => {
    const none = await notasSem();
    conforms('DistribuicaoNfeNotaListagem', none);
    // buyer[0] has a ciência, buyer[1] a confirmação; the carrier's note is not the company's to manifest.
    expect(new Set(none.data.map((n) => n.chave_acesso))).toEqual(new Set(buyer.slice(2)));
    expect(none['@count']).toBe(4);
    const notConclusive = await notasSem(true);
    expect(new Set(notConclusive.data.map((n) => n.chave_acesso))).toEqual(
      new Set([buyer[0], ...buyer.slice(2)]),
    );
    await manifest(t, { chave_acesso: buyer[0], tipo_evento: '210220' });
    expect((await notasSem(true)).data.map((n) => n.chave_acesso)).not.toContain(buyer[0]);
    // buyer[1] was confirmed without a ciência: a ciência now comes too late.
    const after = await manifest(t, { chave_acesso: buyer[1], tipo_evento: '210210' });
    expect(after.body).toMatchObject({ status: 'rejeitado', codigo_status: 655 });
  });

  it('refuses the carrier of the note (575) and an unknown note (217)', async () => {
    const asCarrier = await manifest(t, { chave_acesso: carrier[0], tipo_evento: '210210' });
    expect(asCarrier.body).toMatchObject({
      status: 'rejeitado',
      codigo_status: 575,
      motivo_status: 'Rejeição: O autor do evento diverge do destinatário da NF-e',
      numero_protocolo: null,
    });
    conforms('DistribuicaoNfeEvento', asCarrier.body);
    const other = await manifest(t, { chave_acesso: buyer[2], tipo_evento: '210210', ambiente: 'producao' });
    expect(other.body).toMatchObject({ status: 'rejeitado', codigo_status: 217 });
  });

  it('requires justificativa (15–255) for 210240 and checks its length for 210220', async () => {
    const missing = await manifest(t, { chave_acesso: buyer[2], tipo_evento: '210240' });
    expect(missing.status).toBe(400);
    expect((errorOf(missing) as unknown as { errors: unknown[] }).errors).toEqual([
      {
        code: 'Required',
        message:
          "O campo 'justificativa': obrigatório (15 a 255 caracteres) para o evento 210240 (operação não realizada).",
        path: 'justificativa',
      },
    ]);
    const short = await manifest(t, {
      chave_acesso: buyer[2],
      tipo_evento: '210220',
      justificativa: 'curta',
    });
    expect(short.status).toBe(400);
    const long = await manifest(t, {
      chave_acesso: buyer[2],
      tipo_evento: '210240',
      justificativa: 'x'.repeat(256),
    });
    expect(long.status).toBe(400);
    for (const bad of [
      { tipo_evento: '110111' },
      { tipo_evento: '210210', chave_acesso: buyer[2]!.slice(0, 43) + '0' },
    ]) {
      const res = await manifest(t, { chave_acesso: buyer[2], ...bad });
      expect(res.status).toBe(400);
    }
    const ok = await manifest(t, { chave_acesso: buyer[2], tipo_evento: '210240', justificativa: JUST });
    expect(ok.body).toMatchObject({ status: 'registrado', justificativa: JUST });
  });

  it('accepts conclusive events up to 180 days after authorization and refuses them after (596)', async () => {
    // The notes were authorized 1–48 hours before the start (and the clock moved 2 h since).
    await advance(t, 177 * 86_400);
    const inTime = await manifest(t, { chave_acesso: buyer[3], tipo_evento: '210200' });
    expect(inTime.body).toMatchObject({ status: 'registrado' });
    await advance(t, 3 * 86_400 + 3600);
    const late = await manifest(t, { chave_acesso: buyer[4], tipo_evento: '210200' });
    expect(late.body).toMatchObject({ status: 'rejeitado', codigo_status: 596 });
    // Ciência has no deadline.
    const ciencia = await manifest(t, { chave_acesso: buyer[4], tipo_evento: '210210' });
    expect(ciencia.body).toMatchObject({ status: 'registrado' });
  });

  it('refuses manifestations on a note the emitter cancelled (650, 651, 580)', async () => {
    const [chave] = await t.inject({ role: 'destinatario', count: 1 });
    const cancel = await t.ctl('POST', '/nfe/eventos', {
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      chave_acesso: chave,
      tipo_evento: '110111',
    });
    expect(cancel.status).toBe(201);
    const expected = { '210210': 650, '210220': 651, '210200': 580, '210240': 580 };
    for (const [tipo, codigo] of Object.entries(expected)) {
      const res = await manifest(t, { chave_acesso: chave, tipo_evento: tipo, justificativa: JUST });
      expect(res.body).toMatchObject({ status: 'rejeitado', codigo_status: codigo });
    }
    // The cancellation reached the buyer as a summary event, and the note left the pending list.
    await deliverAll(t);
    const docs = await t.api.get<{ data: Doc[] }>(
      `/distribuicao/nfe/documentos?cpf_cnpj=${CNPJ}&ambiente=homologacao&chave_acesso=${chave}&tipo_documento=evento`,
    );
    expect(docs.body.data.map((d) => [d.schema, d.tipo_evento])).toEqual([['resEvento_v1.01.xsd', '110111']]);
    expect((await notasSem()).data.map((n) => n.chave_acesso)).not.toContain(chave);
    const unknown = await t.ctl('POST', '/nfe/eventos', {
      cpf_cnpj: CNPJ,
      ambiente: 'producao',
      chave_acesso: chave,
      tipo_evento: '110110',
    });
    expect(unknown.status).toBe(404);
  });

  it('lists manifestations newest first with paging', async () => {
    const res = await t.api.get<{ '@count': number; data: Evento[] }>(
      `/distribuicao/nfe/manifestacoes?cpf_cnpj=${CNPJ}&ambiente=homologacao&$top=3&$inlinecount=true`,
    );
    conforms('ManifestacaoNfeListagem', res.body);
    expect(res.body.data).toHaveLength(3);
    expect(res.body['@count']).toBeGreaterThanOrEqual(10);
    expect(res.body.data[0]).toMatchObject({
      tipo_evento: '210240',
      status: 'rejeitado',
      codigo_status: 580,
    });
    expect((await t.api.get(`/distribuicao/nfe/manifestacoes?cpf_cnpj=${CNPJ}`)).status).toBe(400);
    expect((await t.api.get('/distribuicao/nfe/manifestacoes/mde_x')).status).toBe(404);
  });
});
