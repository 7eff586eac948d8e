// MOC CT-e 4.00 Anexo I G002–G005: in homologação the remetente, expedidor, recebedor and
// destinatário are named "CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL" (646–649),
// except in the Regime Especial da NFF. The payload builder fills them; the sandbox rejects a CT-e
// that breaks the rule with the right code.
import { describe, expect, it } from 'vitest';
import { checkHomologacaoNames, HOMOLOGACAO_XNOME } from '../../electron/fiscal/homologacao';
import { buildCtePayload } from '../../electron/fiscal/payload';
import type { JsonObject } from '../../electron/fiscal/payload';
import { issueCte } from '../../electron/sandbox/dfe/issue-cte';
import { ctePedidoEmissao } from '../../electron/fiscal/requests/cte';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { company, cteForm } from './payload/forms';
import { COMPANY_CNPJ, cteBody, NOW, testCredentials } from '../sandbox/dfe/fixtures';

const LITERAL = 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

const ctx = (ambiente: 'homologacao' | 'producao') => ({
  company,
  serie: 1,
  numero: 42,
  ambiente,
  referencia: 'carreta-teste',
  dhEmi: '2026-11-22T10:00:00-03:00',
});

const party = (cpfCnpj: string, xNome: string) => ({
  cpfCnpj,
  xNome,
  endereco: {
    xLgr: 'Rua A',
    nro: '1',
    xBairro: 'Centro',
    cMun: '4106902',
    xMun: 'Curitiba',
    uf: 'PR' as const,
    cep: '80010-000',
  },
});

function names(payload: JsonObject): Record<string, unknown> {
  const inf = payload.infCte as Record<string, { xNome?: string } | undefined>;
  return Object.fromEntries(['rem', 'exped', 'receb', 'dest'].map((g) => [g, inf[g]?.xNome]));
}

describe('payload builder', () => {
  const form = cteFormSchema.parse(
    cteForm({
      expedidor: party('04.252.011/0001-10', 'Expedidor Real Ltda'),
      recebedor: party('04.252.011/0001-10', 'Recebedor Real Ltda'),
    }),
  );

  it('homologação: every present party is named by the literal; the form keeps the real names', () => {
    expect(HOMOLOGACAO_XNOME).toBe(LITERAL);
    const payload = buildCtePayload(form, ctx('homologacao'));
    expect(names(payload)).toEqual({ rem: LITERAL, exped: LITERAL, receb: LITERAL, dest: LITERAL });
    expect(form.remetente?.xNome).toBe('Indústria Remetente Ltda');
    expect(form.destinatario?.xNome).toBe("Joana D'Arc");
  });

  it('produção keeps the names; an absent party stays absent', () => {
    expect(names(buildCtePayload(form, ctx('producao')))).toEqual({
      rem: 'Indústria Remetente Ltda',
      exped: 'Expedidor Real Ltda',
      receb: 'Recebedor Real Ltda',
      dest: "Joana D'Arc",
    });
    const bare = cteFormSchema.parse(cteForm());
    expect(names(buildCtePayload(bare, ctx('homologacao')))).toEqual({
      rem: LITERAL,
      exped: undefined,
      receb: undefined,
      dest: LITERAL,
    });
  });
});

describe('sandbox authority', () => {
  const env = {
    now: NOW,
    companyCpfCnpj: COMPANY_CNPJ,
    emitDefaults: null,
    credentials: testCredentials(),
    protocolSequence: 1,
    findDuplicate: () => null,
  };
  const addr = {
    xLgr: 'Rua A',
    nro: '1',
    xBairro: 'Centro',
    cMun: '4106902',
    xMun: 'Curitiba',
    UF: 'PR' as const,
  };

  function issue(
    edit: (inf: Record<string, unknown>) => void,
    ambiente: 'homologacao' | 'producao' = 'homologacao',
  ) {
    const body = cteBody() as unknown as { ambiente: string; infCte: Record<string, unknown> };
    body.ambiente = ambiente;
    edit(body.infCte);
    return issueCte(ctePedidoEmissao.parse(body), env);
  }

  it.each([
    ['rem', 646, 'remetente'],
    ['exped', 647, 'expedidor'],
    ['receb', 648, 'recebedor'],
    ['dest', 649, 'destinatário'],
  ] as const)('a %s with its real name in homologação is rejected with %i', (group, cStat, role) => {
    const out = issue((inf) => {
      const ender = { rem: 'enderReme', exped: 'enderExped', receb: 'enderReceb', dest: 'enderDest' }[group];
      inf[group] = { CNPJ: '04252011000110', xNome: 'Empresa Real Ltda', [ender]: addr };
      for (const other of ['rem', 'exped', 'receb', 'dest'])
        if (other !== group && inf[other]) (inf[other] as { xNome: string }).xNome = LITERAL;
    });
    expect(out).toMatchObject({ kind: 'answered', status: 'rejeitado' });
    if (out.kind !== 'answered') return;
    expect(out.answer.cStat).toBe(cStat);
    expect(out.answer.xMotivo).toBe(
      `Rejeição: CTe emitido em ambiente de homologação com Razão Social do ${role} diferente de ${LITERAL}`,
    );
  });

  it('the literal is authorized; produção and the NFF regime are not bound by the rule', () => {
    expect(issue(() => undefined)).toMatchObject({ status: 'autorizado' });
    const real = (inf: Record<string, unknown>) => ((inf.dest as { xNome: string }).xNome = 'Empresa Real');
    expect(checkHomologacaoNames('producao', 1, { dest: { xNome: 'Empresa Real' } })).toBeNull();
    expect(checkHomologacaoNames('homologacao', 3, { dest: { xNome: 'Empresa Real' } })).toBeNull();
    const prod = issue(real, 'producao');
    expect(prod.kind === 'answered' && prod.answer.cStat).not.toBe(649);
  });
});
