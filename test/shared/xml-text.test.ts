// Every form (and event) schema refuses text a fiscal XML cannot carry, at the field that has it,
// saying which character: CT-e, CT-e OS, CT-e Simplificado, DC-e, MDF-e, the company registration
// (it becomes the emitter group), cancellation and correction letters, the MDF-e cancellation.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { companyInputSchema } from '../../electron/shared/schemas/company';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../electron/shared/schemas/cteos-form';
import { cteSimpFormSchema } from '../../electron/shared/schemas/cte-simp-form';
import { dceFormSchema } from '../../electron/shared/schemas/dce-form';
import { cancelInputSchema, correctInputSchema } from '../../electron/shared/schemas/issuing';
import { mdfeCancelInputSchema } from '../../electron/shared/schemas/mdfe';
import { mdfeFormSchema } from '../../electron/shared/schemas/mdfe-form';
import { validateCte, emptyCteDraft } from '../../renderer/src/views/emitir-cte/form-model';
import { dceForm } from '../app/dce/fixtures';
import { cteSimpForm } from '../fiscal/payload/cte-simp-forms';
import { cteForm, cteOsForm } from '../fiscal/payload/forms';
import { mdfeForm } from '../fiscal/payload/mdfe-forms';

function issuesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const BELL = '\u0007';

describe('the form schemas refuse characters XML 1.0 does not allow, at the field', () => {
  it('CT-e: the remetente’s name and an observation; a clean form passes', () => {
    expect(issuesOf(cteFormSchema, cteForm())).toEqual({});
    const base = cteForm();
    const form = {
      ...base,
      remetente: { ...base.remetente!, xNome: `Indústria${BELL} Remetente` },
      observacoes: { xObs: 'Entregar\uFFFF cedo', obsCont: [] },
    };
    expect(issuesOf(cteFormSchema, form)).toEqual({
      'remetente.xNome':
        'o caractere de controle U+0007 (posição 10) não é aceito no documento fiscal: apague-o (costuma vir de texto colado)',
      'observacoes.xObs':
        'o caractere inválido U+FFFF (posição 9) não é aceito no documento fiscal: apague-o (costuma vir de texto colado)',
    });
  });

  it('CT-e OS, CT-e Simplificado, DC-e and MDF-e', () => {
    const os = cteOsForm();
    expect(
      Object.keys(issuesOf(cteOsFormSchema, { ...os, servico: { ...os.servico, xDescServ: `Fret${BELL}` } })),
    ).toEqual(['servico.xDescServ']);
    const simp = cteSimpForm();
    expect(
      Object.keys(issuesOf(cteSimpFormSchema, { ...simp, geral: { ...simp.geral, natOp: 'Presta\uD800' } })),
    ).toEqual(['geral.natOp']);
    const dce = dceForm();
    expect(
      Object.keys(issuesOf(dceFormSchema, { ...dce, itens: [{ ...dce.itens![0]!, xProd: `Livro${BELL}` }] })),
    ).toEqual(['itens.0.xProd']);
    const mdfe = mdfeForm();
    expect(Object.keys(issuesOf(mdfeFormSchema, { ...mdfe, infCpl: `Obs${BELL}` }))).toEqual(['infCpl']);
  });

  it('events and the company registration', () => {
    expect(
      Object.keys(
        issuesOf(cancelInputSchema, { kind: 'cte', id: 'x', justificativa: `Frete em duplicidade${BELL}!!` }),
      ),
    ).toEqual(['justificativa']);
    expect(
      Object.keys(
        issuesOf(correctInputSchema, {
          kind: 'cte',
          id: 'x',
          correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'novo\uFFFE' }],
        }),
      ),
    ).toEqual(['correcoes.0.valor_alterado']);
    expect(
      Object.keys(issuesOf(mdfeCancelInputSchema, { id: 7, justificativa: `Viagem cancelada${BELL} hoje` })),
    ).toEqual(['justificativa']);
    const company = {
      cpf_cnpj: '11222333000181',
      nome_razao_social: `Transportes${BELL} Teste`,
      email: 'a@b.com.br',
      endereco: {
        logradouro: 'Av. Brasil',
        numero: '1',
        bairro: 'Centro',
        codigo_municipio: '4106902',
        cidade: 'Curitiba',
        uf: 'PR',
        cep: '80000000',
      },
    };
    expect(Object.keys(issuesOf(companyInputSchema, company))).toEqual(['nome_razao_social']);
  });

  it('the CT-e form shows it while the clerk types, before the rest is filled', () => {
    const draft = emptyCteDraft();
    draft.remetente.xNome = `Nome${BELL}`;
    expect(validateCte(draft)['remetente.xNome']).toMatch(/^o caractere de controle U\+0007 \(posição 5\)/);
  });
});
