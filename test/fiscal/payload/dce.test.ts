// The DC-e form schema (Portuguese messages, stable paths) and the payload builder against the
// sandbox's DcePedidoEmissao rules (written from the API description and dce_v1.00.xsd).
import { describe, expect, it } from 'vitest';

import { buildDcePayload, dceTotal, itemTotal } from '../../../electron/fiscal/payload/dce';
import type { JsonObject } from '../../../electron/fiscal/payload';
import { dcePedidoEmissao } from '../../../electron/fiscal/requests/dce';
import { dceFormSchema } from '../../../electron/shared/schemas/dce-form';
import { dceForm } from '../../app/dce/fixtures';
import { company } from './forms';

const ctx = {
  company,
  serie: 3,
  numero: 42,
  ambiente: 'homologacao' as const,
  referencia: 'carreta-dce-test',
  dhEmi: '2026-11-22T09:30:00-03:00',
};

function issues(input: unknown): Record<string, string> {
  const r = dceFormSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('DC-e form schema', () => {
  it('normalizes documents, CEP and UF', () => {
    const form = dceFormSchema.parse(dceForm());
    expect(form.remetente.cpfCnpj).toBe('12345678909');
    expect(form.destinatario.cpfCnpj).toBe('11444777000161');
    expect(form.remetente.endereco.cep).toBe('80010000');
    expect(form.remetente.endereco.uf).toBe('PR');
    expect(form.itens[1]!.ncm).toBe('69120000');
  });

  it('reports Portuguese messages on stable paths', () => {
    const base = dceForm();
    const bad = issues({
      ...base,
      remetente: { ...base.remetente, cpfCnpj: '123.456.789-00' },
      destinatario: {
        ...base.destinatario,
        endereco: { ...base.destinatario.endereco, cMun: '4106902', cep: '' },
      },
      itens: [{ xProd: '', ncm: '123', qCom: 0, vUnCom: 1.234 }],
    });
    expect(bad['remetente.cpfCnpj']).toMatch(/CPF ou CNPJ inválido/);
    expect(bad['destinatario.endereco.cMun']).toMatch(/não pertence à UF SP/);
    expect(bad['destinatario.endereco.cep']).toBe('informe o CEP');
    expect(bad['itens.0.xProd']).toMatch(/informe a descrição/);
    expect(bad['itens.0.ncm']).toMatch(/capítulo \(2 dígitos\)/);
    expect(bad['itens.0.qCom']).toMatch(/maior que zero/);
    expect(bad['itens.0.vUnCom']).toMatch(/duas casas/);
    expect(issues({ ...base, itens: [] }).itens).toMatch(/ao menos um item/);
    const empty = issues({
      ...base,
      remetente: { ...base.remetente, xNome: ' ', endereco: { ...base.remetente.endereco, uf: '' } },
    });
    expect(empty['remetente.xNome']).toBe('informe o nome');
    expect(empty['remetente.endereco.uf']).toBe('informe a UF');
    expect(issues({ ...base, remetente: { ...base.remetente, xNome: 'M' } })['remetente.xNome']).toMatch(
      /ao menos 2/,
    );
  });

  it('refuses an alphanumeric CNPJ (DC-e 1.00) and a foreign UF', () => {
    const base = dceForm();
    expect(
      issues({ ...base, remetente: { ...base.remetente, cpfCnpj: '12.ABC.345/01DE-35' } })[
        'remetente.cpfCnpj'
      ],
    ).toBeTruthy();
    const ex = issues({
      ...base,
      remetente: { ...base.remetente, endereco: { ...base.remetente.endereco, uf: 'EX' } },
    });
    expect(ex['remetente.endereco.uf']).toMatch(/UF inválida/);
  });
});

describe('DC-e payload', () => {
  it('totals: each item rounded, then summed', () => {
    expect(itemTotal({ qCom: 2.5, vUnCom: 7.33 })).toBe(18.33);
    expect(
      dceTotal([
        { qCom: 3, vUnCom: 12.5 },
        { qCom: 2.5, vUnCom: 7.33 },
      ]),
    ).toBe(55.83);
  });

  it('the carrier issues as Transportadora (tpEmit 3) for the remetente', () => {
    const payload = buildDcePayload(dceFormSchema.parse(dceForm()), ctx);
    const inf = payload.infDCe as JsonObject;
    expect(inf.ide).toMatchObject({ cUF: 41, serie: 3, nDC: 42, tpEmit: 3, tpEmis: 1, dhEmi: ctx.dhEmi });
    expect(inf.Transportadora).toEqual({ CNPJ: company.cpf_cnpj, xNome: company.nome_razao_social });
    expect(inf.transp).toEqual({ modTrans: 2, CNPJTransp: company.cpf_cnpj });
    expect(inf.emit).toMatchObject({ CPF: '12345678909', xNome: 'Maria Remetente' });
    expect(inf.dest).toMatchObject({ CNPJ: '11444777000161' });
    expect((inf.dest as JsonObject).enderDest).toMatchObject({
      email: 'compras@destino.example',
      cPais: '1058',
    });
    expect((inf.emit as JsonObject).enderEmit).not.toHaveProperty('email');
    expect(inf.total).toEqual({ vDC: 55.83 });
    expect((inf.det as JsonObject[]).map((d) => d.nItem)).toEqual([1, 2]);
    expect(inf.infAdic).toEqual({ infCpl: 'Entregar em horário comercial.' });
    expect(payload.infSolicDCe).toHaveProperty('xSolic');
    expect(payload.referencia).toBe(ctx.referencia);
  });

  it('passes the sandbox request schema; a broken payload does not', () => {
    const payload = buildDcePayload(dceFormSchema.parse(dceForm()), ctx);
    const ok = dcePedidoEmissao.safeParse(payload);
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    const broken = structuredClone(payload);
    delete (broken.infDCe as JsonObject).Transportadora;
    expect(dcePedidoEmissao.safeParse(broken).success).toBe(false);
  });
});
