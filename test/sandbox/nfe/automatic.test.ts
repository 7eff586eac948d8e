// distribuicao_automatica (EmpresaConfigDistribuicaoNfe): the service distributes by itself on the
// sandbox clock, every distribuicao_intervalo_horas, from the last NSU it delivered; its requests
// are listed like the client's, ciencia_automatica applies to what it fetches, and the company's
// documents list shows only what was delivered — so a client just lists them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { CNPJ, advance, startInbox } from './support';
import type { InboxTest } from './support';

let t: InboxTest;
beforeEach(async () => {
  t = await startInbox({ demo: false });
});
afterEach(() => t.close());

type Doc = { nsu: number; schema: string; chave_acesso: string; resumo: boolean };
type List<T> = { '@count'?: number; data: T[] };
const q = `cpf_cnpj=${CNPJ}&ambiente=homologacao`;

const documentos = async () =>
  (await t.api.get<List<Doc>>(`/distribuicao/nfe/documentos?${q}&$top=100&$inlinecount=true`)).body;
const pedidos = async () =>
  (await t.api.get<List<{ tipo_consulta: string; codigo_status: number }>>(`/distribuicao/nfe?${q}&$top=100`))
    .body.data;
const configure = (config: Record<string, unknown>) => t.api.put(`/empresas/${CNPJ}/distnfe`, config);

describe('distribuicao_automatica', () => {
  it('off: nothing is delivered until the company asks', async () => {
    await t.inject({ role: 'transportador', count: 2 });
    await advance(t, 48 * 3600);
    expect((await documentos())['@count']).toBe(0);
    expect(await pedidos()).toEqual([]);
  });

  it('on: the service delivers on its own clock, every distribuicao_intervalo_horas', async () => {
    expect(
      (
        await configure({
          ambiente: 'homologacao',
          distribuicao_automatica: true,
          distribuicao_intervalo_horas: 2,
        })
      ).status,
    ).toBe(200);
    const first = await t.inject({ role: 'transportador', count: 2 });
    // Never run before: the first run is due at once.
    const listed = await documentos();
    expect(listed['@count']).toBe(2);
    expect(listed.data.map((d) => d.chave_acesso).sort()).toEqual([...first].sort());
    expect((await pedidos()).map((p) => [p.tipo_consulta, p.codigo_status])).toEqual([['dist-nsu', 138]]);

    const [later] = await t.inject({ role: 'transportador', count: 1 });
    expect((await documentos())['@count']).toBe(2);
    await advance(t, 3600);
    expect((await documentos())['@count']).toBe(2);
    await advance(t, 3600);
    const after = await documentos();
    expect(after['@count']).toBe(3);
    expect(after.data[0]).toMatchObject({ chave_acesso: later, nsu: 3 });
    // Listing again within the interval sends nothing more.
    expect(await pedidos()).toHaveLength(2);
    await documentos();
    expect(await pedidos()).toHaveLength(2);
  });

  it('with ciencia_automatica, the summaries get ciência and the full notes come with the next run', async () => {
    await configure({
      ambiente: 'homologacao',
      distribuicao_automatica: true,
      distribuicao_intervalo_horas: 1,
      ciencia_automatica: true,
    });
    const chaves = await t.inject({ role: 'destinatario', count: 2 });
    const summaries = (await documentos()).data;
    expect(summaries.every((d) => d.resumo && d.schema === 'resNFe_v1.01.xsd')).toBe(true);
    const events = await t.api.get<List<{ chave_acesso: string; tipo_evento: string }>>(
      `/distribuicao/nfe/manifestacoes?${q}&$top=50`,
    );
    expect(events.body.data.map((e) => [e.tipo_evento, e.chave_acesso]).sort()).toEqual(
      chaves.map((c) => ['210210', c]).sort(),
    );
    await advance(t, 3600);
    const full = (await documentos()).data.filter((d) => d.schema === 'procNFe_v4.00.xsd');
    expect(full.map((d) => d.chave_acesso).sort()).toEqual([...chaves].sort());
  });

  it('set for the other ambiente, it does not distribute this one', async () => {
    await configure({ ambiente: 'producao', distribuicao_automatica: true, distribuicao_intervalo_horas: 1 });
    await t.inject({ role: 'transportador', count: 1 });
    expect((await documentos())['@count']).toBe(0);
    expect(await pedidos()).toEqual([]);
  });
});
