// One length per field: the layout's (electron/fiscal/lengths.ts) is the form schema's max and the
// screen's maxlength. Pinned to the XSD values, held against the schemas (the length passes, one
// more is refused at the field's path), and no screen writes a maxlength of its own.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { FONE_DIGITS } from '../../electron/fiscal/lengths';
import { LENGTHS } from '../../electron/shared/lengths';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../electron/shared/schemas/cteos-form';
import { cteForm, cteOsForm } from '../fiscal/payload/forms';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function issuesAt(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }, at: string) {
  return (result.error?.issues ?? []).filter((i) => i.path.join('.') === at);
}

describe('field lengths', () => {
  it('are the layout values (cteTiposBasico_v4.00.xsd, mdfeTiposBasico_v3.00.xsd)', () => {
    expect([LENGTHS.xNome, LENGTHS.natOp, LENGTHS.proPred, LENGTHS.xOutCat, LENGTHS.tpMed]).toEqual([
      60, 60, 60, 30, 20,
    ]);
    expect([LENGTHS.xNomeComp, LENGTHS.xCampo, LENGTHS.xTexto, LENGTHS.xTextoFisco]).toEqual([
      15, 20, 160, 60,
    ]);
    expect([LENGTHS.xObs, LENGTHS.infCpl, LENGTHS.xDetRetira, LENGTHS.xDescServ]).toEqual([
      2000, 5000, 160, 30,
    ]);
    expect([LENGTHS.rntrc, LENGTHS.cMun, LENGTHS.cfop, LENGTHS.xProd, LENGTHS.nAver]).toEqual([
      8, 7, 4, 120, 40,
    ]);
    // The authority's xMotivo (TMotivo), the API's company logradouro and prefeitura credentials,
    // and a picked file's name (one path component).
    expect([LENGTHS.xMotivo, LENGTHS.logradouroApi, LENGTHS.credencialPrefeitura, LENGTHS.fileName]).toEqual([
      255, 255, 255, 255,
    ]);
    // As typed, with punctuation: 00.000.000/0000-00, 000.000.000-00, 00000-000, a key in groups of 4.
    expect([LENGTHS.cnpj, LENGTHS.cpf, LENGTHS.cep, LENGTHS.chave]).toEqual([18, 14, 9, 54]);
    expect(FONE_DIGITS).toEqual({
      cte: { min: 6, max: 14 },
      dce: { min: 7, max: 12 },
      empresa: { min: 10, max: 11 },
    });
  });

  it.each([
    ['geral.natOp', LENGTHS.natOp, (v: string) => cteForm({ geral: { ...cteForm().geral, natOp: v } })],
    ['carga.proPred', LENGTHS.proPred, (v: string) => cteForm({ carga: { ...cteForm().carga, proPred: v } })],
    [
      'observacoes.xObs',
      LENGTHS.xObs,
      (v: string) => cteForm({ observacoes: { ...cteForm().observacoes, xObs: v } }),
    ],
  ])('the CT-e form takes %s up to its length and refuses one more', (at, max, form) => {
    expect(issuesAt(cteFormSchema.safeParse(form('a'.repeat(max))), at)).toEqual([]);
    expect(issuesAt(cteFormSchema.safeParse(form('a'.repeat(max + 1))), at)).toHaveLength(1);
  });

  it('the CT-e OS form takes the service description up to its length', () => {
    const form = (v: string) => cteOsForm({ servico: { ...cteOsForm().servico, xDescServ: v } });
    expect(
      issuesAt(cteOsFormSchema.safeParse(form('a'.repeat(LENGTHS.xDescServ))), 'servico.xDescServ'),
    ).toEqual([]);
    expect(
      issuesAt(cteOsFormSchema.safeParse(form('a'.repeat(LENGTHS.xDescServ + 1))), 'servico.xDescServ'),
    ).toHaveLength(1);
  });

  it('no screen writes a maxlength number of its own', () => {
    const literal: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.vue') && /maxlength="\d+"/i.test(readFileSync(file, 'utf8')))
          literal.push(path.relative(root, file));
      }
    };
    walk(path.join(root, 'renderer', 'src'));
    expect(literal).toEqual([]);
  });
});
