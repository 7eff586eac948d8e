import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAvailable } from '../../support/shared';
import { plainPdfLines } from '../pdf-text';
import { errorOf } from '../support';
import { schemaErrors } from './contract';
import { CNPJ, distribute, manifest, startInbox } from './support';
import type { InboxTest } from './support';

const conforms = (name: string, body: unknown) => {
  if (sharedAvailable) expect(schemaErrors(name, body)).toBeNull();
};
type Doc = {
  id: string;
  nsu: number;
  schema: string;
  tipo_documento: string;
  resumo: boolean;
  chave_acesso: string;
  valor_nfe: number | null;
  tipo_evento: string | null;
};
type List = { '@count'?: number; data: Doc[] };

let t: InboxTest;
const base = `/distribuicao/nfe/documentos?cpf_cnpj=${CNPJ}&ambiente=homologacao`;
const list = async (query = '') => (await t.api.get<List>(`${base}&$top=100&$inlinecount=true${query}`)).body;

beforeAll(async () => {
  // Demo notes on: the first use of the inbox seeds them.
  t = await startInbox();
});
afterAll(() => t.close());

describe('GET /distribuicao/nfe/documentos', () => {
  it('seeds demo notes on first use, listed once a request delivered them: summaries, full notes, events', async () => {
    // Only what the service delivered is listed: nothing before the company's first request.
    expect((await list())['@count']).toBe(0);
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    const all = await list();
    conforms('DistribuicaoNfeDocumentoListagem', all);
    expect(all['@count']).toBe(8);
    expect(all.data.map((d) => d.nsu)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const count = (schema: string) => all.data.filter((d) => d.schema === schema).length;
    expect(count('resNFe_v1.01.xsd')).toBe(4);
    expect(count('procNFe_v4.00.xsd')).toBe(2);
    expect(count('resEvento_v1.01.xsd')).toBe(1);
    expect(count('procEventoNFe_v1.00.xsd')).toBe(1);
    // Listing again does not seed twice.
    expect((await list())['@count']).toBe(8);
  });

  it('filters by tipo_documento, forma_distribuicao, chave_acesso and dist_nsu', async () => {
    const notas = await list('&tipo_documento=nota');
    expect(notas.data.every((d) => d.tipo_documento === 'nota')).toBe(true);
    expect(notas['@count']).toBe(6);
    const eventos = await list('&tipo_documento=evento');
    expect(eventos.data.map((d) => d.tipo_evento).sort()).toEqual(['110110', '110111']);
    const resumidas = await list('&forma_distribuicao=resumida');
    expect(resumidas.data.every((d) => d.resumo)).toBe(true);
    expect(resumidas['@count']).toBe(5);
    const completas = await list('&forma_distribuicao=completa&tipo_documento=nota');
    expect(completas.data.map((d) => d.schema)).toEqual(['procNFe_v4.00.xsd', 'procNFe_v4.00.xsd']);
    const chave = completas.data[0]!.chave_acesso;
    const byKey = await list(`&chave_acesso=${chave}`);
    expect(byKey.data.length).toBeGreaterThanOrEqual(1);
    expect(byKey.data.every((d) => d.chave_acesso === chave)).toBe(true);
    expect((await list('&dist_nsu=6')).data.map((d) => d.nsu)).toEqual([8, 7, 6]);
    const page = await t.api.get<List>(`${base}&$top=3&$skip=2`);
    expect(page.body.data.map((d) => d.nsu)).toEqual([6, 5, 4]);
    expect(page.body).not.toHaveProperty('@count');
  });

  it.each([
    ['&tipo_documento=nfe', /tipo_documento/],
    ['&forma_distribuicao=inteira', /forma_distribuicao/],
    ['&chave_acesso=123', /chave_acesso/],
    ['&dist_nsu=abc', /dist_nsu/],
    ['&$top=500', /\$top/],
  ])('refuses %s with a 400', async (query, message) => {
    const res = await t.api.get(`${base}${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(message);
  });

  it('requires cpf_cnpj and ambiente', async () => {
    expect((await t.api.get('/distribuicao/nfe/documentos?ambiente=homologacao')).status).toBe(400);
    expect((await t.api.get(`/distribuicao/nfe/documentos?cpf_cnpj=${CNPJ}`)).status).toBe(400);
    expect((await t.api.get(`/distribuicao/nfe/documentos?cpf_cnpj=${CNPJ}&ambiente=teste`)).status).toBe(
      400,
    );
  });

  it('answers a document, its XML and, for a full note, a readable PDF', async () => {
    const full = (await list('&forma_distribuicao=completa&tipo_documento=nota')).data[0]!;
    const one = await t.api.get<Doc>(`/distribuicao/nfe/documentos/${full.id}`);
    expect(one.body).toEqual(full);
    conforms('DistribuicaoNfeDocumento', one.body);
    const xml = await t.api.get(`/distribuicao/nfe/documentos/${full.id}/xml`);
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    const text = xml.raw.toString('utf8');
    expect(text).toContain(`<chNFe>${full.chave_acesso}</chNFe>`);
    expect(text).toContain('<cStat>100</cStat>');
    const pdf = await t.api.get(`/distribuicao/nfe/documentos/${full.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.raw.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const body = plainPdfLines(pdf.raw).join('\n');
    expect(body).toContain(full.chave_acesso.replace(/(.{4})/g, '$1 ').trim());
    expect(body).toContain('DANFE');
    expect(body).toMatch(/Peso bruto: [\d.]+ kg/);

    const summary = (await list('&forma_distribuicao=resumida&tipo_documento=nota')).data[0]!;
    const resXml = (await t.api.get(`/distribuicao/nfe/documentos/${summary.id}/xml`)).raw.toString('utf8');
    expect(resXml).toContain('<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01">');
    const noPdf = await t.api.get(`/distribuicao/nfe/documentos/${summary.id}/pdf`);
    expect(noPdf.status).toBe(400);
    expect(errorOf(noPdf).message).toMatch(/procNFe/);
    expect((await t.api.get('/distribuicao/nfe/documentos/dnd_nada')).status).toBe(404);
    expect((await t.api.get('/distribuicao/nfe/documentos/..%2Fx/xml')).status).toBe(400);
  });

  it('answers notes without manifestation with the description shape, and empty lists for unknown companies', async () => {
    const res = await t.api.get(
      `/distribuicao/nfe/notas-sem-manifestacao?cpf_cnpj=${CNPJ}&ambiente=homologacao`,
    );
    conforms('DistribuicaoNfeNotaListagem', res.body);
    expect((res.body as List).data).toHaveLength(4);
    const ciencia = await manifest(t, {
      chave_acesso: (res.body as { data: { chave_acesso: string }[] }).data[0]!.chave_acesso,
      tipo_evento: '210210',
    });
    expect(ciencia.body.status).toBe('registrado');
    const other = await t.api.get<List>(
      '/distribuicao/nfe/documentos?cpf_cnpj=11444777000161&ambiente=homologacao',
    );
    expect(other.body.data).toEqual([]);
  });

  it('is guarded by the distribuicao-nfe scope and the control secret', async () => {
    const { client, getToken, control } = await import('../support');
    const narrow = client(t.sandbox.url, await getToken(t.sandbox.url, 'empresa'));
    expect((await narrow.get(`${base}`)).status).toBe(403);
    const denied = await control(t.sandbox.url, 'POST', '/nfe/inject', { cpf_cnpj: CNPJ }, 'wrong');
    expect(denied.status).toBe(401);
    const bad = await t.ctl('POST', '/nfe/inject', {
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      role: 'vendedor',
    });
    expect(bad.status).toBe(400);
    const alnum = await t.ctl('POST', '/nfe/inject', {
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      role: 'destinatario',
      emitente: { cpf_cnpj: '12ABC34501DE35' },
    });
    expect(alnum.status).toBe(400);
    const future = await t.ctl('POST', '/nfe/inject', {
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      role: 'destinatario',
      data_emissao: '2030-01-01T00:00:00Z',
    });
    expect(future.status).toBe(400);
  });

  it('injects notes with the given value, emitter and date', async () => {
    const chaves = await t.inject({
      role: 'destinatario',
      count: 2,
      valor: 4321.09,
      emitente: { cpf_cnpj: '47821365000140', nome_razao_social: 'FORNECEDOR INJETADO LTDA' },
      data_emissao: '2026-11-20T10:00:00-03:00',
    });
    expect(chaves).toHaveLength(2);
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 8 });
    for (const chave of chaves) {
      expect(chave.slice(6, 20)).toBe('47821365000140');
      expect(chave.slice(2, 6)).toBe('2611');
      const [doc] = (await list(`&chave_acesso=${chave}`)).data;
      expect(doc).toMatchObject({
        valor_nfe: 4321.09,
        emitente_nome_razao_social: 'FORNECEDOR INJETADO LTDA',
      });
    }
  });
});
