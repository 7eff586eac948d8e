import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CNPJ, distribute, startInbox } from './support';
import type { InboxTest } from './support';

let t: InboxTest;
beforeAll(async () => {
  t = await startInbox({ demo: false });
});
afterAll(() => t.close());

type Doc = { schema: string; chave_acesso: string; tipo_evento: string | null };
const q = `cpf_cnpj=${CNPJ}&ambiente=homologacao`;

describe('ciencia_automatica (EmpresaConfigDistribuicaoNfe)', () => {
  it('is off by default: summaries stay without manifestation', async () => {
    await t.inject({ role: 'destinatario', count: 2 });
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    const pending = await t.api.get<{ data: unknown[] }>(`/distribuicao/nfe/notas-sem-manifestacao?${q}`);
    expect(pending.body.data).toHaveLength(2);
  });

  it('when on, gives ciência to each summary distributed, once, and the full notes follow', async () => {
    const config = await t.api.put(`/empresas/${CNPJ}/distnfe`, {
      ambiente: 'homologacao',
      ciencia_automatica: true,
    });
    expect(config.status).toBe(200);
    const chaves = await t.inject({ role: 'destinatario', count: 3 });
    await t.inject({ role: 'transportador', count: 1 });
    const first = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0, ignorar_tempo_espera: true });
    expect(first.body.codigo_status).toBe(138);
    const events = await t.api.get<{ data: { chave_acesso: string; tipo_evento: string; status: string }[] }>(
      `/distribuicao/nfe/manifestacoes?${q}&$top=50`,
    );
    // The two notes of the first test were distributed again (from NSU 0) and get theirs too.
    expect(events.body.data).toHaveLength(5);
    expect(events.body.data.every((e) => e.tipo_evento === '210210' && e.status === 'registrado')).toBe(true);
    const summaries = (first.body.documentos as Doc[]).filter((d) => d.schema === 'resNFe_v1.01.xsd');
    expect(summaries.map((d) => d.chave_acesso)).toEqual(expect.arrayContaining(chaves));
    expect(new Set(events.body.data.map((e) => e.chave_acesso))).toEqual(
      new Set(summaries.map((d) => d.chave_acesso)),
    );
    // Repeating the answer does not manifest again.
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0, ignorar_tempo_espera: true });
    const again = await t.api.get<{ data: unknown[] }>(`/distribuicao/nfe/manifestacoes?${q}&$top=50`);
    expect(again.body.data).toHaveLength(5);
    const next = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: first.body.ultimo_nsu,
      ignorar_tempo_espera: true,
    });
    const docs = next.body.documentos as Doc[];
    expect(
      docs
        .filter((d) => d.schema === 'procNFe_v4.00.xsd')
        .map((d) => d.chave_acesso)
        .sort(),
    ).toEqual(events.body.data.map((e) => e.chave_acesso).sort());
    expect(docs.filter((d) => d.schema === 'procEventoNFe_v1.00.xsd')).toHaveLength(5);
  });
});
